import { createHash } from 'node:crypto';
import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember, post, signIn } from '../../../test/members.ts';

const SIGN_IN = '/api/external/auth/auth';
const LOGOUT = '/api/external/auth/logout';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterAll(() => app.close());

describe('sign-in', () => {
  it('returns an opaque token of at least 128 bits that the server stores only as its SHA-256 hash', async () => {
    const m = await createMember(app);
    const res = await post<{ token: string; tokenType: string; expiresAt: string }>(app, SIGN_IN, {
      username: m.username,
      password: m.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const { token, tokenType } = res.body.result?.period ?? { token: '', tokenType: '' };
    expect(tokenType).toBe('Bearer');
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const rows = await app.database.db
      .selectFrom('member_sessions')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is case-insensitive on the username', async () => {
    const m = await createMember(app);
    expect(await signIn(app, m.username.toUpperCase(), m.password)).toBeTruthy();
  });

  it('gives a new token at every sign-in', async () => {
    const m = await createMember(app);
    const a = await signIn(app, m.username, m.password);
    const b = await signIn(app, m.username, m.password);
    expect(a).not.toBe(b);
  });

  it('answers 999 for a wrong password and for an unknown username alike', async () => {
    const m = await createMember(app);
    const wrong = await post(app, SIGN_IN, { username: m.username, password: 'wrong1' });
    const unknown = await post(app, SIGN_IN, { username: 'nosuchuser1', password: 'wrong1' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 999, message: E.BAD_CREDENTIALS.en, result: null });
    }
  });

  it('still verifies a password against a dummy hash when the username is unknown', async () => {
    const verify = vi.spyOn(app.services.passwords, 'verify');
    try {
      await post(app, SIGN_IN, { username: 'nosuchuser2', password: 'whatever1' });
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify).toHaveBeenCalledWith(await app.services.passwords.dummyHash(), 'whatever1');
    } finally {
      verify.mockRestore();
    }
  });

  it('answers 999, never a 5xx, for a username no member can have (NUL, symbols, too long)', async () => {
    for (const username of ['ab\u0000cd', 'a b', 'x'.repeat(256), '\ud800abc']) {
      const res = await post(app, SIGN_IN, { username, password: 'whatever1' });
      expect(res.body.code).toBe(999);
    }
  });

  it('answers in Thai when asked', async () => {
    const res = await post(app, SIGN_IN, { username: 'nosuchuser3', password: 'x' }, { lang: 'th' });
    expect(res.body.message).toBe(E.BAD_CREDENTIALS.th);
  });

  it('needs a clientSignature: without one, or with a forged one, 403', async () => {
    const m = await createMember(app);
    const missing = await post(
      app,
      SIGN_IN,
      { username: m.username, password: m.password },
      { signed: false },
    );
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe(E.ACCESS_DENIED.code);
    const forged = await app.inject({
      method: 'POST',
      url: SIGN_IN,
      headers: { 'x-client-signature': `${Date.now()}.AAAAAAAAAAAAAAAAAAAAAA.forged` },
      payload: { username: m.username, password: m.password },
    });
    expect(forged.json()).toMatchObject({ code: E.ACCESS_DENIED.code });
  });

  it('writes an audit row for a success and for a failure, with member, IP and outcome, never the password', async () => {
    const m = await createMember(app);
    await post(app, SIGN_IN, { username: m.username, password: 'wrongpass9' }, { ip: '198.51.100.7' });
    await post(app, SIGN_IN, { username: m.username, password: m.password }, { ip: '198.51.100.7' });
    const rows = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.signIn')
      .where('target', '=', `member:${m.id}`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.actor_id, r.ip, r.outcome])).toEqual([
      [String(m.id), '198.51.100.7', 'failure'],
      [String(m.id), '198.51.100.7', 'success'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/wrongpass9|secret1/);
  });
});

describe('sessions', () => {
  it('no token or an unknown token: 500', async () => {
    const none = await post(app, LOGOUT, {});
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(500);
    const unknown = await post(app, LOGOUT, {}, { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.body.code).toBe(500);
  });

  it('logout revokes the token on the server: using it again gives 502', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    expect((await post(app, LOGOUT, {}, { token })).body.code).toBe(0);
    const again = await post(app, LOGOUT, {}, { token });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe(502);
  });

  it('expires after the idle limit: 501', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    const idle = app.services.sessions.policies.member.idleMs;
    await app.database.db
      .updateTable('member_sessions')
      .set({ last_seen_at: new Date(Date.now() - idle - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    expect((await post(app, LOGOUT, {}, { token })).body.code).toBe(501);
  });

  it('expires at the absolute limit even when in use: 501', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    await app.database.db
      .updateTable('member_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    expect((await post(app, LOGOUT, {}, { token })).body.code).toBe(501);
  });

  it('the session limits come from configuration', async () => {
    expect(app.services.sessions.policies.member).toEqual({ idleMs: 60 * 60_000, absoluteMs: 720 * 60_000 });
  });
});
