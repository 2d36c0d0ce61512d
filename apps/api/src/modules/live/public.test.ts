import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listeningTestApp } from '../../../test/listening.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { staffCall } from '../../../test/staff-calls.ts';

let app: FastifyInstance;
let url: string;
let admin: TestStaff;

listeningTestApp(async (started) => {
  ({ app, url } = started);
  admin = await createStaff(app, 'admin');
});

/** Opens /api/live; `next(name)` resolves with the events received up to and including `name`. */
async function openLive() {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/live`, { signal: controller.signal });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const names: string[] = [];
  async function next(name: string): Promise<string[]> {
    while (!names.includes(name)) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) throw new Error(`stream ended before ${name}`);
      buffered += decoder.decode(chunk.value, { stream: true });
      const blocks = buffered.split('\n\n');
      buffered = blocks.pop() ?? '';
      for (const block of blocks) {
        const match = /^event: (.+)$/m.exec(block);
        if (match?.[1]) names.push(match[1]);
      }
    }
    return names;
  }
  // The stream is open once its first comment arrives.
  const first = await reader?.read();
  buffered += decoder.decode(first?.value, { stream: true });
  return { res, next, close: () => controller.abort() };
}

describe('the public live stream (/api/live)', () => {
  it('tells anyone that the rates changed, and never sends member or order events', async () => {
    // Near the change below, so that it needs no confirmation.
    await app.services.rates.set(
      { type: 'system', id: null },
      { buyRate: '36.00', sellRate: '35.00', sellFeePercent: '1' },
    );
    const live = await openLive();
    expect(live.res.status).toBe(200);
    expect(live.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await app.events.publish('members.changed', { id: 1 });
    await app.events.publish('order.updated', { id: 1 });
    await staffCall(app, admin.token, 'POST', '/api/admin/rates', {
      buyRate: '36.30',
      sellRate: '35.30',
      sellFeePercent: '1',
    });
    expect(await live.next('rates.changed')).toEqual(['rates.changed']);
    live.close();
  });

  it('keeps streaming while the site is in maintenance', async () => {
    await staffCall(app, admin.token, 'POST', '/api/admin/settings', { key: 'maintenance', value: 'off' });
    const live = await openLive();
    expect(live.res.status).toBe(200);
    await staffCall(app, admin.token, 'POST', '/api/admin/settings', { key: 'maintenance', value: 'on' });
    expect(await live.next('settings.changed')).toContain('settings.changed');
    live.close();
  });
});
