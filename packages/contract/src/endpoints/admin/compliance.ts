import { z } from 'zod';
import { isIsoDate } from '../../dates.ts';
import { ANY_STAFF, endpoint } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { moneyString } from '../../money.ts';
import { PAYMENT_METHODS, TRANSACTION_TYPES } from '../../transaction-kinds.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString, NO_CONTROL_CHARS } from '../../validators/text.ts';
import { KYC_DOCUMENT_TYPES } from '../kyc.ts';
import { ORDER_HANDLERS } from './orders.ts';

/**
 * Compliance reports (decisions 0069, 0096): the queue of cash transactions to report to the
 * Anti-Money Laundering Office (AMLO) and the daily close of each of the desk's bank accounts, its
 * cash and each USDT network.
 */

/** The AMLO reporting threshold for cash transactions, in THB: one order or a member's Bangkok day. */
export const AMLO_CASH_THRESHOLD_THB = '2000000.00';

const day = (invalid: string) =>
  cappedString(16, invalid, invalid)
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, invalid)
    .refine(isIsoDate, invalid);

export const amloQueueQuerySchema = z.object({
  /** Bangkok days of completion, both included (at most 366 days; 60001 otherwise). */
  from: day(codeMessage(E.REPORT_INCORRECT)),
  to: day(codeMessage(E.REPORT_INCORRECT)),
  /** open: not filed yet (the default); filed; all. */
  state: z.enum(['open', 'filed', 'all'], { error: codeMessage(E.REPORT_INCORRECT) }).default('open'),
});

export const amloOrderSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  method: z.enum(PAYMENT_METHODS).nullable(),
  amountThb: moneyString,
  amountUsdt: moneyString,
  /** When staff completed it: the time of the transaction. */
  completedAt: z.iso.datetime({ offset: true }),
  /** The desk location of a cash appointment, in both languages. */
  location: z.object({ en: z.string(), th: z.string() }).nullable(),
});

export const amloEntrySchema = z.object({
  /** 'order:<id>' for one cash order at or over the threshold; 'day:<member>:<date>' for split orders. */
  key: z.string(),
  kind: z.enum(['cash', 'split']),
  /** The Bangkok day of the transactions. */
  day: z.string(),
  member: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    /**
     * The newest verified identity document: its kind and number (a Thai ID card's 13 digits, a
     * passport's number); null where the desk holds none (a passport sent without its number).
     */
    documentType: z.enum(KYC_DOCUMENT_TYPES).nullable(),
    documentNumber: z.string().nullable(),
  }),
  orders: z.array(amloOrderSchema),
  totalThb: moneyString,
  filing: z
    .object({ reference: z.string(), filedBy: z.string(), filedAt: z.iso.datetime({ offset: true }) })
    .nullable(),
});
export type AmloEntry = z.infer<typeof amloEntrySchema>;

export const fileAmloBodySchema = z.object({
  key: cappedString(100, codeMessage(E.AMLO_ENTRY_NOT_FOUND)).regex(
    /^(order:[A-Z0-9]{1,20}|day:[0-9]{1,18}:[0-9]{4}-[0-9]{2}-[0-9]{2})$/,
    codeMessage(E.AMLO_ENTRY_NOT_FOUND),
  ),
  /** The reference AMLO's filing system gave the report. */
  reference: cappedString(200, codeMessage(E.INVALID_INPUT), codeMessage(E.INVALID_INPUT))
    .trim()
    .min(1, codeMessage(E.INVALID_INPUT))
    .max(100, codeMessage(E.INVALID_INPUT))
    .regex(NO_CONTROL_CHARS, codeMessage(E.INVALID_INPUT)),
});

/**
 * A close channel: `bank:<bank code>:<account number>` (deposits into one of the desk's bank
 * accounts, as the order recorded it), `bank` (the desk's bank accounts where no account is
 * recorded: sell payouts, and deposits of orders placed before the account was recorded), `cash`
 * (cash at the desk) or `network:<id>` (USDT on one network).
 */
export const CLOSE_CHANNEL_PATTERN = /^(bank|cash|bank:[A-Z]{2,10}:[0-9]{1,20}|network:[A-Z0-9]{1,16})$/;

export type CloseChannelParts =
  | { kind: 'account'; bankCode: string; accountNumber: string }
  | { kind: 'bank' }
  | { kind: 'cash' }
  | { kind: 'network'; network: string };

/** What a close channel's name says: which bank account, network, or the bank or cash channel. */
export function closeChannelParts(channel: string): CloseChannelParts {
  if (channel === 'bank' || channel === 'cash') return { kind: channel };
  if (channel.startsWith('network:')) return { kind: 'network', network: channel.slice('network:'.length) };
  const [, bankCode = '', accountNumber = ''] = channel.split(':');
  return { kind: 'account', bankCode, accountNumber };
}

/** The channel of deposits into one of the desk's bank accounts. */
export const accountChannel = (bankCode: string, accountNumber: string) =>
  `bank:${bankCode}:${accountNumber}`;

export const dailyCloseQuerySchema = z.object({ day: day(codeMessage(E.CLOSE_INVALID)) });

export const closeChannelSchema = z.object({
  /** See CLOSE_CHANNEL_PATTERN. */
  channel: z.string(),
  currency: z.enum(['THB', 'USDT']),
  /**
   * The money of completed orders that moved through the channel on the day: a deposit at the
   * member's payment time (the slip's time; a cash appointment's completion; a sell's
   * confirmation), a payout at its completion.
   */
  orders: z.array(
    z.object({
      id: z.string(),
      type: z.enum(TRANSACTION_TYPES),
      direction: z.enum(['in', 'out']),
      amount: moneyString,
      /** When the money moved, as above. */
      at: z.iso.datetime({ offset: true }),
    }),
  ),
  /** What came in and went out through the channel on the day, and in minus out, as counted now. */
  totalIn: z.string(),
  totalOut: z.string(),
  expected: z.string(),
  close: z
    .object({
      statementTotal: z.string(),
      /** The statement's total minus the expected total of the close. */
      difference: z.string(),
      /**
       * The figures as they stood when the day was closed: an order completed since (its money
       * moved that day) changes `expected` and the orders above, not these.
       */
      expected: z.string(),
      orders: z.number().int(),
      closedBy: z.string(),
      closedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type CloseChannel = z.infer<typeof closeChannelSchema>;

export const dailyCloseSchema = z.object({
  day: z.string(),
  /** Whether the Bangkok day has ended: only then may its channels be closed (40050). */
  ended: z.boolean(),
  channels: z.array(closeChannelSchema),
});
export type DailyClose = z.infer<typeof dailyCloseSchema>;

/** A statement's total: a signed amount of at most 2 decimals, stored and shown as entered (40051). */
const amountText = cappedString(
  40,
  codeMessage(E.CLOSE_AMOUNT_INVALID),
  codeMessage(E.CLOSE_AMOUNT_INVALID),
).regex(/^-?[0-9]{1,14}(\.[0-9]{1,2})?$/, codeMessage(E.CLOSE_AMOUNT_INVALID));

export const closeDayBodySchema = z.object({
  day: day(codeMessage(E.CLOSE_INVALID)),
  channel: cappedString(60, codeMessage(E.CLOSE_INVALID), codeMessage(E.CLOSE_INVALID)).regex(
    CLOSE_CHANNEL_PATTERN,
    codeMessage(E.CLOSE_INVALID),
  ),
  /** The statement's net total for the day (money in minus money out). */
  statementTotal: amountText,
});

export const complianceReportQuerySchema = z.object({
  from: day(codeMessage(E.REPORT_INCORRECT)),
  to: day(codeMessage(E.REPORT_INCORRECT)),
});

export const complianceEndpoints = {
  amloQueue: endpoint({
    method: 'GET',
    path: '/api/admin/compliance/amlo',
    access: { staff: ORDER_HANDLERS },
    summary:
      "Completed cash orders of at least 2,000,000 THB, and a member's cash orders under it that together reach it within one Bangkok day, over Bangkok days `from`-`to`, with the member's identity and the filing if any. 60001 for a bad range.",
    query: amloQueueQuerySchema,
    result: z.object({ thresholdThb: moneyString, items: z.array(amloEntrySchema) }),
  }),
  fileAmlo: endpoint({
    method: 'POST',
    path: '/api/admin/compliance/amlo/file',
    access: { staff: ORDER_HANDLERS },
    summary:
      'Marks an AMLO queue entry as filed with its filing reference, once: 40030 if the key is not in the queue, 40031 if already filed (of two at once, one wins). Audited.',
    body: fileAmloBodySchema,
    result: amloEntrySchema,
  }),
  amloReport: endpoint({
    method: 'GET',
    path: '/api/admin/reports/amlo.csv',
    access: { staff: ORDER_HANDLERS },
    response: 'csv',
    summary:
      "The AMLO queue of Bangkok days `from`-`to` as CSV, one line per order of each entry, headings and words in the caller's language (Accept-Language), Bangkok times with +07:00.",
    query: complianceReportQuerySchema,
    result: z.string(),
  }),
  dailyClose: endpoint({
    method: 'GET',
    path: '/api/admin/compliance/closes',
    access: { staff: ANY_STAFF },
    summary:
      "A Bangkok day's money per channel (each of the desk's bank accounts, the desk's bank accounts where none is recorded, cash at the desk, each USDT network): the completed orders whose deposit or payout fell on the day, their totals, and the close staff recorded if any, with its figures as they stood then. 40032 for a bad day.",
    query: dailyCloseQuerySchema,
    result: dailyCloseSchema,
  }),
  closeDay: endpoint({
    method: 'POST',
    path: '/api/admin/compliance/closes',
    access: { staff: ORDER_HANDLERS },
    summary:
      "Closes a channel's ended Bangkok day with the statement's total (at most 2 decimals, 40051); the expected total and the difference are kept. Once per day and channel (40033; of two at once, one wins); 40050 for today or a later day; 40032 for a bad day or a channel the day does not have. Audited.",
    body: closeDayBodySchema,
    result: dailyCloseSchema,
  }),
  closesReport: endpoint({
    method: 'GET',
    path: '/api/admin/reports/closes.csv',
    access: { staff: ANY_STAFF },
    response: 'csv',
    summary:
      "The daily closes of Bangkok days `from`-`to` as CSV, one line per day and channel, the figures of the close beside the day's figures now, in the caller's language, Bangkok times with +07:00, amounts as plain signed decimals.",
    query: complianceReportQuerySchema,
    result: z.string(),
  }),
} as const;
