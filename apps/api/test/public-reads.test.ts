import type { Envelope, RateResult } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/modules/audit/index.ts';
import { testApp } from './harness.ts';

/** Public reads served from memory, with two apps (two processes' worth) on one PostgreSQL. api-pg only. */

const operator: Actor = { type: 'operator', id: 'test' };

async function rateOf(app: FastifyInstance): Promise<string | undefined> {
  const res = await app.inject({ method: 'POST', url: '/api/external/home/getRate', payload: {} });
  return res.json<Envelope<RateResult>>().result?.period.buyRate;
}

describe('public reads across two processes on one PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    ({ app: a } = await testApp());
    ({ app: b } = await testApp());
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a change made in one is served by the other within a second, and never the old value after that', async () => {
    await a.services.rates.set(operator, { buyRate: '37.10', sellRate: '35.00', sellFeePercent: '1' });
    // b caches what it reads.
    const deadline = Date.now() + 5_000;
    while ((await rateOf(b)) !== '37.10' && Date.now() < deadline) {}
    expect(await rateOf(b)).toBe('37.10');

    const started = performance.now();
    await a.services.rates.set(operator, { buyRate: '37.20', sellRate: '35.00', sellFeePercent: '1' });
    let seen = await rateOf(b);
    while (seen !== '37.20' && performance.now() - started < 5_000) seen = await rateOf(b);
    const ms = performance.now() - started;
    process.stdout.write(
      `public reads: a rate set in one process was served by the other after ${ms.toFixed(1)} ms\n`,
    );
    expect(seen).toBe('37.20');
    expect(ms).toBeLessThan(1000);
    const after = await Promise.all(Array.from({ length: 20 }, () => rateOf(b)));
    expect(after).toEqual(Array(20).fill('37.20'));
  });
});
