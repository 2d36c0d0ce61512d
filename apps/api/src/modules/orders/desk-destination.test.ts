import type { StaffOrder, Transaction } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { post, type TestStaff } from '../../../test/members.ts';
import { buy, GET, orderTestFile, PAY, sell } from '../../../test/orders.ts';
import { periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';

/**
 * Each order keeps the desk's bank account or receiving address the member was shown when it was
 * placed (decision 0096): a change of the web settings afterwards changes nothing of what the
 * member paid to, on the member's pages or on the staff's order screen.
 */

let app: FastifyInstance;
let operator: TestStaff;

const { created, confirm, deposit } = orderTestFile((t) => {
  ({ app, operator } = t);
});

const system = { type: 'system' as const, id: null };
const FIRST = { bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co., Ltd.' };
const SECOND = {
  bankCode: 'SCB',
  accountNumber: '9876543210',
  accountName: 'BahtDesk Two Co., Ltd.',
  accountNameTh: 'บริษัท บาทเดสก์ ทู จำกัด',
};
const FIRST_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SECOND_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const staffOrder = async (id: string) =>
  periodOf((await staffCall<StaffOrder>(app, operator.token, 'GET', `/api/admin/orders/${id}`)).body);

describe("an order keeps the desk's account or address it showed", () => {
  it("rule: a buy placed before the desk's account changed still shows the account it was shown, to the member and to staff", async () => {
    await app.services.settings.set(system, 'deskBankAccounts', [FIRST]);
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    expect(order.deskBankAccount).toEqual(FIRST);
    await app.services.settings.set(system, 'deskBankAccounts', [SECOND]);

    const pay = periodOf((await post(app, PAY, { id: order.id }, { token: t.token })).body);
    expect(pay).toMatchObject({ type: 'buy', bankAccounts: [FIRST] });
    const read = periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body);
    expect(read.deskBankAccount).toEqual(FIRST);
    expect((await confirm(t, deposit(order.id))).body.code).toBe(0);
    const screen = await staffOrder(order.id);
    expect(screen.order.deskBankAccount).toEqual(FIRST);
    // The completion's tick names the account the money went to, not the desk's accounts today.
    expect(screen.deskAccounts).toEqual([FIRST]);

    // A buy placed now is shown the account in force, with its Thai name.
    const next = await created(t, buy(t));
    expect(next.deskBankAccount).toEqual(SECOND);
  });

  it("rule: a sell placed before the desk's receiving address changed still shows the address it was shown", async () => {
    await app.services.settings.set(system, 'receivingAddresses', { TETHER: FIRST_ADDRESS });
    const t = await createTrader(app);
    const order = await created(t, sell(t));
    expect(order).toMatchObject({ deskAddress: FIRST_ADDRESS, deskBankAccount: null });
    await app.services.settings.set(system, 'receivingAddresses', { TETHER: SECOND_ADDRESS });

    const pay = periodOf((await post(app, PAY, { id: order.id }, { token: t.token })).body);
    expect(pay).toMatchObject({ type: 'sell', address: FIRST_ADDRESS });
    expect((await staffOrder(order.id)).order.deskAddress).toBe(FIRST_ADDRESS);
  });

  it('an order placed before the desk kept its account reads as not recorded, and its pay page shows the desk accounts', async () => {
    await app.services.settings.set(system, 'deskBankAccounts', [FIRST, SECOND]);
    const t = await createTrader(app);
    const order = await created(t, buy(t));
    await app.database.db
      .updateTable('transactions')
      .set({
        desk_bank_code: null,
        desk_account_number: null,
        desk_account_name: null,
        desk_account_name_th: null,
      })
      .where('public_id', '=', order.id)
      .execute();
    const read = periodOf((await post<Transaction>(app, GET, { id: order.id }, { token: t.token })).body);
    expect(read.deskBankAccount).toBeNull();
    const pay = periodOf((await post(app, PAY, { id: order.id }, { token: t.token })).body);
    expect(pay).toMatchObject({ bankAccounts: [FIRST, SECOND] });
    expect((await confirm(t, deposit(order.id))).body.code).toBe(0);
    expect((await staffOrder(order.id)).deskAccounts).toEqual([
      FIRST,
      { bankCode: SECOND.bankCode, accountNumber: SECOND.accountNumber, accountName: SECOND.accountName },
    ]);
  });
});
