import { Decimal, E, type Envelope, type RateResult } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testDatabasePool } from '../../../test/harness.ts';
import { post } from '../../../test/members.ts';
import { buy, CREATE } from '../../../test/orders.ts';
import { createTrader, deskReady, type Trader } from '../../../test/traders.ts';
import type { Database } from '../../db/connection.ts';

/**
 * Orders placed through three apps on one PostgreSQL database (each with its own pool, its own
 * event bus listener and its own memory of the rates, as three processes have) while the rate
 * changes again and again (decision 0097). Every stored order's rate must be the one in force when
 * it was created: an order whose transaction began after a change had been answered (so after
 * that change committed) must not carry a rate from before it. Before decision 0097 the rate was
 * checked only against each process's memory, before the transaction: orders checked just before
 * a process heard of a change were stored at the replaced rate.
 *
 * PostgreSQL only: PGlite serves one process through one connection, so there are no three pools
 * and listeners to race; `create-checks.test.ts` shows the same race within one process on both.
 */

const onPostgres = process.env.TEST_DB === 'pg';
if (!onPostgres) {
  process.stdout.write(
    'rate race: not run on PGlite (one process, one connection: no three pools to race; create-checks.test.ts covers the race there); it runs in project api-pg\n',
  );
}

const RATE = '/api/external/home/getRate';
const system = { type: 'system' as const, id: null };
/** Rate changes during the run, and answered creates to wait for before each change and after the last. */
const CHANGES = 12;
const CREATES_BETWEEN = 15;
const TRADERS = 24;
/** Each app's pool: smaller than its share of the traders, so creates queue for a connection as under load. */
const POOL_SIZE = 3;

describe.skipIf(!onPostgres)('orders from three processes while the rate changes (PostgreSQL)', () => {
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let traders: Trader[];

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const database = await testDatabasePool(POOL_SIZE);
      databases.push(database);
      apps.push((await testApp({}, { database })).app);
    }
    const [first] = apps as [FastifyInstance];
    await deskReady(first);
    await first.services.settings.set(system, 'openOrderCap', 100);
    traders = [];
    for (let i = 0; i < TRADERS; i++) traders.push(await createTrader(first));
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
  });

  it('rule: no order is stored at a rate that a change had replaced before its transaction began', async () => {
    const rateOf = (i: number) => new Decimal('35.50').plus(new Decimal(i).div(100)).toFixed(2);
    const [first] = apps as [FastifyInstance];
    await first.services.rates.set(system, { buyRate: rateOf(0), sellRate: '34.80', sellFeePercent: '1' });
    const started = new Date();
    /** Each change's rate and when it was answered (after its commit), client clock, ms. */
    const acks: { rate: string; at: number }[] = [{ rate: rateOf(0), at: Date.now() }];
    let answered = 0;
    let refusedAtOldRate = 0;
    let running = true;

    // Each member places orders one after the other through one of the apps, at the rate it last
    // read, and reads the new one only when refused, as the member app does.
    const member = async (t: Trader, app: FastifyInstance) => {
      const read = await app.inject({ method: 'POST', url: RATE, payload: {} });
      let rate = (read.json() as Envelope<RateResult>).result?.period.buyRate ?? '';
      while (running) {
        const res = await post<RateResult>(app, CREATE, buy(t, '1000.00', rate), { token: t.token });
        answered += 1;
        if (res.body.code === E.RATE_MISMATCH.code) {
          refusedAtOldRate += 1;
          rate = res.body.result?.period.buyRate ?? rate;
        } else if (res.body.code !== 0) {
          throw new Error(`create answered ${JSON.stringify(res.body)}`);
        }
      }
    };
    const members = traders.map((t, i) => member(t, apps[i % apps.length] as FastifyInstance));
    const answers = async (n: number) => {
      const from = answered;
      while (answered < from + n) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    try {
      for (let i = 1; i <= CHANGES; i++) {
        await answers(CREATES_BETWEEN);
        const changer = apps[i % apps.length] as FastifyInstance;
        await changer.services.rates.set(system, {
          buyRate: rateOf(i),
          sellRate: '34.80',
          sellFeePercent: '1',
        });
        acks.push({ rate: rateOf(i), at: Date.now() });
      }
      await answers(CREATES_BETWEEN);
    } finally {
      running = false;
      await Promise.all(members);
    }

    // The rates history holds the changes in the order they were made.
    const history = await first.database.db
      .selectFrom('rates')
      .select('buy_rate')
      .where('created_at', '>=', started)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(history.map((r) => r.buy_rate)).toEqual(acks.slice(1).map((a) => a.rate));

    const orders = await first.database.db
      .selectFrom('transactions')
      .select(['public_id', 'rate', 'created_at'])
      .where(
        'member_id',
        'in',
        traders.map((t) => t.id),
      )
      .execute();
    const stale = orders.flatMap((order) => {
      const at = order.created_at.getTime();
      // The last change answered at least 1 ms before the order's transaction began (Date.now()
      // truncates): it had committed by then, so its rate or a later one was in force.
      const inForce = acks.reduce((found, ack, i) => (ack.at + 1 <= at ? i : found), 0);
      const stored = acks.findIndex((ack) => ack.rate === order.rate);
      return stored >= inForce
        ? []
        : [
            `${order.public_id} at ${order.rate}, ${at - (acks[inForce]?.at ?? 0)} ms after ${acks[inForce]?.rate} was answered`,
          ];
    });
    process.stdout.write(
      `rate race: ${orders.length} orders and ${refusedAtOldRate} refusals (50017) over ${CHANGES} rate changes from three apps; ${stale.length} stored at a replaced rate\n`,
    );
    expect(orders.length).toBeGreaterThanOrEqual((CHANGES + 1) * CREATES_BETWEEN - refusedAtOldRate);
    expect(stale).toEqual([]);
  }, 120_000);
});
