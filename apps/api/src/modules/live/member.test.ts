import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listeningTestApp } from '../../../test/listening.ts';
import { createMember, createStaff, signIn } from '../../../test/members.ts';
import { staffCall } from '../../../test/staff-calls.ts';

let app: FastifyInstance;
let url: string;

listeningTestApp((started) => {
  ({ app, url } = started);
});

/** Opens the member stream; `next(name)` resolves with the data of the events received up to `name`. */
async function openMemberStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/live/member`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const seen: { name: string; data: Record<string, unknown> }[] = [];
  async function next(name: string) {
    while (!seen.some((e) => e.name === name)) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) throw new Error(`stream ended before ${name}`);
      buffered += decoder.decode(chunk.value, { stream: true });
      const blocks = buffered.split('\n\n');
      buffered = blocks.pop() ?? '';
      for (const block of blocks) {
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) seen.push({ name: event, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
    return seen;
  }
  const first = await reader?.read();
  buffered += decoder.decode(first?.value, { stream: true });
  return { res, next, close: () => controller.abort() };
}

describe("the member's live stream (/api/live/member)", () => {
  it("carries only the signed-in member's own identity and order events", async () => {
    const a = await createMember(app);
    const b = await createMember(app);
    const stream = await openMemberStream(await signIn(app, a.username, a.password));
    expect(stream.res.status).toBe(200);
    await app.events.publish('kyc.updated', { memberId: b.id, status: 'verified' });
    await app.events.publish('rates.changed', {});
    await app.events.publish('order.updated', { memberId: a.id, id: 'B1' });
    await app.events.publish('kyc.updated', { memberId: a.id, status: 'verified' });
    const seen = await stream.next('kyc.updated');
    expect(seen).toEqual([
      { name: 'order.updated', data: { memberId: a.id, id: 'B1' } },
      { name: 'kyc.updated', data: { memberId: a.id, status: 'verified' } },
    ]);
    stream.close();
  });

  it.runIf(process.env.TEST_DB === 'pg')(
    "is told to read the member's identity and orders again when the bus listens again after a drop (decision 0054)",
    async () => {
      const a = await createMember(app);
      const stream = await openMemberStream(await signIn(app, a.username, a.password));
      // Events may have been missed while nobody listened: the listener's reconnection says so.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${`bahtdesk-bus-${process.pid}`}`.execute(
        app.database.db,
      );
      const seen = await stream.next('kyc.updated');
      expect(seen).toEqual([
        { name: 'kyc.updated', data: { memberId: a.id } },
        { name: 'order.updated', data: { memberId: a.id } },
      ]);
      stream.close();
    },
  );

  it('closes when the site goes into maintenance (decision 0047)', async () => {
    const a = await createMember(app);
    const stream = await openMemberStream(await signIn(app, a.username, a.password));
    const admin = await createStaff(app, 'admin');
    const switchTo = (value: 'on' | 'off') =>
      staffCall(app, admin.token, 'POST', '/api/admin/settings', { key: 'maintenance', value });
    try {
      expect((await switchTo('off')).body.code).toBe(0);
      await expect(stream.next('never')).rejects.toThrow('stream ended');
    } finally {
      await switchTo('on');
    }
  });

  it('is refused to a visitor', async () => {
    const res = await fetch(`${url}/api/live/member`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });
});
