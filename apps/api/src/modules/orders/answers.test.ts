import {
  type AuditEntry,
  orderQueueItemSchema,
  staffOrderSchema,
  transactionSchema,
} from '@bahtdesk/contract';
import { describe, expect, it } from 'vitest';
import { type StaffOrderFacts, toQueueItem, toStaffOrder, toTransaction } from './answers.ts';
import type { OrderRow, QueueRow } from './repository.ts';

/** Rows as the database gives them, mapped to answers without a database. */

const at = new Date('2026-12-01T03:00:00.000Z');

function orderRow(over: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 7,
    public_id: 'B2612010001',
    member_id: 3,
    type: 'buy',
    status: 'request',
    currency: 'USDT',
    rate: '35.50',
    amount_thb: '10000.00',
    amount_usdt: '281.69',
    fee_percent: '0.000',
    fee: '0.00',
    total: '10000.00',
    deadline_at: new Date(at.getTime() + 15 * 60_000),
    payment_method: 'cash_deposit',
    deposit_amount: '10000.00',
    deposit_at: at,
    slip_file_id: 41,
    appointment_location: null,
    appointment_at: null,
    network: 'TETHER',
    usdt_address_id: 5,
    usdt_address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
    bank_account_id: null,
    bank_code: null,
    bank_account_number: null,
    bank_account_name: null,
    desk_bank_code: 'KBANK',
    desk_account_number: '1234567890',
    desk_account_name: 'BahtDesk Co., Ltd.',
    desk_account_name_th: null,
    desk_address: null,
    proof_hash: null,
    proof_file_id: null,
    confirmed_at: at,
    slip_name_checked: false,
    payout_reference: null,
    reason_code: null,
    reason: null,
    reason_th: null,
    idempotency_key: null,
    idempotency_sha256: null,
    confirm_key: null,
    confirm_sha256: null,
    proof_sha256: 'aa',
    slip_qr: 'qr-1',
    slip_qr_read_at: null,
    reviewed_by: null,
    reviewed_at: null,
    payout_prepared_by: null,
    payout_prepared_at: null,
    version: 2,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

const entry = (id: number, target: string): AuditEntry => ({
  id,
  actorType: 'member',
  actorId: '3',
  actorName: 'somchai',
  action: 'order.confirm',
  target,
  before: null,
  after: null,
  reason: null,
  ip: null,
  outcome: 'success',
  createdAt: at.toISOString(),
});

function facts(over: Partial<StaffOrderFacts> = {}): StaffOrderFacts {
  return {
    member: { id: 3, username: 'somchai', first_name: 'Somchai', last_name: 'Jaidee', phone: '0812345678' },
    kycStatus: 'verified',
    kycHistory: [],
    duplicates: [],
    history: [],
    others: [],
    decidedBy: null,
    deskAccounts: [],
    ...over,
  };
}

describe('order answers', () => {
  it("rule: an order in full is what the contract says, with the slip readable at the member's own file path", () => {
    const answer = toTransaction(orderRow());
    expect(transactionSchema.safeParse(answer).success).toBe(true);
    expect(answer).toMatchObject({
      id: 'B2612010001',
      feePercent: '0',
      bankAccount: null,
      payment: { method: 'cash_deposit', depositAmount: '10000.00', proofUrl: expect.stringContaining('41') },
      confirmedAt: at.toISOString(),
      reasonCode: null,
      reason: null,
    });
  });

  it('rule: a stored reason code the contract does not list, or an unreadable place, reads as none', () => {
    const answer = toTransaction(
      orderRow({
        status: 'reject',
        reason_code: 'retired-code',
        reason: 'Call us',
        reason_th: null,
        payment_method: 'cash_appointment',
        appointment_location: '{not json',
      }),
    );
    expect(answer.reasonCode).toBeNull();
    expect(answer.reason).toEqual({ en: 'Call us', th: '' });
    expect(answer.payment?.location).toBeNull();
  });

  it('rule: a sell pays out into the bank account stored with the order; no payment yet reads as none', () => {
    const answer = toTransaction(
      orderRow({
        type: 'sell',
        status: 'pending',
        payment_method: null,
        bank_code: 'KBANK',
        bank_account_number: '1234567890',
        bank_account_name: 'Somchai Jaidee',
      }),
    );
    expect(answer.bankAccount).toEqual({
      bankCode: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Somchai Jaidee',
    });
    expect(answer.payment).toBeNull();
  });

  it('rule: a queue line names the member and says whether the slip was used elsewhere', () => {
    const row: QueueRow = { ...orderRow(), username: 'somchai', first_name: 'Somchai', last_name: 'Jaidee' };
    const item = toQueueItem(row, true);
    expect(orderQueueItemSchema.safeParse(item).success).toBe(true);
    expect(item).toMatchObject({
      memberId: 3,
      memberName: 'Somchai Jaidee',
      duplicateSlip: true,
      appointmentAt: null,
    });
    const appointment = toQueueItem(
      { ...row, payment_method: 'cash_appointment', appointment_at: at },
      false,
    );
    expect(appointment.appointmentAt).toBe(at.toISOString());
  });

  it("rule: the staff order screen keeps the order's own audit entries, oldest first, and says how a slip repeats", () => {
    const screen = toStaffOrder(
      orderRow(),
      facts({
        // The audit search answers newest first, and may match other targets by prefix.
        history: [
          entry(9, 'order:B2612010001'),
          entry(8, 'order:B26120100011'),
          entry(5, 'order:B2612010001'),
        ],
        duplicates: [
          { public_id: 'B2611300004', status: 'success', proof_sha256: 'aa', proof_hash: null },
          { public_id: 'B2611300005', status: 'reject', proof_sha256: 'bb', proof_hash: null },
        ],
        decidedBy: 'operator1',
      }),
    );
    expect(staffOrderSchema.safeParse(screen).success).toBe(true);
    expect(screen.history.map((h) => h.id)).toEqual([5, 9]);
    expect(screen.duplicates).toEqual([
      { id: 'B2611300004', status: 'success', by: 'image' },
      { id: 'B2611300005', status: 'reject', by: 'qr' },
    ]);
    expect(screen).toMatchObject({ proofFileId: 41, decidedBy: 'operator1', decidedAt: null });
    expect(screen.member).toMatchObject({ firstName: 'Somchai', kycStatus: 'verified' });
  });

  it('rule: the staff order screen shows the payout account number masked (the full one only through the reveal)', () => {
    const screen = toStaffOrder(
      orderRow({
        type: 'sell',
        bank_code: 'KBANK',
        bank_account_number: '1234567890',
        bank_account_name: 'Somchai Jaidee',
      }),
      facts(),
    );
    expect(staffOrderSchema.safeParse(screen).success).toBe(true);
    expect(screen.order.bankAccount).toEqual({
      bankCode: 'KBANK',
      accountNumber: 'xxx-x-x6789-0',
      accountName: 'Somchai Jaidee',
    });
  });
});
