import { z } from 'zod';
import { BANK_CODES } from '../banks.ts';
import { type DateRange, HISTORY_FILTERS, isBangkokWeekday, isIsoDate } from '../dates.ts';
import { endpoint } from '../endpoint.ts';
import { E } from '../errors.ts';
import { buyAmountSchema, feePercentString, moneyString, rateString, sellAmountSchema } from '../money.ts';
import { NETWORK_IDS } from '../networks.ts';
import { ORDER_REJECT_REASON_CODES, type OrderRejectReason } from '../order-reasons.ts';
import {
  IDEMPOTENCY_KEY_PATTERN,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../transaction-kinds.ts';
import { imageBase64Schema } from '../validators/image.ts';
import { cappedString, codeMessage, requiredText } from '../validators/index.ts';
import { SLIP_BODY_LIMIT } from './uploads.ts';

/**
 * Orders (docs/product.md, Orders). Lifecycle: `pending` (created,
 * awaiting the member's payment until `deadlineAt`) -> `request` (member confirmed with proof) ->
 * `success` (staff paid out) or `reject` (staff gave a reason); a `pending` order past its deadline
 * becomes `expired`. Amounts and rates are decimal strings with 2 decimals; times are ISO 8601.
 * Images travel as base64 inside the JSON body (validators/image.ts).
 */

const ITEM_ID = codeMessage(E.ITEM_ID_REQUIRED);
/**
 * The public id of an order: ORDER_ID_PATTERN ('B261127KQMXR'), or the numbered form of orders
 * made before it ('B2611250001'); any id of letters and digits is taken, an unknown one not found.
 */
export const transactionIdSchema = cappedString(64, codeMessage(E.TRANSACTION_INVALID), ITEM_ID)
  .trim()
  .min(1, ITEM_ID)
  .max(40, codeMessage(E.TRANSACTION_INVALID))
  .regex(/^[A-Za-z0-9-]+$/, codeMessage(E.TRANSACTION_INVALID));

/** The id of a member's saved bank account or USDT address. */
const savedEntryId = z
  .number({ error: codeMessage(E.REQUIRED) })
  .int(codeMessage(E.INVALID_INPUT))
  .positive(codeMessage(E.INVALID_INPUT))
  .max(Number.MAX_SAFE_INTEGER, codeMessage(E.INVALID_INPUT));

/**
 * An ISO 8601 date-time with offset; `missing` is the code message when absent or malformed. A
 * malformed one stops there, so refinements (which parse it as a Date) never see arbitrary text.
 */
const instant = (missing: string) => z.iso.datetime({ offset: true, error: missing, abort: true });

const dateSchema = cappedString(64, codeMessage(E.INVALID_INPUT), codeMessage(E.REQUIRED))
  .refine(isIsoDate, codeMessage(E.INVALID_INPUT))
  .describe('calendar date YYYY-MM-DD, Asia/Bangkok');

// Results.

const bilingualText = z.object({ en: z.string(), th: z.string() });
const appointmentPlace = z.object({ id: z.string(), name: bilingualText, address: bilingualText });

const bankAccountSnapshot = z.object({
  bankCode: z.enum(BANK_CODES),
  accountNumber: z.string(),
  accountName: z.string(),
  /** The Thai name on the account, when the desk set it (the web setting). */
  accountNameTh: z.string().optional(),
});

export const transactionSummarySchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  currency: z.literal('USDT'),
  rate: moneyString,
  amountThb: moneyString,
  amountUsdt: moneyString,
  fee: moneyString,
  /** Buy: THB the member pays. Sell: THB the member receives, net of the fee. */
  total: moneyString,
});

export const transactionSchema = transactionSummarySchema.extend({
  feePercent: z.string(),
  /** Until when a `pending` order can be confirmed. */
  deadlineAt: z.iso.datetime({ offset: true }),
  /** Buy: where the USDT goes. Sell: the network the member sends on. */
  network: z.enum(NETWORK_IDS),
  /** Buy only: the member's address that receives the USDT. */
  usdtAddress: z.string().nullable(),
  /** Sell only: the member's account that receives the THB. */
  bankAccount: bankAccountSnapshot.nullable(),
  /**
   * Buy only: the desk's bank account the member was shown to deposit into, kept with the order
   * when it was placed; null for a sell and for an order placed before the desk recorded it.
   */
  deskBankAccount: bankAccountSnapshot.nullable(),
  /**
   * Sell only: the desk's receiving address the member was shown, kept with the order when it was
   * placed; null for a buy and for an order placed before the desk recorded it.
   */
  deskAddress: z.string().nullable(),
  payment: z
    .object({
      method: z.enum(PAYMENT_METHODS),
      depositAmount: moneyString.nullable(),
      depositAt: z.iso.datetime({ offset: true }).nullable(),
      /** The desk location of a cash appointment, as it was when the member booked it. */
      location: appointmentPlace.nullable(),
      appointmentAt: z.iso.datetime({ offset: true }).nullable(),
      txHash: z.string().nullable(),
      /** Authorised read path of the slip or screenshot under /api/files/..., if one was sent. */
      proofUrl: z.string().nullable(),
    })
    .nullable(),
  confirmedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Staff's payout reference once `success`: USDT transaction hash or bank transfer reference. */
  payoutReference: z.string().nullable(),
  /** Why staff rejected the order: one of ORDER_REJECT_REASONS, shown in the member's language. */
  reasonCode: z.enum(ORDER_REJECT_REASON_CODES as [OrderRejectReason, ...OrderRejectReason[]]).nullable(),
  /** The staff's note in both languages, when they wrote one. */
  reason: bilingualText.nullable(),
});

export type Transaction = z.output<typeof transactionSchema>;

// Requests.

/**
 * History filters (docs/product.md, Limits and constants) over Bangkok calendar dates (dates.ts);
 * `custom` needs a start and an end date, the start not after the end.
 */
export const transactionListBodySchema = z
  .object({
    filter: z.enum(HISTORY_FILTERS, { error: codeMessage(E.INVALID_INPUT) }).default('thisMonth'),
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
    type: z.enum(TRANSACTION_TYPES, { error: codeMessage(E.TYPE_REQUIRED) }).optional(),
    status: z.enum(TRANSACTION_STATUSES, { error: codeMessage(E.INVALID_INPUT) }).optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  })
  .superRefine((v, ctx) => {
    if (v.filter !== 'custom') return;
    if (!v.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: codeMessage(E.REQUIRED) });
    if (!v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: codeMessage(E.REQUIRED) });
    if (v.startDate && v.endDate && v.startDate > v.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: codeMessage(E.INVALID_INPUT) });
    }
  });

/** The custom range of a parsed list body, when it has one. */
export function customRangeOf(body: z.output<typeof transactionListBodySchema>): DateRange | undefined {
  return body.filter === 'custom' && body.startDate && body.endDate
    ? { from: body.startDate, to: body.endDate }
    : undefined;
}

/**
 * A new order. The member sends the rate (and, selling, the fee) the screen showed; if the live
 * value differs the server answers 50017 (incorrect exchange rate) and creates nothing.
 */
export const createTransactionBodySchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('buy'),
      amountThb: buyAmountSchema,
      rate: rateString,
      usdtAddressId: savedEntryId,
    }),
    z.object({
      type: z.literal('sell'),
      amountUsdt: sellAmountSchema,
      rate: rateString,
      feePercent: feePercentString,
      network: z.enum(NETWORK_IDS, { error: codeMessage(E.NETWORK_NOT_FOUND) }),
      bankAccountId: savedEntryId,
    }),
  ],
  { error: codeMessage(E.TYPE_REQUIRED) },
);

const PAYMENT_DETAILS = codeMessage(E.PAYMENT_DETAILS_REQUIRED);
/**
 * A sell order's proof: the transfer's hash (0x + 64 hex, 64 hex, or a base58 signature). The
 * server checks it against the order's network and keeps it in that network's spelling
 * (normaliseTxHash); a hash that backs another order that is not rejected is refused (50061).
 */
const txHashSchema = cappedString(128, codeMessage(E.WRONG_FORMAT))
  .trim()
  .regex(/^(?:(?:0[xX])?[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,90})$/, codeMessage(E.WRONG_FORMAT));

/**
 * The member confirms an order with its payment: a cash deposit (amount, time, slip) or a cash
 * appointment (a desk location on a weekday) for a buy order; the USDT transfer (its hash and/or
 * a screenshot) for a sell order.
 */
export const confirmTransactionBodySchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      id: transactionIdSchema,
      method: z.literal('cash_deposit'),
      depositAmount: moneyString,
      depositAt: instant(PAYMENT_DETAILS),
      slipImage: imageBase64Schema,
    }),
    z.object({
      id: transactionIdSchema,
      method: z.literal('cash_appointment'),
      /** The id of one of the desk's locations (web settings; 30009 if none). */
      locationId: requiredText(64, PAYMENT_DETAILS),
      appointmentAt: instant(PAYMENT_DETAILS).refine(
        (s) => isBangkokWeekday(new Date(s)),
        codeMessage(E.WEEKDAY_REQUIRED),
      ),
    }),
    z
      .object({
        id: transactionIdSchema,
        method: z.literal('usdt_transfer'),
        txHash: txHashSchema.optional(),
        proofImage: imageBase64Schema.optional(),
      })
      .refine((v) => v.txHash !== undefined || v.proofImage !== undefined, {
        message: codeMessage(E.PROOF_REQUIRED),
        path: ['txHash'],
      }),
  ],
  { error: PAYMENT_DETAILS },
);

const idBody = z.object({ id: transactionIdSchema });

/**
 * The Idempotency-Key header of create and confirm: 8-100 letters, digits, '-' or '_'. The server
 * keeps a hash of the request's body with the key: the same key with another body answers 50062.
 */
export const idempotencyKeySchema = cappedString(200, codeMessage(E.INVALID_INPUT)).regex(
  IDEMPOTENCY_KEY_PATTERN,
  codeMessage(E.INVALID_INPUT),
);

/** Where the member pays: the desk's bank accounts and locations (buy) or receiving address (sell). */
export const receivePaymentSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('buy'),
    amountThb: moneyString,
    deadlineAt: z.iso.datetime({ offset: true }),
    /** False above the cash-deposit ceiling: only an appointment is allowed (code 10052). */
    cashDepositAllowed: z.boolean(),
    /** The desk's account kept with the order (every account of the desk for an order placed before one was kept). */
    bankAccounts: z.array(bankAccountSnapshot),
    locations: z.array(
      appointmentPlace.extend({
        openingHours: bilingualText,
        /** Bangkok 'HH:MM' between which an appointment may start. */
        opens: z.string(),
        closes: z.string(),
      }),
    ),
    /** Bangkok dates on which no appointment can be booked: the desk's closed days (bank holidays), with their names. */
    holidays: z.array(z.object({ date: z.string(), name: bilingualText })),
    /** The last Bangkok date an appointment may be booked for. */
    lastAppointmentDate: z.string(),
  }),
  z.object({
    type: z.literal('sell'),
    amountUsdt: moneyString,
    deadlineAt: z.iso.datetime({ offset: true }),
    network: z.enum(NETWORK_IDS),
    /** The desk's receiving address kept with the order; the browser draws it as a QR code. */
    address: z.string(),
  }),
]);

/** What a member knows before placing an order (decision 0061). */
export const orderTermsSchema = z.object({
  /** Minutes a new order can be paid for before it expires. */
  paymentDeadlineMinutes: z.number().int(),
  /** THB above which a buy can only be paid at a cash appointment (10052). */
  cashDepositCeilingThb: moneyString,
  /** The networks the desk takes USDT on now. */
  enabledNetworks: z.array(z.enum(NETWORK_IDS)),
  /** The network of the member's latest sell order, if they have sold before; null otherwise. */
  lastSellNetwork: z.enum(NETWORK_IDS).nullable(),
  /** The member's pending order with the nearest deadline, if any: shown with its countdown on every page. */
  pendingOrder: z
    .object({ id: z.string(), type: z.enum(TRANSACTION_TYPES), deadlineAt: z.iso.datetime({ offset: true }) })
    .nullable(),
});
export type OrderTerms = z.infer<typeof orderTermsSchema>;

export const transactionEndpoints = {
  getOrderTerms: endpoint({
    method: 'POST',
    path: '/api/external/transaction/getOrderTerms',
    access: 'member',
    summary:
      "What the member should know before an order: the payment deadline in minutes, the cash-deposit ceiling, the networks the desk takes, the network of the member's last sell, and their pending order, if any.",
    body: z.object({}).nullish(),
    result: orderTermsSchema,
  }),
  getTransactionList: endpoint({
    method: 'POST',
    path: '/api/external/transaction/getTransactionList',
    access: 'member',
    summary: "The member's orders in a history date range, newest first, a page at a time.",
    body: transactionListBodySchema,
    result: z.object({
      items: z.array(transactionSummarySchema),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
      /** The Bangkok dates the filter covered. */
      from: z.string(),
      to: z.string(),
    }),
  }),
  getTransaction: endpoint({
    method: 'POST',
    path: '/api/external/transaction/getTransaction',
    access: 'member',
    summary: "One of the member's orders in full (another member's order answers not found).",
    body: idBody,
    result: transactionSchema,
  }),
  createTransaction: endpoint({
    method: 'POST',
    path: '/api/external/transaction/createTransaction',
    access: 'member',
    summary:
      'Creates a pending buy or sell order at the rate (and fee) the member saw: 50017 if the rate in force differs. Needs verified identity and a saved USDT address (10034/10035), a payout destination past its cooling-off (10037), fewer open orders than the cap (50041). An Idempotency-Key header makes a retry with the same body return the same order; the key with another body answers 50062.',
    body: createTransactionBodySchema,
    result: transactionSchema,
  }),
  confrimTransaction: endpoint({
    method: 'POST',
    path: '/api/external/transaction/confrimTransaction',
    access: 'member',
    summary:
      "Confirms a pending order with its payment and proof, moving it to 'request' for staff; an order past its deadline answers 50013 and is expired. Cash deposits above the ceiling answer 10052; appointments must fall on a business day that is not a Thai public holiday (50036/50042) within the location's hours (50043); a deposit time must lie between the order's creation and now (50063); a transaction hash that backs another order answers 50061. An Idempotency-Key header makes a retry with the same body harmless; the key with another body answers 50062.",
    body: confirmTransactionBodySchema,
    bodyLimit: SLIP_BODY_LIMIT,
    imageFields: ['slipImage', 'proofImage'],
    result: transactionSchema,
  }),
  getReceivePayment: endpoint({
    method: 'POST',
    path: '/api/external/transaction/getReceivePayment',
    access: 'member',
    summary:
      "How to pay a pending order: the desk's bank accounts and cash locations, or its USDT receiving address.",
    body: idBody,
    result: receivePaymentSchema,
  }),
} as const;
