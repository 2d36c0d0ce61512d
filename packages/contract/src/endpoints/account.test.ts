import { describe, expect, it } from 'vitest';
import { E } from '../errors.ts';
import { issueCode } from '../validators/messages.ts';
import { accountEndpoints, signUpBodySchema } from './account.ts';
import { authEndpoints, signInBodySchema } from './auth.ts';
import { confirmOtpBodySchema, forgotPasswordBodySchema, passwordResetEndpoints } from './password-reset.ts';
import {
  addPaymentBodySchema,
  deletePaymentBodySchema,
  paymentsEndpoints,
  updatePaymentBodySchema,
} from './payments.ts';

const codes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map(issueCode) ?? [];

const signUp = {
  username: 'somchai1',
  password: 'abc123',
  confirmPassword: 'abc123',
  firstName: 'Somchai',
  lastName: 'ใจดี',
  phone: '+66 81 234 5678',
  email: 'Som@Example.com',
  usdtAddress: {
    network: 'SOLANA',
    uid: '12345678',
    address: 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz',
  },
};

describe('account endpoints in the contract', () => {
  it('use the exact paths the member app calls', () => {
    expect(
      [authEndpoints, accountEndpoints, passwordResetEndpoints, paymentsEndpoints].flatMap((g) =>
        Object.values(g).map((e) => `${e.method} ${e.path}`),
      ),
    ).toEqual([
      'POST /api/external/auth/auth',
      'POST /api/external/auth/logout',
      'GET /api/clientSignature',
      'POST /api/external/user/signUp',
      'POST /api/external/user/profile',
      'POST /api/external/user/editProfile',
      'POST /api/external/user/changePasswordProfile',
      'POST /api/external/user/forgotPassword',
      'POST /api/external/user/forgotUsername',
      'POST /api/external/user/confirmOtp',
      'POST /api/external/user/changePassword',
      'POST /api/external/user/addPayment',
      'POST /api/external/user/updatePayment',
      'POST /api/external/user/deletePayment',
    ]);
  });

  it('sign-up normalises phone and email and accepts no bank account', () => {
    const parsed = signUpBodySchema.parse(signUp);
    expect(parsed.phone).toBe('0812345678');
    expect(parsed.email).toBe('som@example.com');
    expect(parsed.bankAccount).toBeUndefined();
  });

  it("sign-up refuses a confirmation that does not match: passwords don't match", () => {
    expect(codes(signUpBodySchema.safeParse({ ...signUp, confirmPassword: 'abc124' }))).toEqual([
      E.PASSWORD_MISMATCH.code,
    ]);
  });

  it('sign-up checks the bank account number against its bank and the address against its network', () => {
    const r = signUpBodySchema.safeParse({
      ...signUp,
      bankAccount: { bankCode: 'KBANK', accountNumber: '123', accountName: 'Somchai Jaidee' },
      usdtAddress: { network: 'BEP20', uid: '12345678', address: '0x123' },
    });
    expect(codes(r).sort()).toEqual([E.BANK_ACCOUNT_NUMBER_INVALID.code, E.USDT_ADDRESS_INVALID.code].sort());
  });

  it('sign-up requires a USDT address', () => {
    const { usdtAddress: _, ...withoutAddress } = signUp;
    expect(signUpBodySchema.safeParse(withoutAddress).success).toBe(false);
  });

  it('forgot password takes an email or a phone, nothing else', () => {
    expect(forgotPasswordBodySchema.safeParse({ channel: 'phone', phone: '0812345678' }).success).toBe(true);
    expect(forgotPasswordBodySchema.safeParse({ channel: 'fax', phone: '0812345678' }).success).toBe(false);
  });

  it('confirmOtp requires exactly 6 digits', () => {
    const r = confirmOtpBodySchema.safeParse({ channel: 'email', email: 'a@b.co', otp: '12345' });
    expect(codes(r)).toEqual([E.OTP_FORMAT.code]);
  });

  it('a blank address nickname is stored as none', () => {
    const parsed = addPaymentBodySchema.parse({
      type: 'usdt',
      network: 'SOLANA',
      address: 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz',
      uid: '12345678',
      nickname: '  ',
      currentPassword: 'secret1',
    });
    expect(parsed).toMatchObject({ nickname: null });
  });

  it('adding, changing or deleting a payment entry needs the current password (10033 on currentPassword)', () => {
    const usdt = {
      type: 'usdt',
      network: 'SOLANA',
      uid: '12345678',
      address: 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz',
    };
    for (const [schema, body] of [
      [addPaymentBodySchema, usdt],
      [updatePaymentBodySchema, { ...usdt, id: 1 }],
      [deletePaymentBodySchema, { type: 'usdt', id: 1 }],
    ] as const) {
      for (const currentPassword of [undefined, '']) {
        const result = schema.safeParse({ ...body, currentPassword });
        expect(result.success).toBe(false);
        expect(result.error?.issues).toEqual([
          expect.objectContaining({ path: ['currentPassword'], message: String(E.REQUIRED.code) }),
        ]);
      }
      expect(schema.safeParse({ ...body, currentPassword: 'secret1' }).success).toBe(true);
    }
  });

  it('sign-in answers a missing field with "required" and does not check formats', () => {
    expect(codes(signInBodySchema.safeParse({ username: '', password: 'x' }))).toEqual([E.REQUIRED.code]);
    expect(signInBodySchema.safeParse({ username: 'a!', password: 'x' }).success).toBe(true);
  });
});
