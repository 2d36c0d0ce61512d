import { z } from 'zod';
import { ANY_STAFF, endpoint } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { moneyString } from '../../money.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString } from '../../validators/text.ts';
import { htmlPageInputSchema, newsInputSchema, rateChangeInputSchema, rateResultSchema } from '../home.ts';
import { idParams, iso, paged, pageQuery } from './common.ts';
import { twoPersonRulesSchema } from './proposals.ts';

/**
 * What the desk's staff read and run every day: the dashboard, rates and their history,
 * news and HTML pages. Reading is for every role; writing is for admins.
 */

const DASHBOARD_DAYS_MAX = 90;

const sideVolume = z.object({ count: z.number().int(), thb: moneyString, usdt: moneyString });
const volumeSchema = z.object({ buy: sideVolume, sell: sideVolume });
export type Volume = z.infer<typeof volumeSchema>;

/**
 * What a real desk must have before it opens (decision 0055): an admin staff account, rates, a bank
 * account members pay into, a receiving address for sell orders and a place for cash appointments.
 * The dashboard and `npm run desk -- check` list the ones missing; the site works without them.
 */
export const SETUP_ITEMS = [
  'adminAccount',
  'rates',
  'deskBankAccounts',
  'receivingAddresses',
  'locations',
] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

/**
 * The staff commands of the command line that someone on the server may run without signing in,
 * with `--break-glass`, when no admin can sign in (decision 0092). Each use is audited
 * (`staff.breakGlass`), sent to the desk alert channel and shown on the dashboard for
 * BREAK_GLASS_SHOWN_DAYS days.
 */
export const BREAK_GLASS_COMMANDS = ['staff:create', 'staff:reset-second-factor', 'staff:unlock'] as const;
export type BreakGlassCommand = (typeof BREAK_GLASS_COMMANDS)[number];
export const BREAK_GLASS_SHOWN_DAYS = 7;

export const breakGlassUseSchema = z.object({
  at: iso,
  command: z.enum(BREAK_GLASS_COMMANDS),
  /** The admin account it created, or whose second factor or lock it cleared. */
  username: z.string(),
  /** The operating-system user who ran it on the server. */
  osUser: z.string(),
});
export type BreakGlassUse = z.infer<typeof breakGlassUseSchema>;

export const dashboardSchema = z.object({
  membersTotal: z.number().int(),
  /** Members who signed up today (Asia/Bangkok). */
  membersNewToday: z.number().int(),
  /** KYC submissions waiting for a decision. */
  kycWaiting: z.number().int(),
  /** Proofs of income or assets waiting for a decision (decision 0071). */
  proofsWaiting: z.number().int(),
  /** Orders not yet finished, by status (0 until orders exist). */
  ordersOpen: z.object({ pending: z.number().int(), request: z.number().int() }),
  /** The rates in force, who set them and when; null before any were set. */
  rates: z
    .object({
      buyRate: moneyString,
      sellRate: moneyString,
      sellFeePercent: z.string(),
      setBy: z.string(),
      setAt: iso,
    })
    .nullable(),
  /** Sign-ups per Bangkok day, oldest first, `days` entries ending today (days without any are 0). */
  signupsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** Completed orders created today and this month (Asia/Bangkok): THB and USDT by type. */
  volumes: z.object({ today: volumeSchema, month: volumeSchema }),
  /** THB of completed orders per Bangkok day and type, oldest first, `days` entries ending today. */
  volumePerDay: z.array(z.object({ date: z.string(), buyThb: moneyString, sellThb: moneyString })),
  /** What the desk must still set before it opens, in SETUP_ITEMS order; empty once all are set. */
  setupMissing: z.array(z.enum(SETUP_ITEMS)),
  /** Uses of break-glass in the last BREAK_GLASS_SHOWN_DAYS days, newest first (decision 0092). */
  breakGlass: z.array(breakGlassUseSchema),
  /**
   * Whether two-person rules hold: with fewer than two enabled admins, a change that guards money
   * or makes an admin applies on one admin's word (decision 0091), and the dashboard says so.
   */
  twoPersonRules: twoPersonRulesSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** What waits for staff now: the console's menu and tab title show it, live. */
export const waitingSchema = z.object({
  /** Orders the member paid or sent, waiting for a staff decision (not yet prepared for approval). */
  orders: z.number().int(),
  /** Large payouts prepared by one staff member, waiting for another's approval. */
  approvals: z.number().int(),
  /** Members whose newest identity submission waits for a decision. */
  kyc: z.number().int(),
  /** Proofs of income or assets waiting for a decision (decision 0071). */
  proofs: z.number().int(),
});
export type Waiting = z.infer<typeof waitingSchema>;

export const rateHistoryEntrySchema = z.object({
  id: z.number().int(),
  buyRate: moneyString,
  sellRate: moneyString,
  sellFeePercent: z.string(),
  /** Who set it: a staff username, or 'seed' / the operator CLI. */
  setBy: z.string(),
  createdAt: iso,
});
export type RateHistoryEntry = z.infer<typeof rateHistoryEntrySchema>;

const ratePair = z.object({ buyRate: moneyString, sellRate: moneyString });

/**
 * Rates with the sell fee, and `netSellRate`: what a seller gets for 1 USDT after the fee (the sell
 * rate less the fee, as an order pays it).
 */
const rateSet = ratePair.extend({ sellFeePercent: z.string(), netSellRate: moneyString });
export type RateSet = z.infer<typeof rateSet>;

/**
 * How far rates move, in per cent (signed, 2 decimals: '-90.00'): buy, sell, and the net sell rate
 * `sellRate × (1 − fee/100)`, the measure of a change of the fee (decision 0090).
 */
const rateMoves = {
  buyChangePercent: z.string(),
  sellChangePercent: z.string(),
  netSellChangePercent: z.string(),
};

/**
 * The reference a change is also measured against for the max bound, when it is not the rates in
 * force (decision 0090): the rates in force 24 hours ago, or the last rates a second admin's
 * approval put in force since then, whichever is newer; `since` is when they took effect.
 */
const rateReferenceSchema = z.object({ rates: rateSet, since: iso, ...rateMoves });
export type RateReference = z.infer<typeof rateReferenceSchema>;

/**
 * What a refused rate change (40011) carries as `result.period`, for the console to ask again: the
 * rates in force and the new ones with the fee, how far each moves, the reference and how far the
 * change moves from it, and the bounds of the web settings. Past `maxPercent` from either,
 * confirming makes a proposal (decisions 0045, 0090).
 */
export const rateChangeCheckSchema = z.object({
  current: rateSet,
  proposed: rateSet,
  ...rateMoves,
  reference: rateReferenceSchema.nullable(),
  confirmPercent: z.number().int(),
  maxPercent: z.number().int(),
  needsApproval: z.boolean(),
});
export type RateChangeCheck = z.infer<typeof rateChangeCheckSchema>;

/** A rate change past rateChangeMaxPercent, waiting for a second admin (decisions 0045, 0090). */
export const rateProposalSchema = z.object({
  id: z.number().int(),
  buyRate: moneyString,
  sellRate: moneyString,
  sellFeePercent: z.string(),
  netSellRate: moneyString,
  /** The rates in force when it was proposed (still in force: any change replaces a proposal). */
  from: rateSet,
  ...rateMoves,
  /** The reference it was also measured against; null when that was the rates in force. */
  reference: rateReferenceSchema.nullable(),
  /** A staff username, or the recorded text of the operator CLI. */
  proposedBy: z.string(),
  createdAt: iso,
});
export type RateProposal = z.infer<typeof rateProposalSchema>;

/** The rates in force after a change, and the proposal it made instead when past the max bound. */
export const setRatesResultSchema = rateResultSchema.extend({ proposal: rateProposalSchema.nullable() });
export type SetRatesResult = z.infer<typeof setRatesResultSchema>;

export const adminNewsItemSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleTh: z.string(),
  /** Sanitised HTML, as members see it. */
  bodyEn: z.string(),
  bodyTh: z.string(),
  /** Null while unpublished (a draft members do not see). */
  publishedAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
});
export type AdminNewsItem = z.infer<typeof adminNewsItemSchema>;

export const adminHtmlPageSchema = z.object({
  link: z.string(),
  titleEn: z.string(),
  titleTh: z.string(),
  bodyEn: z.string(),
  bodyTh: z.string(),
  updatedAt: iso,
});
export type AdminHtmlPage = z.infer<typeof adminHtmlPageSchema>;

/** Room for a news item's two bodies of 50,000 characters in UTF-8 Thai (3 bytes each). */
export const NEWS_BODY_LIMIT = 400 * 1024;
/** Room for a page's two bodies of 200,000 characters. */
export const PAGE_BODY_LIMIT = 1300 * 1024;

export const deskEndpoints = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/admin/dashboard',
    access: { staff: ANY_STAFF },
    summary:
      'Members total and new today, KYC waiting, open orders by status, the rates in force, sign-ups per day over the last `days` days (1 to 90, default 30; 70001 otherwise), what the desk must still set before it opens, and whether two-person rules hold (two enabled admins).',
    query: z.object({
      days: z.coerce
        .number({ error: codeMessage(E.DASHBOARD_INCORRECT) })
        .int(codeMessage(E.DASHBOARD_INCORRECT))
        .min(1, codeMessage(E.DASHBOARD_INCORRECT))
        .max(DASHBOARD_DAYS_MAX, codeMessage(E.DASHBOARD_INCORRECT))
        .default(30),
    }),
    result: dashboardSchema,
  }),
  waiting: endpoint({
    method: 'GET',
    path: '/api/admin/waiting',
    access: { staff: ANY_STAFF },
    summary:
      'How many orders wait for a staff decision, how many large payouts wait for a second staff member, how many identity reviews and how many income proofs wait (the console menu and tab title, refreshed on live events).',
    result: waitingSchema,
  }),
  rateHistory: endpoint({
    method: 'GET',
    path: '/api/admin/rates',
    access: { staff: ANY_STAFF },
    summary:
      'Every change of the rates and fee, newest first, with who set it (up to 500 a page, for the chart).',
    query: pageQuery(500, 50),
    result: paged(rateHistoryEntrySchema),
  }),
  setRates: endpoint({
    method: 'POST',
    path: '/api/admin/rates',
    access: { staff: ['admin'] },
    summary:
      'Sets the buy rate, sell rate and sell fee (a new row of the rates history, audited). Every process serves the new rates within a second. A move of buy, sell or the net sell rate (sell rate less the fee) past the web setting rateChangeConfirmPercent from the rates in force needs `confirmed: true` (40011 otherwise, with the rates, the fee and the change in per cent); past rateChangeMaxPercent from the rates in force, or from the reference (the rates in force 24 hours ago, or those a second admin approved since), it only makes a proposal (`proposal`) that another admin approves. A sell rate above the buy rate: 40010.',
    body: rateChangeInputSchema,
    result: setRatesResultSchema,
  }),
  rateProposals: endpoint({
    method: 'GET',
    path: '/api/admin/rates/proposals',
    access: { staff: ANY_STAFF },
    summary: 'The rate change waiting for a second admin, if any (at most one: a later change replaces it).',
    result: z.object({ items: z.array(rateProposalSchema) }),
  }),
  approveRateProposal: endpoint({
    method: 'POST',
    path: '/api/admin/rates/proposals/:id/approve',
    access: { staff: ['admin'] },
    summary:
      'Puts a proposed rate change in force (audited): an admin other than the proposer (40013); 40012 when there is none, 40014 when it was decided or replaced already.',
    params: idParams,
    body: z.object({}).nullish(),
    result: rateResultSchema,
  }),
  discardRateProposal: endpoint({
    method: 'POST',
    path: '/api/admin/rates/proposals/:id/discard',
    access: { staff: ['admin'] },
    summary:
      'Discards a proposed rate change (audited; the rates in force stay): an admin other than the proposer (40013); 40012, 40014 as for approve.',
    params: idParams,
    body: z.object({}).nullish(),
    result: z.null(),
  }),
  listNews: endpoint({
    method: 'GET',
    path: '/api/admin/news',
    access: { staff: ANY_STAFF },
    summary: 'Every news item, drafts too, newest first.',
    query: pageQuery(),
    result: paged(adminNewsItemSchema),
  }),
  createNews: endpoint({
    method: 'POST',
    path: '/api/admin/news',
    access: { staff: ['admin'] },
    summary:
      'Adds a news item (title and body in both languages; bodies sanitised), published at once or as a draft.',
    body: newsInputSchema.extend({ published: z.boolean() }),
    bodyLimit: NEWS_BODY_LIMIT,
    result: adminNewsItemSchema,
  }),
  updateNews: endpoint({
    method: 'POST',
    path: '/api/admin/news/:id',
    access: { staff: ['admin'] },
    summary: 'Replaces the titles and bodies of a news item (30016 when there is none).',
    params: idParams,
    body: newsInputSchema,
    bodyLimit: NEWS_BODY_LIMIT,
    result: adminNewsItemSchema,
  }),
  publishNews: endpoint({
    method: 'POST',
    path: '/api/admin/news/:id/publish',
    access: { staff: ['admin'] },
    summary: 'Publishes (members see it from now) or unpublishes a news item.',
    params: idParams,
    body: z.object({ published: z.boolean() }),
    result: adminNewsItemSchema,
  }),
  deleteNews: endpoint({
    method: 'POST',
    path: '/api/admin/news/:id/delete',
    access: { staff: ['admin'] },
    summary: 'Deletes a news item for good (audited with its content).',
    params: idParams,
    body: z.object({}).nullish(),
    result: z.null(),
  }),
  listPages: endpoint({
    method: 'GET',
    path: '/api/admin/pages',
    access: { staff: ANY_STAFF },
    summary: 'Every HTML page (manual, calculator, terms, privacy and any other link), by link.',
    result: z.object({ items: z.array(adminHtmlPageSchema) }),
  }),
  savePage: endpoint({
    method: 'POST',
    path: '/api/admin/pages',
    access: { staff: ['admin'] },
    summary:
      'Creates or replaces the page at `link` (both languages; bodies sanitised). getHtmlPage serves it.',
    body: htmlPageInputSchema,
    bodyLimit: PAGE_BODY_LIMIT,
    result: adminHtmlPageSchema,
  }),
  previewHtml: endpoint({
    method: 'POST',
    path: '/api/admin/preview',
    access: { staff: ANY_STAFF },
    summary: 'The HTML exactly as it would be stored and shown: the server sanitiser applied, nothing saved.',
    body: z.object({ html: cappedString(400_000, codeMessage(E.INVALID_INPUT)) }),
    bodyLimit: PAGE_BODY_LIMIT,
    result: z.object({ html: z.string() }),
  }),
} as const;
