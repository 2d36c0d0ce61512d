// Part of section (i) of `npm run bench`: what eight members uploading at once cost everyone else.
// The built server on a fresh database; eight members, each from an address of its own (the server
// trusts one proxy hop, so X-Forwarded-For names the address), send uploadKyc at the same moment
// with four worst-case images each, while one more member signs in again and again. Printed: the
// sign-in p50 against the same server idle, before and after (target at most 2x), and the server's
// peak resident memory (VmHWM, target under 400 MB), each with its verdict, for two images:
// - the case: a 235 KB JPEG of 40 megapixels (refused from its header now);
// - the costliest image that passes: 4,096 x 3,072 px of two grey levels as a 1.7 MB PNG, whose
//   re-encoding is the slowest per byte that was found (decision 0048).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { signUpMember, startApi } from './processes.mjs';

const UPLOADERS = 8;
const IDLE_SIGN_INS = 30;
/** Fewer sign-ins than this during the uploads give no verdict: the uploads were over too soon. */
const MIN_LOADED_SIGN_INS = 5;
const SIGN_IN_RATIO_TARGET = 2;
const PEAK_RSS_TARGET_MB = 400;
const SIGN_IN = { password: 'benchpass1' };
const SLOTS = ['passportImage', 'holdingPassportImage', 'screenshot1Image', 'screenshot2Image'];

async function fortyMegapixelJpeg() {
  return sharp({ create: { width: 7000, height: 5700, channels: 3, background: '#2a6' } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** 4,096 x 3,072 px, one pixel in eight light, the rest dark: 1.7 MB as a PNG. */
async function twoGreyLevelPng() {
  const width = 4096;
  const height = 3072;
  const noise = randomBytes(width * height);
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (noise[i] & 7) === 0 ? 200 : 40;
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .toColourspace('srgb')
    .png({ compressionLevel: 6 })
    .toBuffer();
}

async function post(url, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function signInOnce(url, username) {
  const signature = await fetch(`${url}/api/clientSignature`).then((r) => r.json());
  const start = performance.now();
  const answer = await post(
    url,
    '/api/external/auth/auth',
    { username, password: SIGN_IN.password },
    { 'x-client-signature': signature.result.period.clientSignature },
  );
  const ms = performance.now() - start;
  if (answer.code !== 0) throw new Error(`sign-in answered ${answer.code}`);
  return ms;
}

const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Resident memory of a process now and at its highest so far, in MB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** One run on a fresh server: idle sign-ins, then eight uploads of `image` with sign-ins beside them. */
async function measureOne(image, postgresUrl) {
  const api = await startApi({ postgresUrl, env: { TRUST_PROXY: '1' } });
  try {
    const signer = await signUpMember(api.url);
    const { username } = (
      await post(api.url, '/api/external/user/profile', {}, { authorization: `Bearer ${signer}` })
    ).result.period;
    const uploaders = [];
    for (let i = 0; i < UPLOADERS; i++) uploaders.push(await signUpMember(api.url));
    await signInOnce(api.url, username);
    // Idle sign-ins before and after the uploads: the machine's other work changes meanwhile.
    const idle = [];
    const idleSignIns = async () => {
      for (let i = 0; i < IDLE_SIGN_INS; i++) idle.push(await signInOnce(api.url, username));
    };
    await idleSignIns();
    const before = memoryOf(api.pid);

    const base64 = image.toString('base64');
    const body = Object.fromEntries(SLOTS.map((slot) => [slot, base64]));
    const codes = {};
    const started = performance.now();
    let running = UPLOADERS;
    const uploads = uploaders.map((token, i) =>
      post(api.url, '/api/external/user/uploadKyc', body, {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': `203.0.113.${i + 1}`,
      })
        .then((answer) => {
          codes[answer.code] = (codes[answer.code] ?? 0) + 1;
        })
        .finally(() => {
          running--;
        }),
    );
    const loaded = [];
    while (running > 0) loaded.push(await signInOnce(api.url, username));
    await Promise.all(uploads);
    const seconds = (performance.now() - started) / 1000;
    const after = memoryOf(api.pid);
    await idleSignIns();
    return { idle, loaded, seconds, codes, before, after };
  } finally {
    await api.stop();
  }
}

/** On a fresh PostgreSQL database beside `postgresUrl` when given, else on a fresh PGlite folder. */
export async function measureUploadLoad(postgresUrl) {
  const runs = [];
  for (const [name, make] of [
    ['JPEG of 7,000 x 5,700 px', fortyMegapixelJpeg],
    ['PNG of 4,096 x 3,072 px, two grey levels', twoGreyLevelPng],
  ]) {
    const image = await make();
    runs.push({ name, bytes: image.length, ...(await measureOne(image, postgresUrl)) });
  }
  return { database: postgresUrl ? 'PostgreSQL' : 'PGlite, in the server process', runs };
}

export function printUploadLoad({ database, runs }) {
  console.log(
    `\nEight members upload at once (uploadKyc, four copies of the image each, eight addresses), while one more member signs in again and again; a fresh server per image, on ${database}. The machine is shared: other work runs beside the bench.\n`,
  );
  console.log(
    '| image | uploads answered | sign-in p50 idle | sign-in p50 under uploads (n) | ratio (target at most 2x) | peak RSS (target under 400 MB) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const run of runs) {
    const idle = p50(run.idle);
    const loaded = p50(run.loaded);
    const ratio = loaded / idle;
    const ratioVerdict =
      run.loaded.length < MIN_LOADED_SIGN_INS
        ? 'no verdict: the uploads were over before 5 sign-ins'
        : ratio <= SIGN_IN_RATIO_TARGET
          ? 'met'
          : 'MISSED';
    const codes = Object.entries(run.codes)
      .map(([code, n]) => `${n} x ${code}`)
      .join(', ');
    console.log(
      `| ${run.name} (${(run.bytes / 1024).toFixed(0)} KB) | ${codes} in ${run.seconds.toFixed(1)} s | ${idle.toFixed(0)} ms | ${loaded.toFixed(0)} ms (${run.loaded.length}) | ${ratio.toFixed(2)}x ${ratioVerdict} | ${run.after.peak.toFixed(0)} MB (${run.before.rss.toFixed(0)} MB before) ${run.after.peak < PEAK_RSS_TARGET_MB ? 'met' : 'MISSED'} |`,
    );
  }
}
