/**
 * Display of amounts that arrive as wire strings (already at most 2 decimals, validated by the
 * contract's moneyString on the server): comma thousand separators and 2 decimals, cut, never
 * rounded. Intl formats the decimal string exactly (no float), so this matches the contract's
 * formatThb/formatUsdt (amount.test.ts checks) without shipping decimal.js and zod to the home page.
 * Pages that compute amounts (the calculator, orders) use the contract's money helpers.
 */
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  roundingMode: 'trunc',
});
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, roundingMode: 'trunc' });

const DECIMAL_RE = /^[0-9]+(?:\.[0-9]+)?$/;

/** '1234567.5' -> '1,234,567.50'; anything that is not a plain decimal string -> ''. */
export function formatAmount(wire: string): string {
  return DECIMAL_RE.test(wire) ? twoDecimals.format(wire as Intl.StringNumericLiteral) : '';
}

/** Whole amounts such as range ends: '3000000' -> '3,000,000'. */
export function formatWholeAmount(wire: string): string {
  return DECIMAL_RE.test(wire) ? whole.format(wire as Intl.StringNumericLiteral) : '';
}
