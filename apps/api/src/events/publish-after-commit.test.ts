import type { Envelope, RateResult, Transaction } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';
import { createStaff, post, type TestStaff } from '../../test/members.ts';
import { buy, CREATE } from '../../test/orders.ts';
import { periodOf, staffCall } from '../../test/staff-calls.ts';
import { createTrader, deskReady } from '../../test/traders.ts';
import type { EventBus } from './bus.ts';

/**
 * A change whose event cannot be published after its commit (decision 0097): the caller is told
 * what was committed, never an error that would make them do it again, and every process comes to
 * serve the change once the bus works again (a `bus.resync` is owed). The app's bus is wrapped in a
 * stand-in whose publish fails, as a `pg_notify` through a pool or a connection in trouble does.
 */

const state = { failing: false };

/** The app's own bus, but its publish throws while `state.failing` is set. */
function failingWhileAsked(bus: EventBus): EventBus {
  return {
    get connected() {
      return bus.connected;
    },
    healthy: () => bus.healthy(),
    ...(bus.heartbeatAgeSeconds ? { heartbeatAgeSeconds: () => bus.heartbeatAgeSeconds?.() ?? 0 } : {}),
    subscribe: (handler) => bus.subscribe(handler),
    close: () => bus.close(),
    async publish(name, data) {
      if (state.failing) throw new Error('Connection terminated unexpectedly');
      await bus.publish(name, data);
    },
  };
}

let app: FastifyInstance;
/** On PostgreSQL, a second process on the same database whose bus works. */
let other: FastifyInstance | undefined;
let admin: TestStaff;

beforeAll(async () => {
  ({ app } = await testApp({}, { eventBus: failingWhileAsked }));
  if (app.database.kind === 'postgres') ({ app: other } = await testApp());
  admin = await createStaff(app, 'admin');
});

afterAll(async () => {
  state.failing = false;
  await app.close();
  await other?.close();
});

beforeEach(async () => {
  state.failing = false;
  await deskReady(app);
});

const buyRateOn = async (on: FastifyInstance) =>
  periodOf(
    (
      await on.inject({ method: 'POST', url: '/api/external/home/getRate', payload: {} })
    ).json() as Envelope<RateResult>,
  ).buyRate;

async function publishFailures(): Promise<number> {
  const { body } = await app.inject({ method: 'GET', url: '/metrics' });
  return Number(/^bahtdesk_event_bus_publish_failures_total (\S+)$/m.exec(body)?.[1]);
}

/** Polls `read` until it gives `want`, for at most 10 s. */
async function until<T>(read: () => Promise<T>, want: T): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await read()) !== want) {
    if (Date.now() > deadline) throw new Error(`still not ${String(want)} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a change whose event cannot be published after its commit', () => {
  it('rule: createTransaction answers 200 with the order it stored, which exists once, and the failure is counted', async () => {
    const t = await createTrader(app);
    const before = await publishFailures();
    state.failing = true;
    const res = await post<Transaction>(app, CREATE, buy(t), { token: t.token });
    expect(res.status).toBe(200);
    const order = periodOf(res.body);
    expect(order).toMatchObject({ type: 'buy', status: 'pending', rate: '35.50' });
    const stored = await app.database.db
      .selectFrom('transactions')
      .select('public_id')
      .where('member_id', '=', t.id)
      .execute();
    expect(stored).toEqual([{ public_id: order.id }]);
    expect(await publishFailures()).toBe(before + 1);
  });

  it('rule: a rate change answers 200 with the new rates, and every process serves them once the bus works again', async () => {
    expect(await buyRateOn(app)).toBe('35.50');
    if (other) expect(await buyRateOn(other)).toBe('35.50');
    state.failing = true;
    const res = await staffCall<RateResult>(app, admin.token, 'POST', '/api/admin/rates', {
      buyRate: '35.60',
      sellRate: '34.80',
      sellFeePercent: '1',
    });
    expect(res.status).toBe(200);
    expect(periodOf(res.body)).toMatchObject({ buyRate: '35.60' });
    // The event went nowhere: the other process still serves the rate it keeps.
    if (other) expect(await buyRateOn(other)).toBe('35.50');
    state.failing = false;
    // The owed bus.resync goes out: every process reads the rates afresh.
    await until(() => buyRateOn(app), '35.60');
    if (other) await until(() => buyRateOn(other as FastifyInstance), '35.60');
  });
});
