import {
  bangkokDate,
  DEPOSIT_BEFORE_ORDER_MS,
  E,
  messageFor,
  ORDER_ID_PATTERN,
  type StaffOrder,
  type Transaction,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { post, type TestStaff } from '../../../test/members.ts';
import { buy, CONFIRM, GET, orderTestFile, sell, transfer, txHashOf } from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';
import { insertOrder } from './repository.ts';

/**
 * What keeps one payment from backing two orders and an order id from telling the desk's volume:
 * a transaction hash backs one live order, an Idempotency-Key names one request, a deposit is
 * dated within its order's life, and ids carry random letters rather than the day's count.
 */

let app: FastifyInstance;
let operator: TestStaff;

const { create, created, confirm, deposit, statusOf, ordersOf, reject } = orderTestFile((t) => {
  ({ app, operator } = t);
});

const staffOrder = async (id: string) =>
  periodOf((await staffCall<StaffOrder>(app, operator.token, 'GET', `/api/admin/orders/${id}`)).body);

describe('one USDT transfer backs one order', () => {
  it('rule: a hash sent again in another case or without 0x is refused (50061) for the same member and another, in both languages', async () => {
    const t = await createTrader(app);
    const other = await createTrader(app);
    const first = await created(t, sell(t));
    const hex = txHashOf(first.id).slice(2);
    const done = periodOf((await confirm(t, transfer(first.id, hex.toUpperCase()))).body);
    // Kept in the network's one spelling: 0x and lower case on Ethereum.
    expect(done.payment?.txHash).toBe(`0x${hex}`);

    const again = await created(t, sell(t));
    expect((await confirm(t, transfer(again.id, `0x${hex}`))).body.code).toBe(E.TX_HASH_USED.code);
    const theirs = await created(other, sell(other));
    for (const lang of ['en', 'th'] as const) {
      const refused = await post(app, CONFIRM, transfer(theirs.id, `0X${hex}`), { token: other.token, lang });
      expect(refused.status).toBe(E.TX_HASH_USED.status);
      expect(refused.body).toMatchObject({
        code: E.TX_HASH_USED.code,
        message: messageFor(E.TX_HASH_USED.code, lang),
      });
    }
    expect(await statusOf(again.id)).toBe('pending');
    expect(await statusOf(theirs.id)).toBe('pending');
  });

  it('rule: once the order it backed is rejected the hash is free again, and staff see its earlier use on the order screen', async () => {
    const t = await createTrader(app);
    const first = await created(t, sell(t));
    const hash = txHashOf(first.id);
    periodOf((await confirm(t, transfer(first.id, hash))).body);
    periodOf((await reject(operator.token, first.id, { reasonCode: 'usdtNotReceived' })).body);

    const second = await created(t, sell(t));
    periodOf((await confirm(t, transfer(second.id, hash.toUpperCase().replace('0X', '')))).body);
    const screen = await staffOrder(second.id);
    expect(screen.duplicates).toEqual([{ id: first.id, status: 'reject', by: 'txHash' }]);
    expect((await staffOrder(first.id)).duplicates).toEqual([
      { id: second.id, status: 'request', by: 'txHash' },
    ]);
  });

  it('rule: 8 orders confirmed at once with one hash make exactly one request, the others 50061, never a 5xx', async () => {
    const traders = await Promise.all(Array.from({ length: 4 }, () => createTrader(app)));
    const orders = await Promise.all(traders.flatMap((t) => [created(t, sell(t)), created(t, sell(t))]));
    const hash = txHashOf(`race-${orders[0]?.id}`);
    const answers = await Promise.all(
      orders.map((o, i) =>
        confirm(traders[Math.floor(i / 2)] as (typeof traders)[number], transfer(o.id, hash)),
      ),
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === E.TX_HASH_USED.code)).toHaveLength(7);
  });

  it("rule: a hash not written as the order's network writes it is refused (50025)", async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    // A Solana signature (base58 of 64 bytes) on an Ethereum order.
    const solana = 'DyXZZCSiBREJ8YZ5cULd7PVdKpbkhHvHJ7otbJmLJajJtRsyq1irMMqKimYeKvRmZ8Sc2qWLhKjYR4ekM8RSzkV';
    expect((await confirm(t, transfer(order.id, solana))).body.code).toBe(E.WRONG_FORMAT.code);
    expect(await statusOf(order.id)).toBe('pending');
  });
});

describe('an Idempotency-Key names one request', () => {
  it('rule: a create retried with the same body returns the same order; the key with another body is refused (50062)', async () => {
    const t = await createTrader(app);
    const key = { 'idempotency-key': 'key-create-body-0001' };
    const first = periodOf((await create(t, buy(t), key)).body);
    expect(periodOf((await create(t, buy(t), key)).body).id).toBe(first.id);
    const other = await create(t, buy(t, '20000.00'), key);
    expect(other.status).toBe(E.IDEMPOTENCY_KEY_REUSED.status);
    expect(other.body.code).toBe(E.IDEMPOTENCY_KEY_REUSED.code);
    expect(await ordersOf(t.id)).toBe(1);
    // Racing with another body: one order, the other answer 50062.
    const race = { 'idempotency-key': 'key-create-body-0002' };
    const answers = await Promise.all([create(t, sell(t), race), create(t, sell(t, '600.00'), race)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, E.IDEMPOTENCY_KEY_REUSED.code]);
    expect(await ordersOf(t.id)).toBe(2);
  });

  it('rule: a confirm retried with the same body returns the same order; the key with another body or on another order is refused (50062)', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    const next = await created(t, sell(t));
    const key = { 'idempotency-key': 'key-confirm-body-0001' };
    const first = periodOf((await confirm(t, transfer(order.id), key)).body);
    expect(periodOf((await confirm(t, transfer(order.id), key)).body)).toEqual(first);
    const otherHash = await confirm(t, transfer(order.id, txHashOf('another transfer')), key);
    expect(otherHash.body.code).toBe(E.IDEMPOTENCY_KEY_REUSED.code);
    expect((await confirm(t, transfer(next.id), key)).body.code).toBe(E.IDEMPOTENCY_KEY_REUSED.code);
    expect(await statusOf(next.id)).toBe('pending');
    expect(
      periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body).payment
        ?.txHash,
    ).toBe(txHashOf(order.id));
    expect(await auditRows(app, 'order.confirm', `order:${order.id}`)).toHaveLength(1);
  });
});

describe('a cash deposit is dated within its order', () => {
  it('rule: a deposit dated before the order (less the allowance) or in the future is refused (50063); one made now is taken', async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    const createdAt = new Date(order.createdAt).getTime();
    for (const at of [
      '2001-01-01T10:00:00+07:00',
      new Date(createdAt - DEPOSIT_BEFORE_ORDER_MS - 60_000).toISOString(),
      new Date(Date.now() + 60 * 60_000).toISOString(),
    ]) {
      const refused = await confirm(t, { ...deposit(order.id), depositAt: at });
      expect(refused.body.code, at).toBe(E.DEPOSIT_TIME_INVALID.code);
    }
    expect(await statusOf(order.id)).toBe('pending');
    const early = new Date(createdAt - DEPOSIT_BEFORE_ORDER_MS + 60_000).toISOString();
    expect(periodOf((await confirm(t, { ...deposit(order.id), depositAt: early })).body).status).toBe(
      'request',
    );
  });
});

describe('order ids', () => {
  it("rule: an id is the type's letter, the Bangkok day and random letters: it never tells the day's order count", async () => {
    const t = await createTrader(app);
    const days = new Set([bangkokDate(new Date())]);
    const ids = [
      (await created(t, buy(t))).id,
      (await created(t, sell(t))).id,
      (await created(t, buy(t))).id,
    ];
    days.add(bangkokDate(new Date()));
    for (const id of ids) {
      expect(id).toMatch(ORDER_ID_PATTERN);
      expect([...days].map((d) => d.slice(2).replaceAll('-', ''))).toContain(id.slice(1, 7));
    }
    expect(ids.map((id) => id[0])).toEqual(['B', 'S', 'B']);
  });

  it('rule: an id already taken is never given twice: the insert takes the next fresh one, audited once', async () => {
    const t = await createTrader(app);
    const first = await created(t, buy(t));
    const fresh = `${first.id.slice(0, 7)}ACDEF`;
    const ids = [first.id, fresh];
    const { db } = app.database;
    const row = await insertOrder(
      db,
      {
        type: 'buy',
        member_id: t.id,
        rate: '35.50',
        amount_thb: '1000.00',
        amount_usdt: '28.16',
        total: '1000.00',
        deadline_at: new Date(Date.now() + 60_000),
      },
      () => ids.shift() ?? 'none left',
      { actor: { type: 'system', id: null }, after: { status: 'pending' } },
    );
    expect(row.public_id).toBe(fresh);
    expect(await auditRows(app, 'order.create', `order:${first.id}`)).toHaveLength(1);
    expect(await auditRows(app, 'order.create', `order:${fresh}`)).toHaveLength(1);
  });
});
