import { E } from '@bahtdesk/contract';

/** Which step and field a server code of sign-up belongs to, so it is shown where it can be fixed. */
export const FIELD_OF_CODE: Readonly<Record<number, readonly [step: number, field: string]>> = {
  [E.USERNAME_TAKEN.code]: [0, 'username'],
  [E.USERNAME_SPECIAL_CHARS.code]: [0, 'username'],
  [E.USERNAME_LENGTH.code]: [0, 'username'],
  [E.PASSWORD_INVALID.code]: [0, 'password'],
  [E.PASSWORD_CONFIRM_REQUIRED.code]: [0, 'confirmPassword'],
  [E.PASSWORD_MISMATCH.code]: [0, 'confirmPassword'],
  [E.NAME_INVALID.code]: [1, 'firstName'],
  [E.PHONE_TAKEN.code]: [1, 'phone'],
  [E.PHONE_INVALID.code]: [1, 'phone'],
  [E.EMAIL_TAKEN.code]: [1, 'email'],
  [E.EMAIL_INVALID.code]: [1, 'email'],
  [E.BANK_NOT_FOUND.code]: [2, 'bankCode'],
  [E.BANK_ACCOUNT_NUMBER_INVALID.code]: [2, 'accountNumber'],
  [E.NETWORK_NOT_FOUND.code]: [3, 'network'],
  [E.USDT_ADDRESS_INVALID.code]: [3, 'address'],
  [E.EXCHANGE_UID_INVALID.code]: [3, 'uid'],
  [E.NETWORK_DISABLED.code]: [3, 'network'],
};
