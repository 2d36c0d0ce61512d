import DecimalJs from 'decimal.js';
import { E, type ErrorDef } from './errors.ts';
import { BUY_THB_MAX, BUY_THB_MIN, SELL_USDT_MAX, SELL_USDT_MIN } from './limits.ts';
import { codeMessage } from './validators/messages.ts';
import { cappedString } from './validators/text.ts';

/**
 * Money is never a float. Amounts and rates cross the wire as plain decimal strings ('35.42'),
 * are parsed strictly, and all arithmetic uses decimal.js with 40 significant digits rounding
 * toward zero, so intermediate results never round up. Amounts are truncated (never rounded) to
 * 2 decimals, as the specification's helper does.
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_DOWN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Decimal = DecimalJs;

const DECIMAL_RE = /^-?[0-9]+(?:\.[0-9]+)?$/;
const MAX_DECIMAL_LENGTH = 40;

/** A plain decimal ('1234.5', '-0.25'); NaN, Infinity, exponents, signs like '+', blanks: null. */
export function parseDecimal(s: string): Decimal | null {
  if (s.length > MAX_DECIMAL_LENGTH || !DECIMAL_RE.test(s)) return null;
  return new Decimal(s);
}

type Amount = Decimal | string;

function toDecimal(x: Amount): Decimal {
  if (typeof x !== 'string') return x;
  const d = parseDecimal(x);
  if (d === null) throw new TypeError('not a plain decimal string');
  return d;
}

/** Cut to 2 decimals toward zero: 12.349 -> 12.34, -12.349 -> -12.34. */
export function truncate2(x: Amount): Decimal {
  return toDecimal(x).toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

/** The wire form of an amount: truncated, exactly 2 decimals, no separators ('1234.50'). */
export function toMoneyString(x: Amount): string {
  return truncate2(x).toFixed(2);
}

/**
 * A figure of more than 2 decimals (a stored total) as every screen and file shows it: rounded half
 * to even to 2 decimals (0.125 -> 0.12, 0.135 -> 0.14), exactly 2 decimals, never '-0.00'.
 */
export function roundMoney(x: Amount): string {
  const rounded = toDecimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
  return (rounded.isZero() ? new Decimal(0) : rounded).toFixed(2);
}

/** Display form: truncated to 2 decimals with comma thousand separators ('1,234,567.89'). */
export function formatMoney(x: Amount): string {
  const [whole = '0', fraction = '00'] = toMoneyString(x).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

export const formatThb = formatMoney;
export const formatUsdt = formatMoney;

// The refinements below parse again with parseDecimal because zod runs them even after a format
// issue (format issues do not abort), and an unparsable string must never throw.

/**
 * A non-negative amount or rate on the wire: digits with at most 2 decimals, as a string.
 * Anything else (numbers, '1e3', '1,000', '12.345', '-1') gets code 50025 (wrong format).
 */
export const moneyString = cappedString(20, codeMessage(E.WRONG_FORMAT), codeMessage(E.AMOUNT_REQUIRED))
  .min(1, codeMessage(E.AMOUNT_REQUIRED))
  .regex(/^[0-9]+(?:\.[0-9]{1,2})?$/, codeMessage(E.WRONG_FORMAT));

/** A positive rate (THB per USDT), at most 2 decimals. */
export const rateString = cappedString(20, codeMessage(E.RATE_INCORRECT), codeMessage(E.RATE_REQUIRED))
  .regex(/^[0-9]{1,9}(?:\.[0-9]{1,2})?$/, codeMessage(E.RATE_INCORRECT))
  .refine((s) => parseDecimal(s)?.gt(0) ?? true, codeMessage(E.RATE_INCORRECT));

/** The sell fee as a percentage of the gross THB amount: 0 or more, below 100, at most 3 decimals. */
export const feePercentString = cappedString(20, codeMessage(E.FEE_INVALID)).regex(
  /^[0-9]{1,2}(?:\.[0-9]{1,3})?$/,
  codeMessage(E.FEE_INVALID),
);

/** Which limit a buy amount in THB breaks, if any (1,000 to 3,000,000 THB). */
export function buyAmountError(thb: Amount): ErrorDef | null {
  const d = toDecimal(thb);
  if (d.lt(BUY_THB_MIN)) return E.BUY_MIN;
  if (d.gt(BUY_THB_MAX)) return E.BUY_MAX;
  return null;
}

/** Which limit a sell amount in USDT breaks, if any (100 to 100,000 USDT). */
export function sellAmountError(usdt: Amount): ErrorDef | null {
  const d = toDecimal(usdt);
  if (d.lt(SELL_USDT_MIN)) return E.SELL_MIN;
  if (d.gt(SELL_USDT_MAX)) return E.SELL_MAX;
  return null;
}

/** A buy amount in THB on the wire, with its range checked (codes 50021, 50023). */
export const buyAmountSchema = moneyString.superRefine((s, ctx) => {
  const d = parseDecimal(s);
  const e = d && buyAmountError(d);
  if (e) ctx.addIssue({ code: 'custom', message: codeMessage(e) });
});

/** A sell amount in USDT on the wire, with its range checked (codes 50022, 50024). */
export const sellAmountSchema = moneyString.superRefine((s, ctx) => {
  const d = parseDecimal(s);
  const e = d && sellAmountError(d);
  if (e) ctx.addIssue({ code: 'custom', message: codeMessage(e) });
});

export interface BuyQuote {
  readonly thb: string;
  readonly rate: string;
  readonly usdt: string;
}

/** Buying USDT with THB: USDT = THB / buy rate, truncated to 2 decimals. */
export function buyQuote(thb: Amount, buyRate: Amount): BuyQuote {
  const rate = toDecimal(buyRate);
  if (!rate.gt(0)) throw new RangeError('the buy rate must be positive');
  return {
    thb: toMoneyString(thb),
    rate: toMoneyString(rate),
    usdt: toMoneyString(toDecimal(thb).div(rate)),
  };
}

export interface SellQuote {
  readonly usdt: string;
  readonly rate: string;
  readonly feePercent: string;
  readonly gross: string;
  readonly fee: string;
  readonly net: string;
}

/**
 * Selling USDT for THB. Decision: the fee is a percentage of the gross THB amount.
 * gross = USDT x sell rate, truncated to 2 decimals; fee = gross x feePercent / 100, truncated to
 * 2 decimals (any fraction of a satang goes to the member); net = gross - fee, which is exact
 * because both have 2 decimals, so gross = fee + net always holds on screen and in the books.
 */
export function sellQuote(usdt: Amount, sellRate: Amount, feePercent: Amount): SellQuote {
  const rate = toDecimal(sellRate);
  const pct = toDecimal(feePercent);
  if (!rate.gt(0)) throw new RangeError('the sell rate must be positive');
  if (pct.lt(0) || pct.gte(100)) throw new RangeError('the fee must be 0 to below 100 percent');
  const gross = truncate2(toDecimal(usdt).times(rate));
  const fee = truncate2(gross.times(pct).div(100));
  return {
    usdt: toMoneyString(usdt),
    rate: toMoneyString(rate),
    feePercent: pct.toFixed(),
    gross: gross.toFixed(2),
    fee: fee.toFixed(2),
    net: gross.minus(fee).toFixed(2),
  };
}
