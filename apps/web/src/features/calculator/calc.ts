import {
  buyAmountError,
  buyQuote,
  E,
  type ErrorDef,
  parseDecimal,
  sellAmountError,
  sellQuote,
} from '@bahtdesk/contract';

export type Direction = 'buy' | 'sell';

export interface Rates {
  readonly buyRate: string;
  readonly sellRate: string;
  readonly sellFeePercent: string;
}

export type Calculation =
  | { kind: 'empty' }
  | { kind: 'invalid'; error: ErrorDef }
  | {
      kind: 'buy';
      thb: string;
      usdt: string;
      rate: string;
      /** Outside 1,000 to 3,000,000 THB: the quote is shown with this warning. */
      warning: ErrorDef | null;
    }
  | {
      kind: 'sell';
      usdt: string;
      gross: string;
      fee: string;
      net: string;
      rate: string;
      feePercent: string;
      warning: ErrorDef | null;
    };

/**
 * What the calculator shows for an amount typed by the member: buying, THB in and USDT out at the
 * buy rate; selling, USDT in and THB out at the sell rate, net of the fee. The contract's quotes
 * do the arithmetic, truncating to 2 decimals (never rounding). Commas in the input are ignored.
 */
export function calculate(direction: Direction, input: string, rates: Rates): Calculation {
  const text = input.replace(/,/g, '').trim();
  if (text === '') return { kind: 'empty' };
  const amount = parseDecimal(text);
  if (!amount || amount.isNegative() || amount.isZero()) return { kind: 'invalid', error: E.WRONG_FORMAT };
  if (direction === 'buy') {
    const q = buyQuote(amount, rates.buyRate);
    return { kind: 'buy', ...q, warning: buyAmountError(amount) };
  }
  const q = sellQuote(amount, rates.sellRate, rates.sellFeePercent);
  return { kind: 'sell', ...q, warning: sellAmountError(amount) };
}

/**
 * An amount as the member types it, with thousands separators: '1234567.5' reads '1,234,567.5'.
 * Commas typed are placed again; text that is not digits with at most one point stays as typed,
 * so the form can say what is wrong with it.
 */
export function groupAsTyped(input: string): string {
  const text = input.replace(/,/g, '');
  const match = /^(\d*)(\.\d*)?$/.exec(text);
  if (!match) return input;
  const [, whole = '', fraction = ''] = match;
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}
