import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createMember, post, signIn } from '../../../test/members.ts';
import { OTP_PURPOSE, TICKET_PURPOSE } from '../password-reset/index.ts';
import { KEEP, pruneExpired, schedulePruning } from './prune.ts';

const LOGOUT = '/api/external/auth/logout';
const DAY_MS = 24 * 60 * 60_000;

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterAll(() => app.close());

const ago = (ms: number) => new Date(Date.now() - ms);

async function sessionsOf(memberId: number) {
  return app.database.db
    .selectFrom('member_sessions')
    .select(['id', 'expires_at', 'revoked_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

describe('pruning keeps what still means something and deletes what no longer does', () => {
  it('an ended session is kept a week (its token still gets 501 or 502), then deleted', async () => {
    const m = await createMember(app);
    const live = await signIn(app, m.username, m.password);
    const revokedLately = await signIn(app, m.username, m.password);
    const expiredLately = await signIn(app, m.username, m.password);
    const revokedLongAgo = await signIn(app, m.username, m.password);
    const expiredLongAgo = await signIn(app, m.username, m.password);
    const [, s2, s3, s4, s5] = await sessionsOf(m.id);
    const set = (id: number | undefined, values: { revoked_at?: Date; expires_at?: Date }) =>
      app.database.db
        .updateTable('member_sessions')
        .set(values)
        .where('id', '=', id ?? 0)
        .execute();
    await set(s2?.id, { revoked_at: ago(KEEP.endedSessionMs - DAY_MS) });
    await set(s3?.id, { expires_at: ago(KEEP.endedSessionMs - DAY_MS) });
    await set(s4?.id, { revoked_at: ago(KEEP.endedSessionMs + DAY_MS) });
    await set(s5?.id, { expires_at: ago(KEEP.endedSessionMs + DAY_MS) });

    const pruned = await pruneExpired(app.database.db);

    expect(pruned.memberSessions).toBeGreaterThanOrEqual(2);
    expect(await sessionsOf(m.id)).toHaveLength(3);
    expect((await post(app, '/api/external/user/profile', {}, { token: live })).body.code).toBe(0);
    expect((await post(app, LOGOUT, {}, { token: revokedLately })).body.code).toBe(502);
    expect((await post(app, LOGOUT, {}, { token: expiredLately })).body.code).toBe(501);
    expect((await post(app, LOGOUT, {}, { token: revokedLongAgo })).body.code).toBe(500);
    expect((await post(app, LOGOUT, {}, { token: expiredLongAgo })).body.code).toBe(500);
  });

  it('an OTP or reset ticket is kept a day after it expired, then deleted', async () => {
    const m = await createMember(app);
    const row = (expiresAgoMs: number, purpose: typeof OTP_PURPOSE | typeof TICKET_PURPOSE) => ({
      member_id: m.id,
      purpose,
      channel: 'email' as const,
      code_hash: unique('h'),
      expires_at: ago(expiresAgoMs),
      created_at: ago(expiresAgoMs + 5 * 60_000),
    });
    await app.database.db
      .insertInto('otp_codes')
      .values([
        row(KEEP.otpMs - 60_000, OTP_PURPOSE),
        row(KEEP.otpMs + 60_000, OTP_PURPOSE),
        row(KEEP.otpMs + 60_000, TICKET_PURPOSE),
        row(-5 * 60_000, OTP_PURPOSE),
      ])
      .execute();

    await pruneExpired(app.database.db);

    const left = await app.database.db
      .selectFrom('otp_codes')
      .select('expires_at')
      .where('member_id', '=', m.id)
      .execute();
    expect(left).toHaveLength(2);
    for (const { expires_at } of left)
      expect(expires_at.getTime()).toBeGreaterThan(ago(KEEP.otpMs).getTime());
  });

  it('a ban that has ended is deleted; one still running is kept', async () => {
    const ended = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const running = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}::`;
    await app.database.db
      .insertInto('ip_bans')
      .values([
        { ip: ended, until: ago(1000), reason: 'test' },
        { ip: running, until: ago(-60 * 60_000), reason: 'test' },
      ])
      .execute();

    await pruneExpired(app.database.db);

    const left = await app.database.db
      .selectFrom('ip_bans')
      .select('ip')
      .where('ip', 'in', [ended, running])
      .execute();
    expect(left.map((r) => r.ip)).toEqual([running]);
    await app.database.db.deleteFrom('ip_bans').where('ip', '=', running).execute();
  });
});

describe('staff sign-in addresses', () => {
  it('one whose window has passed goes, unless the account signed in from it lately', async () => {
    const id = await app.services.staff.create(
      { type: 'system', id: null },
      { username: `p${Date.now()}`.slice(0, 20), password: 'staff-password-1', role: 'viewer' },
    );
    const old = ago(16 * 60_000);
    await app.database.db
      .insertInto('staff_sign_in_addresses')
      .values([
        { staff_id: id, ip: '192.0.2.1', attempts: 5, window_started_at: old },
        { staff_id: id, ip: '192.0.2.2', attempts: 0, window_started_at: old, signed_in_at: ago(DAY_MS) },
        {
          staff_id: id,
          ip: '192.0.2.3',
          attempts: 0,
          window_started_at: old,
          signed_in_at: ago(31 * DAY_MS),
        },
        { staff_id: id, ip: '192.0.2.4', attempts: 2, window_started_at: ago(60_000) },
      ])
      .execute();

    await pruneExpired(app.database.db);

    const left = await app.database.db
      .selectFrom('staff_sign_in_addresses')
      .select('ip')
      .where('staff_id', '=', id)
      .orderBy('ip')
      .execute();
    expect(left.map((r) => r.ip)).toEqual(['192.0.2.2', '192.0.2.4']);
  });

  it('a sign-in count goes once its window has passed; a device once it has not signed in for 90 days', async () => {
    const name = unique('p');
    const id = await app.services.staff.create(
      { type: 'system', id: null },
      { username: name.slice(0, 20), password: 'staff-password-1', role: 'viewer' },
    );
    await app.database.db
      .insertInto('staff_sign_in_attempts')
      .values([
        { name, source: 'ip:192.0.2.1', attempts: 5, window_started_at: ago(16 * 60_000) },
        { name, source: 'ip:192.0.2.2', attempts: 5, window_started_at: ago(14 * 60_000) },
      ])
      .execute();
    await app.database.db
      .insertInto('staff_devices')
      .values([
        { staff_id: id, token_hash: unique('old'), signed_in_at: ago(91 * DAY_MS) },
        { staff_id: id, token_hash: unique('new'), signed_in_at: ago(89 * DAY_MS) },
      ])
      .execute();

    await pruneExpired(app.database.db);

    const counts = await app.database.db
      .selectFrom('staff_sign_in_attempts')
      .select('source')
      .where('name', '=', name)
      .execute();
    expect(counts).toEqual([{ source: 'ip:192.0.2.2' }]);
    const devices = await app.database.db
      .selectFrom('staff_devices')
      .select('token_hash')
      .where('staff_id', '=', id)
      .execute();
    expect(devices.map((d) => d.token_hash.slice(0, 3))).toEqual(['new']);
  });
});

describe('the server prunes at start and every hour', () => {
  it('a failed pruning is logged as a warning and tried again an hour later', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const db = app.database.db;
    const deleteFrom = vi.spyOn(db, 'deleteFrom').mockImplementationOnce(() => {
      throw new Error('connection lost');
    });
    const log = { info: vi.fn(), warn: vi.fn() };
    const stop = schedulePruning(db, log);
    try {
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1));
      expect(log.warn.mock.calls[0]?.[1]).toBe('pruning failed; trying again in an hour');
      const callsAfterStart = deleteFrom.mock.calls.length;

      await vi.advanceTimersByTimeAsync(60 * 60_000);
      // One delete per kind of row: member and staff sessions, OTPs, bans, request counters,
      // staff sign-in addresses, counts and devices, staged identity photos.
      await vi.waitFor(() => expect(deleteFrom.mock.calls.length).toBe(callsAfterStart + 9));
      expect(log.warn).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      deleteFrom.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('request counters', () => {
  it('a counter whose window has passed is deleted; a live one is kept', async () => {
    const db = app.database.db;
    const spent = unique('spent:');
    const live = unique('live:');
    // Pruned as of a minute ahead, so that no other prune (the server's own, at real time) can
    // take the spent counter first: it is spent only at that instant, the live one a minute later.
    const at = new Date(Date.now() + 60_000);
    await db
      .insertInto('rate_counters')
      .values([
        { key: spent, slot: 1, hits: 3, expires_at: new Date(at.getTime() - 1000) },
        { key: live, slot: 2, hits: 3, expires_at: new Date(at.getTime() + 60_000) },
      ])
      .execute();
    const pruned = await pruneExpired(db, at);
    expect(pruned.rateCounters).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('rate_counters')
      .select('key')
      .where('key', 'in', [spent, live])
      .execute();
    expect(left).toEqual([{ key: live }]);
  });
});
