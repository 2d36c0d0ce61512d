import { ACCOUNT_DIGITS_SHOWN, maskAccountNumber } from '@bahtdesk/contract';

/**
 * Bank account numbers in the audit log's `before` and `after` (decision 0094): a member's payout
 * account, a desk account in a settings change, an order's payout destination. Staff of every role
 * read the log, so it keeps each number masked as every staff screen shows one (maskAccountNumber,
 * the last five digits); the entry's id beside it leads to the audited reveal.
 *
 * A number is found by its key, at any depth: one ending in `accountNumber` or `account_number`.
 */
const ACCOUNT_NUMBER_KEY = /account_?number$/i;

/** A number masked; one that shows no more digits than a masked one is kept as it is (masked already). */
function masked(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length <= ACCOUNT_DIGITS_SHOWN ? number : maskAccountNumber(digits);
}

/** JSON.stringify's replacer: sees every key at every depth, values after their toJSON. */
function maskingReplacer(key: string, value: unknown): unknown {
  return typeof value === 'string' && ACCOUNT_NUMBER_KEY.test(key) ? masked(value) : value;
}

/** A `before` or `after` value as the audit log stores it: JSON text with every account number masked. */
export function auditJson(value: unknown): string {
  return JSON.stringify(value, maskingReplacer);
}

/**
 * A `before` or `after` value read from the log, its account numbers masked: a row an older
 * process wrote beside this one (or before the migration that masked the old rows) is answered as
 * a new one would be.
 */
export function maskedAuditValue(value: unknown): unknown {
  return value === null || typeof value !== 'object' ? value : JSON.parse(auditJson(value));
}
