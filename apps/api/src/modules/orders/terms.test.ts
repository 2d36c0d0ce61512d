import {
  DEFAULT_ENABLED_NETWORKS,
  E,
  type OrderTerms,
  type Profile,
  type Transaction,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { post, type TestStaff } from '../../../test/members.ts';
import { buy, GET, orderTestFile, sell, transfer } from '../../../test/orders.ts';
import { periodOf } from '../../../test/staff-calls.ts';
import { createTrader, type Trader } from '../../../test/traders.ts';

/**
 * What a member knows before an order (getOrderTerms), the networks the desk takes (enabledNetworks,
 * TRON with its own receiving address), addresses on an exchange or in a personal wallet, and an
 * appointment as the order's deadline.
 */

const TERMS = '/api/external/transaction/getOrderTerms';
const ADD = '/api/external/user/addPayment';
const PROFILE = '/api/external/user/profile';
const NETWORK_BANK = '/api/external/user/getNetwork_bank';
const TRON = 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi';
const DESK_TRON = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';
const BNB = 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2';
const system = { type: 'system' as const, id: null };
type NetworkList = { networks: { id: string; enabled: boolean }[] };

let app: FastifyInstance;
let operator: TestStaff;
const { create, created, confirm, deposit, reject } = orderTestFile((t) => {
  ({ app, operator } = t);
});
beforeEach(() => app.services.settings.set(system, 'enabledNetworks', [...DEFAULT_ENABLED_NETWORKS]));

const terms = async (t: Trader) =>
  periodOf((await post<OrderTerms>(app, TERMS, {}, { token: t.token })).body);
const addUsdt = (t: Trader, body: Record<string, unknown>) =>
  post<Profile>(app, ADD, { type: 'usdt', currentPassword: t.password, ...body }, { token: t.token });

describe('getOrderTerms', () => {
  it('gives the deadline in minutes, the cash-deposit ceiling and the networks taken before any order', async () => {
    const t = await createTrader(app);
    expect(await terms(t)).toEqual({
      paymentDeadlineMinutes: 15,
      cashDepositCeilingThb: '500000.00',
      enabledNetworks: ['TRON', 'BEP20', 'TETHER', 'SOLANA'],
      lastSellNetwork: null,
      pendingOrder: null,
    });
    expect((await post(app, TERMS, {})).body.code).not.toBe(0);
  });

  it("names the member's pending order with its deadline, and the network of their last sell", async () => {
    const t = await createTrader(app);
    const other = await createTrader(app);
    const order = await created(t, sell(t));
    const after = await terms(t);
    expect(after.pendingOrder).toEqual({ id: order.id, type: 'sell', deadlineAt: order.deadlineAt });
    expect(after.lastSellNetwork).toBe('TETHER');
    expect(await terms(other)).toMatchObject({ pendingOrder: null, lastSellNetwork: null });
  });
});

describe('networks the desk takes (web setting enabledNetworks)', () => {
  it('starts with BNB Beacon Chain (BEP2) disabled: no new BEP2 address (10040), a saved one stays readable', async () => {
    const t = await createTrader(app);
    await app.database.db
      .insertInto('usdt_addresses')
      .values({ member_id: t.id, network: 'BEP2', address: BNB, uid: '1234567' })
      .execute();
    const added = await addUsdt(t, { network: 'BEP2', address: BNB, uid: '1234567' });
    expect(added.body.code).toBe(E.NETWORK_DISABLED.code);
    const profile = periodOf((await post<Profile>(app, PROFILE, {}, { token: t.token })).body);
    expect(profile.usdtAddresses.map((a) => a.network)).toContain('BEP2');

    const { networks } = periodOf((await post<NetworkList>(app, NETWORK_BANK, {})).body);
    expect(networks.filter((n) => n.enabled).map((n) => n.id)).toEqual(['TRON', 'BEP20', 'TETHER', 'SOLANA']);
  });

  it('refuses a sell on a disabled network and a buy paid out to an address on one (10040), nothing created', async () => {
    const t = await createTrader(app);
    await app.services.settings.set(system, 'enabledNetworks', ['BEP20', 'SOLANA']);
    expect((await create(t, sell(t))).body.code).toBe(E.NETWORK_DISABLED.code);
    expect((await create(t, buy(t))).body.code).toBe(E.NETWORK_DISABLED.code);
    expect((await terms(t)).pendingOrder).toBeNull();
    const { networks } = periodOf((await post<NetworkList>(app, NETWORK_BANK, {})).body);
    expect(networks.filter((n) => n.enabled).map((n) => n.id)).toEqual(['BEP20', 'SOLANA']);
  });

  it('takes a TRON (TRC-20) address checked by base58check, and sells on TRON to its own receiving address', async () => {
    const t = await createTrader(app);
    const typo = await addUsdt(t, { network: 'TRON', address: `${TRON.slice(0, -1)}j`, uid: '1234567' });
    expect(typo.body).toMatchObject({
      code: E.USDT_ADDRESS_INVALID.code,
      message: 'Invalid USDT Address (TRC-20)',
    });
    const added = await addUsdt(t, { network: 'TRON', address: TRON, uid: '1234567' });
    expect(added.body.code).toBe(0);

    expect((await create(t, { ...sell(t), network: 'TRON' })).body.code).toBe(
      E.RECEIVE_ADDRESS_NOT_FOUND.code,
    );
    await expect(
      app.services.settings.set(system, 'receivingAddresses', { TRON: `${DESK_TRON.slice(0, -1)}8` }),
    ).rejects.toThrow();
    await app.services.settings.set(system, 'receivingAddresses', { TRON: DESK_TRON });
    const order = await created(t, { ...sell(t), network: 'TRON' });
    const pay = await post<{ address: string; network: string }>(
      app,
      '/api/external/transaction/getReceivePayment',
      { id: order.id },
      { token: t.token },
    );
    expect(periodOf(pay.body)).toMatchObject({ network: 'TRON', address: DESK_TRON });
  });
});

describe('an address is on an exchange (UID required) or in a personal wallet (no UID)', () => {
  it('saves a personal wallet without a UID, and asks an exchange address for one (10033)', async () => {
    const t = await createTrader(app);
    const missing = await addUsdt(t, { network: 'TRON', address: TRON, custody: 'exchange' });
    expect(missing.body.code).toBe(E.REQUIRED.code);
    const wallet = await addUsdt(t, { network: 'TRON', address: TRON, custody: 'wallet' });
    expect(wallet.body.code).toBe(0);
    const profile = periodOf((await post<Profile>(app, PROFILE, {}, { token: t.token })).body);
    expect(profile.usdtAddresses.find((a) => a.network === 'TRON')).toMatchObject({
      custody: 'wallet',
      uid: null,
    });
    expect(profile.usdtAddresses.find((a) => a.network === 'TETHER')).toMatchObject({ custody: 'exchange' });
  });
});

describe('an appointment order', () => {
  it('has its appointment as its deadline once booked, not the minutes it had to be paid in', async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    const now = new Date('2026-12-01T09:00:00+07:00');
    await app.database.db
      .updateTable('transactions')
      .set({
        deadline_at: new Date(now.getTime() + 15 * 60_000),
      })
      .where('public_id', '=', order.id)
      .execute();
    const appointmentAt = '2026-12-09T10:00:00+07:00';
    const booked = await app.services.orders.confirm(
      system,
      t.id,
      { id: order.id, method: 'cash_appointment', locationId: 'silom', appointmentAt },
      undefined,
      now,
    );
    expect(Date.parse(booked.deadlineAt)).toBe(Date.parse(appointmentAt));
    const read = periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body);
    expect(read).toMatchObject({ status: 'request' });
    expect(Date.parse(read.deadlineAt)).toBe(Date.parse(appointmentAt));
  });
});

describe('reject reasons follow how the order was paid', () => {
  it('refuses a slip or cash reason for a sell (50028), changing nothing, and takes its own', async () => {
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    periodOf((await confirm(t, transfer(order.id))).body);
    for (const reasonCode of ['nameMismatch', 'duplicateSlip', 'paymentNotReceived', 'appointmentMissed']) {
      const refused = await reject(operator.token, order.id, { reasonCode });
      expect(refused.body.code).toBe(E.REJECT_REASON_NOT_FIT.code);
    }
    expect(
      periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body).status,
    ).toBe('request');
    expect((await reject(operator.token, order.id, { reasonCode: 'usdtNotReceived' })).body.code).toBe(0);
  });

  it('takes the slip reasons for a cash deposit', async () => {
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    periodOf((await confirm(t, deposit(order.id))).body);
    expect((await reject(operator.token, order.id, { reasonCode: 'usdtNotReceived' })).body.code).toBe(
      E.REJECT_REASON_NOT_FIT.code,
    );
    expect((await reject(operator.token, order.id, { reasonCode: 'nameMismatch' })).body.code).toBe(0);
  });
});
