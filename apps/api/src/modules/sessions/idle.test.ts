import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember } from '../../../test/members.ts';

const meta = { ip: '127.0.0.1', userAgent: 'idle-test' };
const at = (t0: number, ms: number) => new Date(t0 + ms);

describe('session idle limit (SESSION_IDLE_MINUTES=1)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await testApp({ SESSION_IDLE_MINUTES: '1' }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('a session used every 20 s stays live at 80 s and later: idle means no call, not time since the last write', async () => {
    const { sessions } = app.services;
    const member = await createMember(app);
    const t0 = Date.parse('2026-12-01T03:00:00Z');
    const { token } = await sessions.startMember(member.id, meta, at(t0, 0));
    for (let s = 20; s <= 200; s += 20) {
      await expect(sessions.authenticateMember(token, at(t0, s * 1000)), `at ${s} s`).resolves.toMatchObject({
        memberId: member.id,
      });
    }
  });

  it('a session left idle for 61 s is expired (501)', async () => {
    const { sessions } = app.services;
    const member = await createMember(app);
    const t0 = Date.parse('2026-12-01T04:00:00Z');
    const { token } = await sessions.startMember(member.id, meta, at(t0, 0));
    await sessions.authenticateMember(token, at(t0, 20_000));
    await expect(sessions.authenticateMember(token, at(t0, 20_000 + 61_000))).rejects.toMatchObject({
      def: E.TOKEN_EXPIRED,
    });
  });
});
