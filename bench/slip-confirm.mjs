// Part of section (i) of `npm run bench`: a cash deposit confirmed with a 2 MB slip photo. The
// confirm checks, re-encodes and stores the slip and answers; the slip's QR code is read after the
// answer (decision 0062). Measures, on a fresh API (PGlite, or PostgreSQL with BENCH_DATABASE_URL):
// the confirm's answer time for a ~2 MB JPEG slip against its 1 s target, and how long after the
// answer a staff member opening the order sees the slip's QR read.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { cpuMs } from './load.mjs';
import { ADMIN, adminToken, call, verifiedMember } from './orders.mjs';
import { repoRoot, startApi } from './processes.mjs';

const RUNS = 5;
const TARGET_MS = 1000;

/** A phone photo of a slip: 1,920 x 2,560 of paper grain with a QR code, about 2 MB as JPEG. */
async function slipPhoto(payload) {
  const qr = await QRCode.toBuffer(payload, { width: 360, margin: 2 });
  const jpeg = await sharp({
    create: {
      width: 1920,
      height: 2560,
      channels: 3,
      background: '#eee',
      noise: { type: 'gaussian', mean: 200, sigma: 24 },
    },
  })
    .composite([{ input: qr, top: 1900, left: 1300 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return jpeg;
}

export async function measureSlipConfirm(postgresUrl) {
  const api = await startApi({
    postgresUrl,
    prepare: (env) =>
      execFileSync(
        process.execPath,
        ['apps/api/dist/desk.js', 'staff:create', ADMIN.username, '--role', 'admin', '--password-stdin'],
        {
          cwd: repoRoot,
          env: { ...process.env, ...env },
          input: `${ADMIN.password}\n`,
          stdio: ['pipe', 'ignore', 'pipe'],
        },
      ),
  });
  try {
    const url = api.url;
    const admin = await adminToken(url);
    await call(url, '/api/admin/settings', { token: admin, body: { key: 'openOrderCap', value: RUNS + 1 } });
    const photo = (
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0b5d4b' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const token = await verifiedMember(url, admin, photo);
    const { usdtAddresses } = await call(url, '/api/external/user/profile', { token, body: {} });
    const { buyRate } = await call(url, '/api/external/home/getRate', { body: {} });
    const answers = [];
    const cpu = [];
    const reads = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const slip = await slipPhoto(`bench-slip-${Date.now()}-${i}`);
      bytes = slip.length;
      const order = await call(url, '/api/external/transaction/createTransaction', {
        token,
        body: { type: 'buy', amountThb: '5000.00', rate: buyRate, usdtAddressId: usdtAddresses[0].id },
      });
      const startCpu = cpuMs(api.pid);
      const start = performance.now();
      await call(url, '/api/external/transaction/confrimTransaction', {
        token,
        body: {
          id: order.id,
          method: 'cash_deposit',
          depositAmount: '5000.00',
          depositAt: new Date().toISOString(),
          slipImage: slip.toString('base64'),
        },
      });
      const answered = performance.now();
      answers.push(answered - start);
      cpu.push(cpuMs(api.pid) - startCpu);
      // Staff opening the order wait for its QR read.
      await call(url, `/api/admin/orders/${order.id}`, { token: admin, method: 'GET' });
      reads.push(performance.now() - answered);
    }
    return { database: postgresUrl ? 'PostgreSQL' : 'PGlite', bytes, answers, cpu, reads };
  } finally {
    await api.stop();
  }
}

const ms = (v) => `${Math.round(v)} ms`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function printSlipConfirm({ database, bytes, answers, cpu, reads }) {
  const p50 = median(answers);
  const cpu50 = median(cpu);
  const worst = Math.max(...answers);
  console.log(
    `\nA cash deposit confirmed with a ${(bytes / 1024 / 1024).toFixed(2)} MB JPEG slip (1,920 x 2,560, with a QR code), ${database}, ${answers.length} runs, loopback:\n`,
  );
  console.log('| measure | p50 | worst | target | verdict |\n|---|---|---|---|---|');
  console.log(
    `| confrimTransaction answered (slip checked, re-encoded, stored) | ${ms(p50)} | ${ms(worst)} | under ${ms(TARGET_MS)} | ${p50 < TARGET_MS ? 'met' : 'NOT met'} |`,
  );
  console.log(
    `| the server's CPU time for that answer (the figure on a busy machine) | ${ms(cpu50)} | ${ms(Math.max(...cpu))} | under ${ms(TARGET_MS)} | ${cpu50 < TARGET_MS ? 'met' : 'NOT met'} |`,
  );
  console.log(
    `| the QR read, after the answer (staff opening the order wait for it) | ${ms(median(reads))} | ${ms(Math.max(...reads))} | none (not on the member's path) | - |`,
  );
}
