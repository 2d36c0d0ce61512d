// `node bench/signin-timing.mjs` (also section `signin` of `npm run bench`): the median time of a
// sign-in with an unknown username beside one with a known username and a wrong password, 200
// tries each, interleaved, against the app in this process (no network), with production argon2id
// cost; then the same for staff sign-in (an unknown name, a disabled account, a wrong password,
// each try from an address of its own, decision 0019). Every refusal must answer 999 in about the
// same time, so the timing does not tell which usernames exist; the target is a difference under
// 5 ms. It prints the figures and asserts nothing.
import { pathToFileURL } from 'node:url';
import { bundle } from './bundle.mjs';

const TRIES = 200;
const WARM_UP = 20;

const outfile = await bundle('signin-app');
const { signInBenchApp } = await import(pathToFileURL(outfile).href);

const bench = await signInBenchApp();
const { app } = bench;
await bench.addMember('benchknown', 'rightpass1');
const signature = (await app.inject({ method: 'GET', url: '/api/clientSignature' })).json().result.period
  .clientSignature;

async function timeSignIn(username, password, expectedCode) {
  const started = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: '/api/external/auth/auth',
    headers: { 'content-type': 'application/json', 'x-client-signature': signature },
    payload: JSON.stringify({ username, password }),
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const code = res.json().code;
  if (code !== expectedCode) throw new Error(`sign-in answered ${code}, expected ${expectedCode}`);
  return ms;
}

const cases = {
  unknown: () => timeSignIn(`nobody${Math.random().toString(36).slice(2, 10)}`, 'wrongpass1', 999),
  known: () => timeSignIn('benchknown', 'wrongpass1', 999),
  success: () => timeSignIn('benchknown', 'rightpass1', 0),
};
const times = { unknown: [], known: [], success: [] };
for (let i = 0; i < WARM_UP; i++) for (const run of Object.values(cases)) await run();
for (let i = 0; i < TRIES; i++) {
  // Interleaved, so drift in machine load affects every case alike.
  for (const [name, run] of Object.entries(cases)) times[name].push(await run());
}
let address = 0;
/** A staff sign-in refused with 999, from a client address never used before. */
async function timeStaffSignIn(username, password) {
  address += 1;
  const started = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.json().code !== 999) throw new Error(`staff sign-in answered ${res.json().code}, expected 999`);
  return ms;
}
await bench.addStaff('benchstaff', 'staff-password-1');
await bench.addStaff('benchdisabled', 'staff-password-1', true);
const staffCases = {
  unknown: () => timeStaffSignIn(`nobody${Math.random().toString(36).slice(2, 10)}`, 'staff-password-1'),
  disabled: () => timeStaffSignIn('benchdisabled', 'staff-password-1'),
  wrong: () => timeStaffSignIn('benchstaff', 'wrong-password-1'),
};
const staffTimes = { unknown: [], disabled: [], wrong: [] };
for (let i = 0; i < WARM_UP; i++) for (const run of Object.values(staffCases)) await run();
for (let i = 0; i < TRIES; i++) {
  for (const [name, run] of Object.entries(staffCases)) staffTimes[name].push(await run());
}
await bench.close();

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (ms) => `${ms.toFixed(2)} ms`;
const unknown = median(times.unknown);
const known = median(times.known);
console.log(`argon2id ${bench.argon2}, ${TRIES} tries each after ${WARM_UP} warm-up, in process`);
console.log(`median sign-in, unknown username:              ${fmt(unknown)}`);
console.log(`median sign-in, known username, wrong password: ${fmt(known)}`);
console.log(`difference (known - unknown):                   ${fmt(known - unknown)}`);
console.log(
  `target: under 5 ms apart:                       ${Math.abs(known - unknown) < 5 ? 'met' : 'NOT met'}`,
);
console.log(`(for reference) median successful sign-in:      ${fmt(median(times.success))}`);
const staffMedians = Object.fromEntries(
  Object.entries(staffTimes).map(([name, list]) => [name, median(list)]),
);
const staffSpread = Math.max(...Object.values(staffMedians)) - Math.min(...Object.values(staffMedians));
console.log(`median staff sign-in, unknown name:              ${fmt(staffMedians.unknown)}`);
console.log(`median staff sign-in, disabled account:          ${fmt(staffMedians.disabled)}`);
console.log(`median staff sign-in, wrong password:            ${fmt(staffMedians.wrong)}`);
console.log(
  `target: staff medians under 5 ms apart:          ${staffSpread < 5 ? 'met' : 'NOT met'} (${fmt(staffSpread)})`,
);
