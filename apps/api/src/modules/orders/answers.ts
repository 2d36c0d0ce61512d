import {
  Decimal,
  fileEndpoints,
  fillPath,
  maskAccountNumber,
  ORDER_REJECT_REASON_CODES,
  type OrderQueueItem,
  type OrderRejectReason,
  type StaffOrder,
  type Transaction,
} from '@bahtdesk/contract';
import type { OrderRow, QueueRow, Summary } from './repository.ts';

/** Rows of orders as the calls answer them: the member's, the queue's and the staff order screen's. */

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The audit target of an order, `order:<public id>` (as the repository writes it). */
export const orderTarget = (publicId: string) => `order:${publicId}`;

/** The `order.updated` event of a changed order: its member, id and new status. */
export const orderUpdated = (row: Pick<OrderRow, 'member_id' | 'public_id' | 'status'>) => ({
  memberId: row.member_id,
  id: row.public_id,
  status: row.status,
});

/** An order as a line of the member's history. */
export function toSummary(row: OrderRow): Summary {
  return {
    id: row.public_id,
    type: row.type,
    status: row.status,
    createdAt: iso(row.created_at),
    currency: 'USDT',
    rate: row.rate,
    amountThb: row.amount_thb,
    amountUsdt: row.amount_usdt,
    fee: row.fee,
    total: row.total,
  };
}

/** A stored reason code the contract knows, or null (a code it no longer lists reads as none). */
const reasonCode = (code: string | null): OrderRejectReason | null =>
  code && (ORDER_REJECT_REASON_CODES as string[]).includes(code) ? (code as OrderRejectReason) : null;

/** The appointment's place as stored with the order (JSON); null when absent or unreadable. */
function parseLocation(text: string | null) {
  if (!text) return null;
  try {
    return JSON.parse(text) as {
      id: string;
      name: { en: string; th: string };
      address: { en: string; th: string };
    };
  } catch {
    return null;
  }
}

/** The desk's bank account kept with a buy when it was placed; null on a sell and where none was kept. */
export function deskBankAccountOf(row: OrderRow): Transaction['deskBankAccount'] {
  if (!row.desk_bank_code || !row.desk_account_number || !row.desk_account_name) return null;
  return {
    bankCode: row.desk_bank_code as NonNullable<Transaction['deskBankAccount']>['bankCode'],
    accountNumber: row.desk_account_number,
    accountName: row.desk_account_name,
    ...(row.desk_account_name_th ? { accountNameTh: row.desk_account_name_th } : {}),
  };
}

/** An order in full; `proofUrl` is the member's own read path (staff read the file by its id). */
export function toTransaction(row: OrderRow): Transaction {
  const proofFile = row.slip_file_id ?? row.proof_file_id;
  return {
    ...toSummary(row),
    feePercent: new Decimal(row.fee_percent).toFixed(),
    deadlineAt: iso(row.deadline_at),
    network: (row.network ?? 'TETHER') as Transaction['network'],
    usdtAddress: row.usdt_address,
    bankAccount:
      row.bank_code && row.bank_account_number && row.bank_account_name
        ? {
            bankCode: row.bank_code as NonNullable<Transaction['bankAccount']>['bankCode'],
            accountNumber: row.bank_account_number,
            accountName: row.bank_account_name,
          }
        : null,
    deskBankAccount: deskBankAccountOf(row),
    deskAddress: row.desk_address,
    payment: row.payment_method
      ? {
          method: row.payment_method,
          depositAmount: row.deposit_amount,
          depositAt: isoOrNull(row.deposit_at),
          location: parseLocation(row.appointment_location),
          appointmentAt: isoOrNull(row.appointment_at),
          txHash: row.proof_hash,
          proofUrl: proofFile ? fillPath(fileEndpoints.memberFile.path, { id: proofFile }) : null,
        }
      : null,
    confirmedAt: isoOrNull(row.confirmed_at),
    payoutReference: row.payout_reference,
    reasonCode: reasonCode(row.reason_code),
    reason:
      row.reason !== null || row.reason_th !== null
        ? { en: row.reason ?? '', th: row.reason_th ?? '' }
        : null,
  } as Transaction;
}

/** A line of the staff queue: the order with its member, and whether its slip was used elsewhere. */
export function toQueueItem(
  row: QueueRow,
  duplicateSlip: boolean,
  memberFlags: OrderQueueItem['memberFlags'] = [],
): OrderQueueItem {
  return {
    ...toSummary(row),
    memberId: row.member_id,
    username: row.username,
    memberName: `${row.first_name} ${row.last_name}`,
    deadlineAt: iso(row.deadline_at),
    confirmedAt: isoOrNull(row.confirmed_at),
    paymentMethod: row.payment_method,
    appointmentAt: isoOrNull(row.appointment_at),
    duplicateSlip,
    memberFlags,
    awaitingApproval: row.status === 'request' && row.payout_prepared_by !== null,
  };
}

/** What the staff order screen shows beside the order, read by the desk. */
export interface StaffOrderFacts {
  member: { id: number; username: string; first_name: string; last_name: string; phone: string };
  kycStatus: StaffOrder['member']['kycStatus'];
  kycHistory: StaffOrder['kycHistory'];
  /** Other orders with the same slip bytes or QR payload, or the same transaction hash. */
  duplicates: readonly Pick<OrderRow, 'public_id' | 'status' | 'proof_sha256' | 'proof_hash'>[];
  /** The audit log's entries found for the order's target (any order first). */
  history: StaffOrder['history'];
  others: readonly Pick<
    OrderRow,
    'public_id' | 'type' | 'status' | 'amount_thb' | 'amount_usdt' | 'created_at'
  >[];
  decidedBy: string | null;
  deskAccounts: StaffOrder['deskAccounts'];
}

/** What another order shares with this one: the slip's bytes, its transaction hash, else its QR. */
function duplicateBy(
  row: OrderRow,
  other: Pick<OrderRow, 'proof_sha256' | 'proof_hash'>,
): StaffOrder['duplicates'][number]['by'] {
  if (row.proof_sha256 && other.proof_sha256 === row.proof_sha256) return 'image';
  if (row.proof_hash && other.proof_hash === row.proof_hash) return 'txHash';
  return 'qr';
}

/**
 * The staff order screen: the order (its payout account number masked), its member, duplicate
 * slips, its audit history, newest last.
 */
export function toStaffOrder(row: OrderRow, facts: StaffOrderFacts): StaffOrder {
  const { member } = facts;
  const order = toTransaction(row);
  return {
    order: order.bankAccount
      ? {
          ...order,
          bankAccount: {
            ...order.bankAccount,
            accountNumber: maskAccountNumber(order.bankAccount.accountNumber),
          },
        }
      : order,
    member: {
      id: member.id,
      username: member.username,
      firstName: member.first_name,
      lastName: member.last_name,
      phone: member.phone,
      kycStatus: facts.kycStatus,
    },
    proofFileId: row.slip_file_id ?? row.proof_file_id,
    slipNameChecked: row.slip_name_checked,
    duplicates: facts.duplicates.map((d) => ({
      id: d.public_id,
      status: d.status,
      by: duplicateBy(row, d),
    })),
    history: facts.history.filter((e) => e.target === orderTarget(row.public_id)).reverse(),
    kycHistory: facts.kycHistory,
    otherOrders: facts.others.map((o) => ({
      id: o.public_id,
      type: o.type,
      status: o.status,
      amountThb: o.amount_thb,
      amountUsdt: o.amount_usdt,
      createdAt: iso(o.created_at),
    })),
    decidedBy: facts.decidedBy,
    decidedAt: isoOrNull(row.reviewed_at),
    deskAccounts: facts.deskAccounts,
  };
}
