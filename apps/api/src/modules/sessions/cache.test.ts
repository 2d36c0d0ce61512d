import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBus } from '../../../test/bus-events.ts';
import { testApp } from '../../../test/harness.ts';
import { createMember } from '../../../test/members.ts';
import { createSessionCache } from './cache.ts';

const meta = { ip: '127.0.0.1', userAgent: 'cache-test' };

const known = { memberId: 7, sessionId: 70, expiresAt: Date.now() + 60_000, lastSeenAt: Date.now() };

describe('member session checks kept in memory', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await testApp());
  });
  afterAll(async () => {
    await app.close();
  });

  it('a session ended by its logout is refused on the next call, though its check was kept', async () => {
    const { sessions } = app.services;
    const member = await createMember(app);
    const { token } = await sessions.startMember(member.id, meta);
    const session = await sessions.authenticateMember(token);
    await expect(sessions.authenticateMember(token)).resolves.toEqual(session);
    await sessions.endMember(session);
    await expect(sessions.authenticateMember(token)).rejects.toMatchObject({ def: E.LOGGED_OUT });
  });

  it('sessions ended together (a password change, staff ending them) are refused once it is announced', async () => {
    const { sessions } = app.services;
    const member = await createMember(app);
    const first = await sessions.startMember(member.id, meta);
    const second = await sessions.startMember(member.id, meta);
    await sessions.authenticateMember(first.token);
    await sessions.authenticateMember(second.token);
    await app.database.db.transaction().execute((trx) => sessions.endAllOfMember(trx, member.id));
    await sessions.announceEnded({ memberId: member.id });
    await expect(sessions.authenticateMember(first.token)).rejects.toMatchObject({ def: E.LOGGED_OUT });
    await expect(sessions.authenticateMember(second.token)).rejects.toMatchObject({ def: E.LOGGED_OUT });
  });

  it('a check read before an ending was announced is not kept after it', () => {
    const bus = fakeBus();
    const cache = createSessionCache(bus);
    const readAt = cache.generation();
    bus.emit({ name: 'session.ended', data: { memberId: 7 } });
    cache.keep('hash', known, readAt);
    expect(cache.find('hash')).toBeUndefined();
  });

  it("an ending drops only that member's checks; a resync drops all", () => {
    const bus = fakeBus();
    const cache = createSessionCache(bus);
    cache.keep('a', known, cache.generation());
    cache.keep('b', { ...known, memberId: 8, sessionId: 80 }, cache.generation());
    bus.emit({ name: 'session.ended', data: { memberId: 7 } });
    expect(cache.find('a')).toBeUndefined();
    expect(cache.find('b')).toMatchObject({ memberId: 8 });
    bus.emit({ name: 'bus.resync', data: {} });
    expect(cache.find('b')).toBeUndefined();
  });

  it('while the bus is not healthy, nothing is answered from memory nor kept', () => {
    const bus = fakeBus();
    const cache = createSessionCache(bus);
    cache.keep('a', known, cache.generation());
    bus.isHealthy = false;
    expect(cache.find('a')).toBeUndefined();
    cache.keep('b', known, cache.generation());
    bus.isHealthy = true;
    expect(cache.find('b')).toBeUndefined();
  });
});
