import { E, type RateResult } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buy, orderTestFile, sell } from '../../../test/orders.ts';
import { periodOf } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';

/**
 * createTransaction's checks under the member's lock (decision 0097): the rate is checked against
 * the rates in force inside the order's transaction, not only against this process's memory; and a
 * request sent again with its Idempotency-Key answers with its one order, whatever the cap and the
 * limits say once that order counts.
 */

let app: FastifyInstance;
const { create, ordersOf } = orderTestFile((t) => {
  ({ app } = t);
});
const system = { type: 'system' as const, id: null };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A promise and the function that resolves it. */
function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('createTransaction and a rate change racing it', () => {
  it.each([
    ['buy', { buyRate: '35.60', sellRate: '34.80', sellFeePercent: '1.00' }],
    ['sell', { buyRate: '35.50', sellRate: '34.80', sellFeePercent: '1.25' }],
  ] as const)(
    'rule: a %s whose rates were replaced after this process read them is refused (50017) with the new rates, and nothing is stored',
    async (type, next) => {
      const t = await createTrader(app);
      const { publicReads } = app.services;
      await publicReads.rates(); // this process keeps the rates in force (35.50 / 34.80 / 1)
      // The create reads the rates from memory; they change before it goes on.
      const read = signal();
      const changed = signal();
      const original = publicReads.rates.bind(publicReads);
      vi.spyOn(publicReads, 'rates').mockImplementationOnce(async () => {
        const kept = await original();
        read.resolve();
        await changed.promise;
        return kept;
      });
      const answer = create(t, type === 'buy' ? buy(t) : sell(t));
      await read.promise;
      await app.services.rates.set(system, next);
      changed.resolve();
      const refused = await answer;
      expect(refused.body.code).toBe(E.RATE_MISMATCH.code);
      expect(refused.body.result?.period as unknown as RateResult).toMatchObject({
        buyRate: next.buyRate,
        sellRate: next.sellRate,
        sellFeePercent: next.sellFeePercent,
      });
      expect(await ordersOf(t.id)).toBe(0);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'pg')(
    'rule: a rate change waits for a create under way, which is stored at the rates in force until the change commits (PostgreSQL: PGlite runs one transaction at a time)',
    async () => {
      const t = await createTrader(app);
      // The create stops inside its transaction, its order inserted, before it queues its notice.
      const inside = signal();
      const goOn = signal();
      const { notices } = app.services;
      const send = notices.send.bind(notices);
      vi.spyOn(notices, 'send').mockImplementationOnce(async (...args) => {
        inside.resolve();
        await goOn.promise;
        return send(...args);
      });
      const answer = create(t, buy(t));
      await inside.promise;
      let done = false;
      const change = app.services.rates
        .set(system, { buyRate: '35.70', sellRate: '34.80', sellFeePercent: '1' })
        .finally(() => {
          done = true;
        });
      // The change waits for the rates' lock, which the create holds shared (without it, the
      // change would commit now and the loop end with it).
      const waiting = async () =>
        Number(
          (
            await sql<{ n: string }>`select count(*) as n from pg_locks
              where locktype = 'advisory' and not granted
                and database = (select oid from pg_database where datname = current_database())`.execute(
              app.database.db,
            )
          ).rows[0]?.n,
        );
      while (!done && (await waiting()) === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(done).toBe(false);
      goOn.resolve();
      const order = periodOf((await answer).body);
      await change;
      expect(order.rate).toBe('35.50');
      const stored = await app.database.db
        .selectFrom('transactions')
        .select('rate')
        .where('public_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(stored.rate).toBe('35.50');
      expect((await app.services.rates.current()).buyRate).toBe('35.70');
    },
  );
});

describe('createTransaction sent again with its Idempotency-Key', () => {
  /** Six sends of one request at once: the answers' codes and bodies. */
  async function sixSends(t: Awaited<ReturnType<typeof createTrader>>, key: string) {
    const headers = { 'idempotency-key': key };
    return Promise.all(Array.from({ length: 6 }, () => create(t, buy(t, '10000.00'), headers)));
  }

  it('rule: every send at the day limit answers the one order, the same body each time', async () => {
    const t = await createTrader(app);
    const day = {
      buyDayThb: '10000.00',
      buyMonthThb: '1000000.00',
      sellDayThb: '1000000.00',
      sellMonthThb: '1000000.00',
    };
    await app.services.settings.set(system, 'tradeLimits', { level1: day, level2: day });
    const answers = await sixSends(t, 'key-day-limit-0001');
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const [first, ...again] = answers.map((a) => periodOf(a.body));
    for (const body of again) expect(body).toEqual(first);
    expect(await ordersOf(t.id)).toBe(1);
    // Another request is held to the limit as before.
    expect((await create(t, buy(t, '10000.00'))).body.code).toBe(E.BUY_LIMIT_REACHED.code);
  });

  it('rule: every send at the open-order cap answers the one order, the same body each time', async () => {
    const t = await createTrader(app);
    await app.services.settings.set(system, 'openOrderCap', 1);
    const answers = await sixSends(t, 'key-open-cap-0001');
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const [first, ...again] = answers.map((a) => periodOf(a.body));
    for (const body of again) expect(body).toEqual(first);
    expect(await ordersOf(t.id)).toBe(1);
    expect((await create(t, buy(t, '10000.00'))).body.code).toBe(E.OPEN_ORDER_LIMIT.code);
  });

  it("rule: a send that this process's memory would refuse (the rate changed) answers the order another send of its key made meanwhile", async () => {
    const t = await createTrader(app);
    const { publicReads } = app.services;
    const inForce = (await publicReads.rates()).value;
    const headers = { 'idempotency-key': 'key-memory-changed-0001' };
    const body = buy(t, '10000.00');
    // The second send has looked its key up (nothing yet) and reads the rates from memory: held
    // there while the first send makes the order and the rate changes.
    const read = signal();
    const go = signal();
    const original = publicReads.rates.bind(publicReads);
    vi.spyOn(publicReads, 'rates').mockImplementationOnce(async () => {
      read.resolve();
      await go.promise;
      return original();
    });
    const second = create(t, body, headers);
    await read.promise;
    const first = await create(t, body, headers);
    expect(first.body.code).toBe(0);
    await app.services.rates.set(system, { ...inForce, buyRate: '35.70' });
    go.resolve();
    const again = await second;
    expect(again.body.code).toBe(0);
    expect(periodOf(again.body)).toEqual(periodOf(first.body));
    expect(await ordersOf(t.id)).toBe(1);
    await app.services.rates.set(system, inForce);
  });
});
