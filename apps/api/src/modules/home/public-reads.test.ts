import type { Envelope, RateResult } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import type { Actor } from '../audit/index.ts';

const operator: Actor = { type: 'operator', id: 'test' };

async function rateOf(app: FastifyInstance): Promise<string | undefined> {
  const res = await app.inject({ method: 'POST', url: '/api/external/home/getRate', payload: {} });
  return res.json<Envelope<RateResult>>().result?.period.buyRate;
}

async function maintenanceOf(app: FastifyInstance): Promise<string | undefined> {
  const res = await app.inject({ method: 'GET', url: '/api/external/home/maintenanceStatus' });
  return res.json<Envelope<{ status: string }>>().result?.period.status;
}

/** Inserts a rates row behind the services' back: no event says it changed. */
async function writeRateQuietly(app: FastifyInstance, buyRate: string) {
  await app.database.db
    .insertInto('rates')
    .values({ buy_rate: buyRate, sell_rate: '30.00', sell_fee_percent: '1', set_by: 'test:quiet' })
    .execute();
}

describe('public reads are served from memory and follow every change', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await testApp());
  });
  afterAll(() => app.close());

  it('getRate answers from memory: a row written without an event is not seen until one says so', async () => {
    await app.services.rates.set(operator, { buyRate: '36.10', sellRate: '35.00', sellFeePercent: '1' });
    expect(await rateOf(app)).toBe('36.10');
    await writeRateQuietly(app, '36.20');
    expect(await rateOf(app)).toBe('36.10');
    await app.events.publish('rates.changed');
    expect(await rateOf(app)).toBe('36.20');
  });

  it('a change through the service is served on the very next call, with no stale answer after it', async () => {
    for (const buyRate of ['36.30', '36.40', '36.50']) {
      await app.services.rates.set(operator, { buyRate, sellRate: '35.00', sellFeePercent: '1' });
      const answers = await Promise.all(Array.from({ length: 5 }, () => rateOf(app)));
      expect(answers).toEqual(Array(5).fill(buyRate));
    }
  });

  it('the maintenance switch follows settings.changed', async () => {
    await app.services.settings.set(operator, 'maintenance', 'on');
    expect(await maintenanceOf(app)).toBe('on');
    await app.services.settings.set(operator, 'maintenance', 'off');
    expect(await maintenanceOf(app)).toBe('off');
    await app.services.settings.set(operator, 'maintenance', 'on');
    expect(await maintenanceOf(app)).toBe('on');
  });

  it('one cached value answers in each language and, for the maintenance switch, each country', async () => {
    await app.services.settings.set(operator, 'maintenance', 'on');
    const ask = async (lang: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/external/home/maintenanceStatus',
        headers: { 'accept-language': lang },
      });
      return res.json<Envelope<{ status: string; header: { country: string } }>>();
    };
    for (let round = 0; round < 2; round++) {
      expect((await ask('en-US')).result?.period).toEqual({ status: 'on', header: { country: 'us' } });
      expect((await ask('en-GB')).result?.period).toEqual({ status: 'on', header: { country: 'gb' } });
      const thai = await ask('th');
      expect(thai.result?.period).toEqual({ status: 'on', header: { country: 'th' } });
      expect(thai.message).not.toBe((await ask('en-US')).message);
    }
    await app.services.settings.set(operator, 'maintenance', 'off');
    expect((await ask('en-GB')).result?.period).toEqual({ status: 'off', header: { country: 'gb' } });
  });

  it('a read that started before a change does not keep its old value after the change', async () => {
    await app.services.rates.set(operator, { buyRate: '36.60', sellRate: '35.00', sellFeePercent: '1' });
    await app.events.publish('rates.changed'); // nothing cached
    const inFlight = rateOf(app); // loads while the change lands
    await app.services.rates.set(operator, { buyRate: '36.70', sellRate: '35.00', sellFeePercent: '1' });
    await inFlight;
    expect(await rateOf(app)).toBe('36.70');
  });
});
