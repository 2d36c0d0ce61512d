import { E, settingDefaults } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestStaff } from '../../../test/members.ts';
import { orderTestFile, sell, transfer } from '../../../test/orders.ts';
import { auditRows, periodOf } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';
import type { DB } from '../../db/schema.ts';
import { type Actor, staffActor } from '../audit/index.ts';
import { createOrderDesk, type OrderDesk } from './desk.ts';

/**
 * A hold on a member's payouts (decision 0068) set while a staff member completes or approves one
 * of their payouts: after the desk has checked that there is none, before it writes the payout, as
 * a second staff member's hold could land. The desk under test runs on the app's database, through
 * a handle that sets the hold as the desk opens the transaction that writes the payout.
 */

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let desk: OrderDesk;
/** Set as the desk opens its next transaction (once). */
let beforeNextTransaction: (() => Promise<void>) | undefined;

/** `db`, but `transaction()` first runs `beforeNextTransaction`, if set. */
function withHookBeforeTransaction(db: Kysely<DB>): Kysely<DB> {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          const builder = target.transaction();
          return {
            async execute<T>(run: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
              const hook = beforeNextTransaction;
              beforeNextTransaction = undefined;
              await hook?.();
              return builder.execute(run);
            },
          };
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const { created, confirm, statusOf } = orderTestFile(async (t) => {
  ({ app, operator, admin } = t);
  const { services } = app;
  desk = createOrderDesk({
    db: withHookBeforeTransaction(app.database.db),
    events: { publish: async () => {} },
    kyc: services.kyc,
    auditLog: services.auditLog,
    reads: services.publicReads,
    slips: { settled: async (row) => row },
    notices: services.notices,
    alerts: { raise: async () => {} },
  });
});

const system = { type: 'system' as const, id: null };
/** 500 USDT at 34.80 is 17,400 THB: with this threshold its payout needs a second staff member. */
const largePayouts = () => app.services.settings.set(system, 'payoutApprovalThb', '17400.00');
// The files after this one in the same worker share its database: they get the desk's default back.
afterEach(async () => {
  beforeNextTransaction = undefined;
  await app.services.settings.set(system, 'payoutApprovalThb', settingDefaults.payoutApprovalThb);
});

const as = (staff: TestStaff): Actor => staffActor({ ip: '127.0.0.1' }, staff.id);

/** A paid sell of 500 USDT awaiting staff, with its member. */
async function paidSell() {
  const t = await createTrader(app);
  const order = await created(t, sell(t));
  periodOf((await confirm(t, transfer(order.id))).body);
  return { id: order.id, memberId: t.id };
}

/** Has an admin hold the member's payouts as the desk opens the transaction that writes the payout. */
function holdInTheGap(memberId: number) {
  beforeNextTransaction = async () => {
    await app.services.flags.setFlag(system, admin.id, memberId, 'payouts_held', 'Source of funds');
  };
}

/** The code `step` is refused with (0: it went through). */
async function codeOf(step: Promise<unknown>): Promise<number> {
  return step.then(
    () => 0,
    (error: { def?: { code: number } }) => {
      if (!error.def) throw error;
      return error.def.code;
    },
  );
}

const payoutRow = (id: string) =>
  app.database.db
    .selectFrom('transactions')
    .select(['status', 'payout_prepared_by', 'payout_reference'])
    .where('public_id', '=', id)
    .executeTakeFirstOrThrow();

describe('a payout hold set between the desk’s check and the payout’s update', () => {
  it('rule: refuses the completion (50057): the order still awaits staff, no completion is logged', async () => {
    const { id, memberId } = await paidSell();
    holdInTheGap(memberId);
    const code = await codeOf(desk.complete(as(operator), operator.id, id, { payoutReference: 'TRF-RACE' }));
    expect(beforeNextTransaction).toBeUndefined();
    expect(code).toBe(E.PAYOUTS_HELD.code);
    expect(await payoutRow(id)).toEqual({
      status: 'request',
      payout_prepared_by: null,
      payout_reference: null,
    });
    expect(await auditRows(app, 'order.complete', `order:${id}`)).toEqual([]);
  });

  it('rule: refuses preparing a large payout (50057): nothing is prepared', async () => {
    await largePayouts();
    const { id, memberId } = await paidSell();
    holdInTheGap(memberId);
    const code = await codeOf(desk.complete(as(operator), operator.id, id, { payoutReference: 'TRF-RACE' }));
    expect(beforeNextTransaction).toBeUndefined();
    expect(code).toBe(E.PAYOUTS_HELD.code);
    expect(await payoutRow(id)).toEqual({
      status: 'request',
      payout_prepared_by: null,
      payout_reference: null,
    });
    expect(await auditRows(app, 'order.payout.prepare', `order:${id}`)).toEqual([]);
  });

  it('rule: refuses approving a prepared payout (50057): it still awaits approval', async () => {
    await largePayouts();
    const { id, memberId } = await paidSell();
    await desk.complete(as(operator), operator.id, id, { payoutReference: 'TRF-BIG' });
    holdInTheGap(memberId);
    const code = await codeOf(desk.approvePayout(as(admin), admin.id, id));
    expect(beforeNextTransaction).toBeUndefined();
    expect(code).toBe(E.PAYOUTS_HELD.code);
    expect(await statusOf(id)).toBe('request');
    expect(await payoutRow(id)).toMatchObject({ payout_prepared_by: operator.id });
    expect(await auditRows(app, 'order.complete', `order:${id}`)).toEqual([]);
  });
});
