import { z } from 'zod';
import { isIsoDate } from '../../dates.ts';
import { ANY_STAFF, endpoint } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { moneyString } from '../../money.ts';
import { PAYMENT_METHODS, TRANSACTION_TYPES } from '../../transaction-kinds.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString, NO_CONTROL_CHARS } from '../../validators/text.ts';
import { ORDER_HANDLERS } from './orders.ts';

/**
 * Compliance reports (decision 0069): the queue of cash transactions to report to the Anti-Money
 * Laundering Office (AMLO) and the daily close of the desk's bank accounts, cash and USDT networks.
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
    /** The identity document's kind and number when the desk holds them, else null. */
    documentType: z.string().nullable(),
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

export const CLOSE_CHANNEL_PATTERN = /^(bank|cash|network:[A-Z0-9]{1,16})$/;

export const dailyCloseQuerySchema = z.object({ day: day(codeMessage(E.CLOSE_INVALID)) });

export const closeChannelSchema = z.object({
  /** 'bank' (the desk's bank accounts), 'cash' (cash at the desk) or 'network:<id>'. */
  channel: z.string(),
  currency: z.enum(['THB', 'USDT']),
  orders: z.array(
    z.object({
      id: z.string(),
      type: z.enum(TRANSACTION_TYPES),
      direction: z.enum(['in', 'out']),
      amount: moneyString,
      completedAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** What came in and went out through the channel on the day, and in minus out. */
  totalIn: z.string(),
  totalOut: z.string(),
  expected: z.string(),
  close: z
    .object({
      statementTotal: z.string(),
      /** The statement's total minus the expected one. */
      difference: z.string(),
      closedBy: z.string(),
      closedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type CloseChannel = z.infer<typeof closeChannelSchema>;

export const dailyCloseSchema = z.object({ day: z.string(), channels: z.array(closeChannelSchema) });
export type DailyClose = z.infer<typeof dailyCloseSchema>;

const amountText = cappedString(40, codeMessage(E.CLOSE_INVALID), codeMessage(E.CLOSE_INVALID)).regex(
  /^-?[0-9]{1,14}(\.[0-9]{1,8})?$/,
  codeMessage(E.CLOSE_INVALID),
);

export const closeDayBodySchema = z.object({
  day: day(codeMessage(E.CLOSE_INVALID)),
  channel: cappedString(40, codeMessage(E.CLOSE_INVALID), codeMessage(E.CLOSE_INVALID)).regex(
    CLOSE_CHANNEL_PATTERN,
    codeMessage(E.CLOSE_INVALID),
  ),
  /** The statement's net total for the day (money in minus money out), as a decimal. */
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
      "A Bangkok day's orders completed per channel (the desk's bank accounts, cash at the desk, each USDT network), their totals, and the close staff recorded if any. 40032 for a bad day.",
    query: dailyCloseQuerySchema,
    result: dailyCloseSchema,
  }),
  closeDay: endpoint({
    method: 'POST',
    path: '/api/admin/compliance/closes',
    access: { staff: ORDER_HANDLERS },
    summary:
      "Closes a channel's Bangkok day with the statement's total; the difference to the expected total is kept. Once per day and channel (40033; of two at once, one wins); 40032 for a day after today or a bad channel or amount. Audited.",
    body: closeDayBodySchema,
    result: dailyCloseSchema,
  }),
  closesReport: endpoint({
    method: 'GET',
    path: '/api/admin/reports/closes.csv',
    access: { staff: ANY_STAFF },
    response: 'csv',
    summary:
      "The daily closes of Bangkok days `from`-`to` as CSV, one line per day and channel, in the caller's language, Bangkok times with +07:00.",
    query: complianceReportQuerySchema,
    result: z.string(),
  }),
} as const;
