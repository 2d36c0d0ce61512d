import { z } from 'zod';
import { BANK_CODES, bankByCode } from '../banks.ts';
import { E } from '../errors.ts';
import { codeMessage } from './messages.ts';
import { cappedString, inputCap, NO_CONTROL_CHARS, visibleOnly } from './text.ts';

/**
 * A bank account number is checked against its bank's rule (banks.ts): exactly that many digits.
 * Spaces and dashes as printed in a passbook (123-4-56789-0) are ignored; the digits alone are
 * stored.
 */
export function normaliseBankAccountNumber(s: string): string {
  return s.trim().replace(/[\s-]/g, '');
}

/** Room for the longest account number (20 digits) written with a dash or space between digits. */
const ACCOUNT_NUMBER_CAP = 64;

export function isValidBankAccountNumber(bankCode: string, accountNumber: string): boolean {
  if (accountNumber.length > ACCOUNT_NUMBER_CAP) return false;
  const bank = bankByCode(bankCode);
  const digits = normaliseBankAccountNumber(accountNumber);
  return bank !== undefined && /^[0-9]+$/.test(digits) && digits.length === bank.accountDigits;
}

export const bankCodeSchema = z.enum(BANK_CODES, { error: codeMessage(E.BANK_NOT_FOUND) });

/** The number alone (digits, dashes, spaces); which length is right depends on the bank. */
export const bankAccountNumberSchema = cappedString(
  ACCOUNT_NUMBER_CAP,
  codeMessage(E.BANK_ACCOUNT_NUMBER_INVALID),
  codeMessage(E.REQUIRED),
)
  .overwrite(normaliseBankAccountNumber)
  .min(1, codeMessage(E.REQUIRED))
  .regex(/^[0-9]{1,20}$/, codeMessage(E.BANK_ACCOUNT_NUMBER_INVALID));

const ACCOUNT_NAME_MAX_LENGTH = 100;

/**
 * The name the bank account is held in, as the bank shows it: staff compare it with the name on a
 * slip, so it holds no control, invisible or direction-changing character (text.ts) and what a
 * screen shows is what is stored.
 */
export const accountNameSchema = visibleOnly(
  cappedString(inputCap(ACCOUNT_NAME_MAX_LENGTH), codeMessage(E.INVALID_INPUT), codeMessage(E.REQUIRED)),
  codeMessage(E.INVALID_INPUT),
)
  .trim()
  .min(1, codeMessage(E.REQUIRED))
  .max(ACCOUNT_NAME_MAX_LENGTH, codeMessage(E.INVALID_INPUT))
  .regex(NO_CONTROL_CHARS, codeMessage(E.INVALID_INPUT));

/**
 * Adds the per-bank length rule to an object schema holding `bankCode` and `accountNumber`;
 * the issue lands on the account-number field.
 */
export function withBankAccountCheck<S extends z.ZodObject>(schema: S) {
  return schema.superRefine((v, ctx) => {
    const { bankCode, accountNumber } = v as Record<string, unknown>;
    if (
      typeof bankCode === 'string' &&
      typeof accountNumber === 'string' &&
      !isValidBankAccountNumber(bankCode, accountNumber)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['accountNumber'],
        message: codeMessage(E.BANK_ACCOUNT_NUMBER_INVALID),
      });
    }
  });
}
