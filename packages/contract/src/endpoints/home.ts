import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { E, type ErrorDef } from '../errors.ts';
import { feePercentString, moneyString, parseDecimal, rateString } from '../money.ts';
import { NETWORK_IDS } from '../networks.ts';
import { codeMessage } from '../validators/messages.ts';
import { cappedString, inputCap } from '../validators/text.ts';

/**
 * The public read calls: what anyone may ask before signing in (maintenance switch, rates, news,
 * staff-written pages, the chat contact, the lists of networks and banks), and the inputs staff
 * (back office or operator CLI) give for them.
 */

/** A call that takes no input: no body, or any JSON object (its keys are ignored). */
const noInput = z.object({}).nullish();

/** 'on': the service is up; 'off': maintenance (the product's inverted word). */
export const maintenanceStatusSchema = z.enum(['on', 'off'], {
  error: codeMessage(E.MAINTENANCE_STATUS_INVALID),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

const bilingual = z.object({ en: z.string(), th: z.string() });

const range = z.object({ min: moneyString, max: moneyString });

export const rateResultSchema = z.object({
  /** THB the member pays per USDT bought. */
  buyRate: moneyString,
  /** THB the member receives per USDT sold, before the fee. */
  sellRate: moneyString,
  /** The sell fee, a percentage of the gross THB amount ('1.00' is 1 %). */
  sellFeePercent: z.string(),
  /** Buy amounts in THB. */
  buyRange: range,
  /** Sell amounts in USDT. */
  sellRange: range,
  updatedAt: z.iso.datetime(),
});

export type RateResult = z.infer<typeof rateResultSchema>;

export const newsItemSchema = z.object({
  id: z.number().int(),
  title: bilingual,
  /** Sanitised HTML. */
  body: bilingual,
  publishedAt: z.iso.datetime(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** A page link: lower-case letters, digits and single dashes ('manual', 'how-to-sell'). */
export const pageLinkSchema = cappedString(64, codeMessage(E.HTML_PAGE_INVALID)).regex(
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  codeMessage(E.HTML_PAGE_INVALID),
);

export const htmlPageSchema = z.object({
  link: z.string(),
  title: bilingual,
  /** Sanitised HTML. */
  body: bilingual,
  updatedAt: z.iso.datetime(),
});
export type HtmlPage = z.infer<typeof htmlPageSchema>;

export const networkInfoSchema = z.object({
  id: z.enum(NETWORK_IDS),
  name: z.string(),
  standard: z.string(),
  format: z.enum(['evm', 'bep2', 'solana', 'tron']),
  /** Whether the desk takes USDT on it now (web setting `enabledNetworks`); saved entries on a disabled one stay readable. */
  enabled: z.boolean(),
});

export const bankInfoSchema = z.object({
  code: z.string(),
  botCode: z.string(),
  en: z.string(),
  th: z.string(),
  /** Digits of a personal account number at this bank (dashes are ignored). */
  accountDigits: z.number().int(),
});

export const NEWS_PAGE_DEFAULT = 20;
export const NEWS_PAGE_MAX = 50;

export const homeEndpoints = {
  maintenanceStatus: endpoint({
    method: 'GET',
    path: '/api/external/home/maintenanceStatus',
    access: 'public',
    summary:
      "Whether the service is up ('on') or in maintenance ('off'), and the visitor's country (from a trusted proxy header, else 'th' for a Thai Accept-Language, else its first region, else '').",
    result: z.object({
      status: maintenanceStatusSchema,
      header: z.object({ country: z.string() }),
    }),
  }),
  getRate: endpoint({
    method: 'POST',
    path: '/api/external/home/getRate',
    access: 'public',
    summary: 'The live buy and sell rates (THB per USDT), the sell fee and the amount ranges.',
    body: noInput,
    result: rateResultSchema,
  }),
  getNews: endpoint({
    method: 'GET',
    path: '/api/external/home/getNews',
    access: 'public',
    summary: 'Published news, newest first, in both languages; `id` gives one item.',
    query: z.object({
      limit: z.coerce
        .number({ error: codeMessage(E.INVALID_INPUT) })
        .int(codeMessage(E.INVALID_INPUT))
        .min(1, codeMessage(E.INVALID_INPUT))
        .max(NEWS_PAGE_MAX, codeMessage(E.INVALID_INPUT))
        .default(NEWS_PAGE_DEFAULT),
      id: z.coerce
        .number({ error: codeMessage(E.NEWS_NOT_FOUND) })
        .int(codeMessage(E.NEWS_NOT_FOUND))
        .min(1, codeMessage(E.NEWS_NOT_FOUND))
        .max(Number.MAX_SAFE_INTEGER, codeMessage(E.NEWS_NOT_FOUND))
        .optional(),
    }),
    result: z.object({ items: z.array(newsItemSchema) }),
  }),
  getHtmlPage: endpoint({
    method: 'GET',
    path: '/api/external/home/getHtmlPage',
    access: 'public',
    summary: "A staff-written page ('manual', 'calculator', ...) in both languages, as sanitised HTML.",
    query: z.object({ link: pageLinkSchema }),
    result: htmlPageSchema,
  }),
  contactUs: endpoint({
    method: 'POST',
    path: '/api/external/user/contactUs',
    access: 'public',
    summary: 'The chat-app contact link shown in the footer dialog (and as its QR code).',
    body: noInput,
    result: z.object({ line: z.object({ link: z.string() }) }),
  }),
  getNetworkBank: endpoint({
    method: 'POST',
    path: '/api/external/user/getNetwork_bank',
    access: 'public',
    summary: 'The USDT networks and the Thai banks with their codes and account-number lengths.',
    body: noInput,
    result: z.object({ networks: z.array(networkInfoSchema), banks: z.array(bankInfoSchema) }),
  }),
} as const;

// Inputs staff give (back office and operator CLI), validated the same way wherever they come from.

const ratesFields = z.object({ buyRate: rateString, sellRate: rateString, sellFeePercent: feePercentString });

/** A sell rate above the buy rate: the desk would pay more for a USDT than it sells one for. */
export function isNegativeSpread(rates: { buyRate: string; sellRate: string }): boolean {
  const buy = parseDecimal(rates.buyRate);
  return buy !== null && parseDecimal(rates.sellRate)?.gt(buy) === true;
}

/** Refuses a negative spread (40010), whatever else the input holds. */
const withSpreadRule = <S extends z.ZodType<{ buyRate: string; sellRate: string }>>(schema: S) =>
  schema.refine((v) => !isNegativeSpread(v), {
    message: codeMessage(E.RATE_SPREAD_INVALID),
    path: ['sellRate'],
  });

export const ratesInputSchema = withSpreadRule(ratesFields);
export type RatesInput = z.infer<typeof ratesInputSchema>;

/**
 * A rate change from a person (back office): `confirmed` says they were shown how far it moves the
 * rates in force and still want it (needed past the web setting rateChangeConfirmPercent; 40011).
 */
export const rateChangeInputSchema = withSpreadRule(
  ratesFields.extend({ confirmed: z.boolean().optional() }),
);
export type RateChangeInput = z.infer<typeof rateChangeInputSchema>;

/** Staff-written text: trimmed, not empty, at most `max` characters; `invalid` otherwise. */
const staffText = (invalid: ErrorDef, max: number) =>
  cappedString(inputCap(max), codeMessage(invalid))
    .trim()
    .min(1, codeMessage(invalid))
    .max(max, codeMessage(invalid));
const newsText = (max: number) => staffText(E.NEWS_INVALID, max);

export const newsInputSchema = z.object({
  titleEn: newsText(200),
  titleTh: newsText(200),
  bodyEn: newsText(50_000),
  bodyTh: newsText(50_000),
});
export type NewsInput = z.infer<typeof newsInputSchema>;

const pageText = (max: number) => staffText(E.HTML_PAGE_INVALID, max);

export const htmlPageInputSchema = z.object({
  link: pageLinkSchema,
  titleEn: pageText(200),
  titleTh: pageText(200),
  bodyEn: pageText(200_000),
  bodyTh: pageText(200_000),
});
export type HtmlPageInput = z.infer<typeof htmlPageInputSchema>;

/** The chat-app link: an https address (the footer opens it and draws its QR code). */
export const chatLinkSchema = cappedString(inputCap(500), codeMessage(E.CONTACT_LINK_INVALID))
  .trim()
  .max(500, { error: codeMessage(E.CONTACT_LINK_INVALID), abort: true })
  .refine((v) => {
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, codeMessage(E.CONTACT_LINK_INVALID));
