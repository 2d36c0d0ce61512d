import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { enrolledStaff, STAFF_PASSWORD } from '../../../test/staff.ts';
import { hashToken } from '../sessions/index.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

/**
 * Whether a staff username exists must not show in how long its refusal takes: an unknown name
 * (with or without a device cookie), a disabled account and a wrong password get the same argon2
 * check and the same statements and writes (decision 0019). Medians of interleaved tries from
 * fresh addresses, compared as ratios: no absolute time. Before, an unknown name's median was 0.43
 * to 0.62 of a wrong password's (on PGlite and PostgreSQL alike); now they are within a few per
 * cent, and the tolerance is the noise of a machine loaded many times over.
 */

const LOGIN = '/api/admin/auth/login';
const ROUNDS = 100;
/** Past the first ten, guesses at an account from new addresses no longer count against it. */
const WARM_UP = 15;
/** How far apart two medians may be: the noise of a busy shared machine, not a difference of work. */
const TOLERANCE = 1.35;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterAll(() => app.close());

let n = 0;
/** A client address never used before: every try is the first of its address. */
const freshAddress = () => {
  n += 1;
  return `203.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

/** How long a refused sign-in takes, in milliseconds. */
async function refusal(body: { username: string; password: string }, cookie?: string): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: LOGIN,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
    remoteAddress: freshAddress(),
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  expect(res.json().code).toBe(E.BAD_CREDENTIALS.code);
  return ms;
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

describe('staff sign-in refusals take as long whether or not the name exists', () => {
  it('rule: medians for an unknown name (with and without a device cookie), a disabled account and a wrong password are within a tolerance ratio', async () => {
    const staff = await enrolledStaff(app);
    const disabled = await enrolledStaff(app);
    // Both signed in before, as a desk's accounts have: guesses from new addresses count against them too.
    await app.database.db
      .updateTable('staff')
      .set({ last_login_at: new Date() })
      .where('id', 'in', [staff.id, disabled.id])
      .execute();
    await app.database.db
      .updateTable('staff')
      .set({ disabled: true })
      .where('id', '=', disabled.id)
      .execute();
    // A device cookie of an account, as its browser sends it with any name typed there.
    const token = 'd'.repeat(43);
    await app.database.db
      .insertInto('staff_devices')
      .values({ staff_id: staff.id, token_hash: hashToken(token), signed_in_at: new Date() })
      .execute();
    const someDevice = `${DEVICE_COOKIE}=${token}`;
    const kinds: Record<string, () => Promise<number>> = {
      unknown: () => refusal({ username: unique('nobody').slice(0, 20), password: STAFF_PASSWORD }),
      unknownWithDevice: () =>
        refusal({ username: unique('nobody').slice(0, 20), password: STAFF_PASSWORD }, someDevice),
      disabled: () => refusal({ username: disabled.username, password: STAFF_PASSWORD }),
      wrongPassword: () => refusal({ username: staff.username, password: 'wrong-password-1' }),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
    for (let i = 0; i < WARM_UP; i++) for (const run of Object.values(kinds)) await run();
    for (let i = 0; i < ROUNDS; i++) {
      // Interleaved, in a new order each round, so the machine's load changes every kind alike.
      const order = Object.keys(kinds).sort(() => Math.random() - 0.5);
      for (const kind of order) times[kind]?.push(await (kinds[kind] as () => Promise<number>)());
    }
    const medians = Object.fromEntries(Object.entries(times).map(([kind, list]) => [kind, median(list)]));
    const wrong = medians.wrongPassword as number;
    for (const [kind, value] of Object.entries(medians)) {
      const ratio = value / wrong;
      expect(ratio, `${kind}: ${JSON.stringify(medians)}`).toBeLessThan(TOLERANCE);
      expect(ratio, `${kind}: ${JSON.stringify(medians)}`).toBeGreaterThan(1 / TOLERANCE);
    }
  }, 120_000);
});
