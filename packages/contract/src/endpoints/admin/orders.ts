import { z } from 'zod';
import { BANK_CODES } from '../../banks.ts';
import { bangkokDate, isIsoDate } from '../../dates.ts';
import { ANY_STAFF, endpoint, type StaffRole } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { networkById } from '../../networks.ts';
import { ORDER_REJECT_REASON_CODES, type OrderRejectReason } from '../../order-reasons.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../transaction-kinds.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString, NO_CONTROL_CHARS } from '../../validators/text.ts';
import { KYC_STATUSES } from '../kyc.ts';
import { transactionIdSchema, transactionSchema, transactionSummarySchema } from '../transaction.ts';
import { iso, paged, pageQuery } from './common.ts';
import { kycSubmissionSummarySchema } from './kyc.ts';
import { auditEntrySchema } from './members.ts';
import { MEMBER_FLAGS } from './risk-flags.ts';

/**
 * The order desk (decision 0037): the queue (orders awaiting staff first, oldest first, then the ones
 * awaiting the member's payment), one order with its proof, the member and earlier orders that
 * used the same slip, and the two staff decisions. Every staff member reads; operators and admins
 * decide.
 */
export const ORDER_HANDLERS: readonly StaffRole[] = ['admin', 'operator'];

const calendarDay = (invalid: string) => cappedString(16, invalid).refine(isIsoDate, invalid).optional();

export const orderQueueQuerySchema = pageQuery(100, 20).extend({
  /** Without a status: `request` and `pending` (the open orders), the ones awaiting staff first. */
  status: z.enum(TRANSACTION_STATUSES, { error: codeMessage(E.INVALID_INPUT) }).optional(),
  type: z.enum(TRANSACTION_TYPES, { error: codeMessage(E.INVALID_INPUT) }).optional(),
  /** Bangkok calendar days of creation, both ends included. */
  from: calendarDay(codeMessage(E.INVALID_INPUT)),
  to: calendarDay(codeMessage(E.INVALID_INPUT)),
  /** Part of the member's username, name or phone, or the order's id. */
  q: cappedString(200, codeMessage(E.INVALID_INPUT)).trim().max(100, codeMessage(E.INVALID_INPUT)).optional(),
  /** Only this member's orders. */
  memberId: z.coerce
    .number({ error: codeMessage(E.INVALID_INPUT) })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  /** Only orders of members with this flag active (decision 0068). */
  flag: z.enum(MEMBER_FLAGS, { error: codeMessage(E.INVALID_INPUT) }).optional(),
  /** `appointment`: cash appointments first, soonest appointment first, then the rest as without it. */
  sort: z.enum(['appointment'], { error: codeMessage(E.INVALID_INPUT) }).optional(),
});

export const orderQueueItemSchema = transactionSummarySchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  memberName: z.string(),
  deadlineAt: iso,
  confirmedAt: iso.nullable(),
  paymentMethod: z.string().nullable(),
  /** When the member comes to the desk with the cash (cash appointments), else null. */
  appointmentAt: iso.nullable(),
  /** Another order used the same slip image, slip QR or transaction hash. */
  duplicateSlip: z.boolean(),
  /** The member's active flags (decision 0068). */
  memberFlags: z.array(z.enum(MEMBER_FLAGS)),
  /** Its payout is prepared and waits for a second staff member's approval. */
  awaitingApproval: z.boolean(),
});
export type OrderQueueItem = z.infer<typeof orderQueueItemSchema>;

/** A desk bank account a cash deposit went into. */
const deskAccountSchema = z.object({
  bankCode: z.enum(BANK_CODES),
  accountNumber: z.string(),
  accountName: z.string(),
});

export const staffOrderSchema = z.object({
  /**
   * The order; the member's payout account number in `bankAccount` is masked (maskAccountNumber):
   * its full number reaches staff only through the audited `revealOrderAccount`.
   */
  order: transactionSchema,
  member: z.object({
    id: z.number().int(),
    username: z.string(),
    /** The legal name, to compare with the name on the slip (docs/product.md, Orders). */
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    kycStatus: z.enum(KYC_STATUSES),
  }),
  /** File id of the slip or screenshot, read through `staffFile`. */
  proofFileId: z.number().int().nullable(),
  /** Whether the staff member ticked that the slip's name matches when completing. */
  slipNameChecked: z.boolean(),
  /** Other orders whose slip had the same image or the same QR payload, or with the same transaction hash. */
  duplicates: z.array(
    z.object({
      id: z.string(),
      status: z.enum(TRANSACTION_STATUSES),
      by: z.enum(['image', 'qr', 'txHash']),
    }),
  ),
  /** The order's audited transitions, oldest first. */
  history: z.array(auditEntrySchema),
  /** The member's identity submissions and their decisions, newest first: as on the member's page. */
  kycHistory: z.array(kycSubmissionSummarySchema),
  /** The member's 10 newest orders other than this one, newest first: how this one fits their habits. */
  otherOrders: z.array(
    transactionSummarySchema.pick({
      id: true,
      type: true,
      status: true,
      amountThb: true,
      amountUsdt: true,
      createdAt: true,
    }),
  ),
  decidedBy: z.string().nullable(),
  decidedAt: iso.nullable(),
  /**
   * Cash deposits: the desk's bank account in which staff look for the money, the one kept with the
   * order (every account of the desk, from the web settings, for an order placed before one was kept); else empty.
   */
  deskAccounts: z.array(deskAccountSchema),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

const note = (max: number) =>
  cappedString(2 * max, codeMessage(E.INVALID_INPUT))
    .trim()
    .max(max, codeMessage(E.INVALID_INPUT))
    .regex(NO_CONTROL_CHARS, codeMessage(E.INVALID_INPUT));

export const completeOrderBodySchema = z.object({
  /** The USDT transaction hash (buy) or the bank transfer reference (sell): 4-128 characters. */
  payoutReference: cappedString(256, codeMessage(E.PAYOUT_REFERENCE_INVALID))
    .trim()
    .regex(/^[A-Za-z0-9._:/-]{4,128}$/, codeMessage(E.PAYOUT_REFERENCE_INVALID)),
  /** Cash deposits: the name on the slip matches the member's legal name (50046 unless true). */
  slipNameMatches: z.boolean({ error: codeMessage(E.INVALID_INPUT) }).optional(),
  /**
   * Sells to a bank account whose name does not match the member's legal name (accountNameMatches,
   * decision 0035): staff pay into it only with this explicit tick (50048 unless true).
   */
  otherNameAccepted: z.boolean({ error: codeMessage(E.INVALID_INPUT) }).optional(),
  /** Cash deposits: the deposit's amount was seen arriving in the desk's bank account (50065 unless true). */
  depositSeen: z.boolean({ error: codeMessage(E.INVALID_INPUT) }).optional(),
  /** Cash appointments completed before the appointment's Bangkok day: the member came early (50064 unless true). */
  cameEarly: z.boolean({ error: codeMessage(E.INVALID_INPUT) }).optional(),
});
export type CompleteOrderBody = z.input<typeof completeOrderBodySchema>;

/**
 * A buy's payout reference is the USDT transfer's hash on the order's network, checked as members'
 * sell hashes are (normaliseTxHash): this is the issue message (50067, in the network's wording) of
 * one that is not. Shared by the server's check and the console's complete form (decision 0094).
 */
export function payoutHashIssue(network: string | null): string {
  return codeMessage(E.PAYOUT_HASH_INVALID, networkById(network ?? '')?.format);
}

/**
 * Whether completing an appointment at `now` is before the appointment's Bangkok calendar day (the
 * member came early). Shared by the server's check and the console's complete form.
 */
export function beforeAppointmentDay(appointmentAt: Date, now: Date): boolean {
  return bangkokDate(now) < bangkokDate(appointmentAt);
}

/**
 * A rejection note is in both languages or not given at all, and 'other' needs one (50045): the
 * member reads it in their own language, so a note in one language only would leave the other
 * reader with nothing. Shared by the schema (server) and the console's form.
 */
export function rejectNoteIncomplete(body: {
  reasonCode: string;
  note?: { en: string; th: string };
}): boolean {
  const en = body.note?.en.trim() ?? '';
  const th = body.note?.th.trim() ?? '';
  if (en || th) return !(en && th);
  return body.reasonCode === 'other';
}

export const rejectOrderBodySchema = z
  .object({
    reasonCode: z.enum(ORDER_REJECT_REASON_CODES as [OrderRejectReason, ...OrderRejectReason[]], {
      error: codeMessage(E.ORDER_REASON_REQUIRED),
    }),
    /** Free text in both languages, or none; required when reasonCode is 'other' (50045). */
    note: z.object({ en: note(500), th: note(500) }).optional(),
  })
  .superRefine((body, ctx) => {
    if (rejectNoteIncomplete(body)) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: codeMessage(E.ORDER_REASON_REQUIRED) });
    }
  });
export type RejectOrderBody = z.input<typeof rejectOrderBodySchema>;

const orderParams = z.object({ id: transactionIdSchema });

const reportDay = cappedString(16, codeMessage(E.REPORT_INCORRECT), codeMessage(E.REPORT_INCORRECT))
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, codeMessage(E.REPORT_INCORRECT))
  .refine(isIsoDate, codeMessage(E.REPORT_INCORRECT));

/**
 * A report over Bangkok calendar days, both included (at most 366 days; 60001 otherwise):
 * `orders`, one line per order created in the range; `totals`, one line per day and type.
 */
export const ordersReportQuerySchema = z.object({
  from: reportDay,
  to: reportDay,
  kind: z.enum(['orders', 'totals'], { error: codeMessage(E.REPORT_INCORRECT) }).default('orders'),
});
export type OrdersReportQuery = z.input<typeof ordersReportQuerySchema>;

export const orderDeskEndpoints = {
  orderQueue: endpoint({
    method: 'GET',
    path: '/api/admin/orders',
    access: { staff: ANY_STAFF },
    summary:
      'Orders, paged: by default the open ones, `request` (awaiting staff) first and oldest first, then `pending`; with a status, that status newest first. Filters: type, Bangkok dates, member or order id.',
    query: orderQueueQuerySchema,
    result: paged(orderQueueItemSchema),
  }),
  staffOrder: endpoint({
    method: 'GET',
    path: '/api/admin/orders/:id',
    access: { staff: ANY_STAFF },
    summary:
      "One order with its proof, the member's legal name, identity status and identity reviews, the member's 10 newest other orders, earlier orders with the same slip, and its audited history (50012 if none).",
    params: orderParams,
    result: staffOrderSchema,
  }),
  completeOrder: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/complete',
    access: { staff: ORDER_HANDLERS },
    summary:
      "Completes an order awaiting staff ('request' -> 'success') with the payout reference: for a buy, the USDT transfer's hash on the order's network (50067 otherwise, kept in the network's spelling); a cash deposit needs slipNameMatches (50046) and depositSeen (50065), a cash appointment before its Bangkok day cameEarly (50064), a sell to a bank account not in the member's name otherNameAccepted (50048); a member whose payouts are held, 50057, checked in the completing update itself. One conditional update: of two staff at once one wins, the other gets 50014. Audited; the member is told live.",
    params: orderParams,
    body: completeOrderBodySchema,
    result: staffOrderSchema,
  }),
  ordersReport: endpoint({
    method: 'GET',
    path: '/api/admin/reports/orders.csv',
    access: { staff: ANY_STAFF },
    response: 'csv',
    summary:
      'Orders created over Bangkok days `from`-`to` as CSV (UTF-8 with a BOM, streamed): one line per order, or with kind=totals the count and completed volumes per day and type. 60001 for a bad range.',
    query: ordersReportQuerySchema,
    result: z.string(),
  }),
  rejectOrder: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/reject',
    access: { staff: ORDER_HANDLERS },
    summary:
      "Rejects an order awaiting staff ('request' -> 'reject') with a reason the member reads in their language ('other' needs the note in both languages, 50045). One winner as for complete. Audited; the member is told live.",
    params: orderParams,
    body: rejectOrderBodySchema,
    result: staffOrderSchema,
  }),
  revealOrderAccount: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/reveal-account',
    access: { staff: ORDER_HANDLERS },
    summary:
      'The full number of the bank account a sell pays out to (the order screen shows it masked); writes an audit row naming who looked. 50012 if no order, 10005 if the order has no bank account.',
    params: orderParams,
    body: z.object({}).nullish(),
    result: z.object({ accountNumber: z.string() }),
  }),
} as const;
