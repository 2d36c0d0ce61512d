import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTables, testApp } from './harness.ts';
import { createStaff, type TestStaff } from './members.ts';
import { staffCall } from './staff-calls.ts';

/** Maintenance switched in one process is enforced by another on the same PostgreSQL. api-pg only. */

/** The body code of a member call (a clientSignature fetch) made to `app`. */
async function memberCallCode(app: FastifyInstance): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/clientSignature' });
  return res.json<{ code: number }>().code;
}

/** Polls until the member call on `app` answers `code`; the last code seen otherwise (after 5 s). */
async function codeBecomes(app: FastifyInstance, code: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  let seen = await memberCallCode(app);
  while (seen !== code && Date.now() < deadline) seen = await memberCallCode(app);
  return seen;
}

describe('maintenance across two processes on one PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: TestStaff;
  beforeAll(async () => {
    ({ app: a } = await testApp());
    ({ app: b } = await testApp());
    admin = await createStaff(a, 'admin');
  });
  afterAll(async () => {
    if (a) await resetTables(a.database, 'settings');
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a switch saved in one process closes and reopens the member calls of the other', async () => {
    expect(await memberCallCode(b)).toBe(0);
    await staffCall(a, admin.token, 'POST', '/api/admin/settings', { key: 'maintenance', value: 'off' });
    expect(await codeBecomes(b, E.UNAVAILABLE.code)).toBe(E.UNAVAILABLE.code);
    await staffCall(a, admin.token, 'POST', '/api/admin/settings', { key: 'maintenance', value: 'on' });
    expect(await codeBecomes(b, 0)).toBe(0);
  });
});
