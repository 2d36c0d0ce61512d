import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { E } from '../errors.ts';
import { MAX_BANK_ACCOUNTS } from '../limits.ts';
import {
  accountNameSchema,
  bankAccountNumberSchema,
  bankCodeSchema,
  withBankAccountCheck,
} from '../validators/bankAccount.ts';
import { codeMessage } from '../validators/messages.ts';
import {
  custodySchema,
  exchangeUidSchema,
  networkIdSchema,
  nicknameSchema,
  usdtAddressSchema,
  withUsdtAddressCheck,
} from '../validators/usdtAddress.ts';
import { currentPasswordSchema } from './current-password.ts';

/**
 * A member's bank accounts (where sold USDT is paid out in THB) and USDT addresses (where bought
 * USDT is sent), at most 10 of each. Entries are identified by `id`; an id that is not the
 * caller's own answers "not found" (10005 bank account, 10008 address) and changes nothing.
 * Adding, changing or deleting one needs the member's current password (10033 missing, 10017
 * wrong), and a new or changed destination can receive payouts only from `usableFrom` (the web
 * setting `payoutCoolingOffHours` after the change; sign-up's first entries at once).
 */

const bankAccountFields = {
  bankCode: bankCodeSchema,
  accountNumber: bankAccountNumberSchema,
  accountName: accountNameSchema,
};
const usdtAddressFields = {
  network: networkIdSchema,
  address: usdtAddressSchema,
  custody: custodySchema,
  uid: exchangeUidSchema.nullish(),
  nickname: nicknameSchema,
};

export const bankAccountInputSchema = withBankAccountCheck(z.object(bankAccountFields));

export const usdtAddressInputSchema = withUsdtAddressCheck(z.object(usdtAddressFields));

export const bankAccountSchema = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  /** Digits only. */
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.iso.datetime(),
  /** From when payouts may go to it (a new or changed entry waits out the cooling-off period). */
  usableFrom: z.iso.datetime(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const usdtAddressEntrySchema = z.object({
  id: z.number().int(),
  network: z.string(),
  address: z.string(),
  nickname: z.string().nullable(),
  /** On an exchange (a UID is required) or in the member's own wallet (no UID; decision 0031). */
  custody: z.enum(['exchange', 'wallet']),
  /** The member's user id on the exchange; null for a personal wallet, and for an exchange entry
   * saved before UIDs were asked (the account page asks for it on the next edit). */
  uid: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** From when payouts may go to it (a new or changed entry waits out the cooling-off period). */
  usableFrom: z.iso.datetime(),
});
export type UsdtAddressEntry = z.infer<typeof usdtAddressEntrySchema>;

/** A member's saved payment details, oldest first (at most 10 of each, limits.ts). */
export const paymentsSchema = z.object({
  bankAccounts: z.array(bankAccountSchema),
  usdtAddresses: z.array(usdtAddressEntrySchema),
});
export type Payments = z.infer<typeof paymentsSchema>;

const entryId = z.coerce
  .number({ error: codeMessage(E.INVALID_INPUT) })
  .int(codeMessage(E.INVALID_INPUT))
  .min(1, codeMessage(E.INVALID_INPUT))
  .max(Number.MAX_SAFE_INTEGER, codeMessage(E.INVALID_INPUT));

const paymentType = <T extends 'bank' | 'usdt'>(t: T) =>
  z.literal(t, { error: codeMessage(E.INVALID_INPUT) });

/** A bank account (type 'bank') or a USDT address (type 'usdt'), with the fields `extra` adds. */
const paymentBody = <S extends z.ZodRawShape>(extra: S) =>
  z.discriminatedUnion(
    'type',
    [
      withBankAccountCheck(z.object({ type: paymentType('bank'), ...extra, ...bankAccountFields })),
      withUsdtAddressCheck(z.object({ type: paymentType('usdt'), ...extra, ...usdtAddressFields })),
    ],
    { error: codeMessage(E.INVALID_INPUT) },
  );

/** What every change of a payout destination carries: the member's current password. */
const stepUp = { currentPassword: currentPasswordSchema };

export const addPaymentBodySchema = paymentBody(stepUp);
export type AddPaymentBody = z.input<typeof addPaymentBodySchema>;

export const updatePaymentBodySchema = paymentBody({ id: entryId, ...stepUp });
export type UpdatePaymentBody = z.input<typeof updatePaymentBodySchema>;

export const deletePaymentBodySchema = z.object({
  type: z.enum(['bank', 'usdt'], { error: codeMessage(E.INVALID_INPUT) }),
  id: entryId,
  ...stepUp,
});
export type DeletePaymentBody = z.input<typeof deletePaymentBodySchema>;

/** Every change answers with the id it acted on and the member's payment details after it. */
const changeResult = paymentsSchema.extend({ id: z.number().int() });

export const paymentsEndpoints = {
  addPayment: endpoint({
    method: 'POST',
    path: '/api/external/user/addPayment',
    access: 'member',
    summary: `Save a bank account (type 'bank') or a USDT address (type 'usdt'). At most ${MAX_BANK_ACCOUNTS} of each: 10018 / 10019 beyond that. Needs currentPassword (10033 missing, 10017 wrong); the member is told by email and SMS, and the entry receives payouts only from its usableFrom.`,
    body: addPaymentBodySchema,
    result: changeResult,
  }),
  updatePayment: endpoint({
    method: 'POST',
    path: '/api/external/user/updatePayment',
    access: 'member',
    summary:
      "Change one of the member's own bank accounts or USDT addresses (10005 / 10008 when not theirs). Needs currentPassword (10033 / 10017); a new destination waits out the cooling-off period again.",
    body: updatePaymentBodySchema,
    result: changeResult,
  }),
  deletePayment: endpoint({
    method: 'POST',
    path: '/api/external/user/deletePayment',
    access: 'member',
    summary:
      "Delete one of the member's own bank accounts or USDT addresses (10005 / 10008 when not theirs). Needs currentPassword (10033 / 10017).",
    body: deletePaymentBodySchema,
    result: changeResult,
  }),
} as const;
