import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { E } from '../errors.ts';
import { OTP_RESEND_COUNTDOWN_S, OTP_VALIDITY_MS } from '../limits.ts';
import {
  emailSchema,
  otpSchema,
  passwordConfirmationSchema,
  passwordSchema,
  personNameSchema,
  thaiPhoneSchema,
  usernameSchema,
  withPasswordConfirmation,
} from '../validators/member.ts';
import { codeMessage } from '../validators/messages.ts';
import { cappedString } from '../validators/text.ts';
import { sessionResultSchema } from './auth.ts';
import { KYC_STATUSES } from './kyc.ts';
import { bankAccountInputSchema, paymentsSchema, usdtAddressInputSchema } from './payments.ts';

/**
 * The member's own account: sign-up, profile, password change, and the forgot-password flow
 * (request an OTP by email or phone, confirm it for a reset ticket, set a new password with it).
 */

/** `result.period` of the profile call: everything the account page shows. Never a password hash. */
export const profileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** National form, e.g. 0812345678. */
  phone: z.string(),
  /** Lower case. */
  email: z.string(),
  kycStatus: z.enum(KYC_STATUSES),
  createdAt: z.iso.datetime(),
  bankAccounts: paymentsSchema.shape.bankAccounts,
  usdtAddresses: paymentsSchema.shape.usdtAddresses,
});
export type Profile = z.infer<typeof profileSchema>;

/** The steps of the sign-up form, each a schema of its own so the form validates step by step. */
export const signUpCredentialsSchema = withPasswordConfirmation(
  z.object({
    username: usernameSchema,
    password: passwordSchema,
    confirmPassword: passwordConfirmationSchema,
  }),
);
export const personalInfoSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  phone: thaiPhoneSchema,
  email: emailSchema,
});

export const signUpBodySchema = withPasswordConfirmation(
  z.object({
    ...signUpCredentialsSchema.shape,
    ...personalInfoSchema.shape,
    /** Optional step. */
    bankAccount: bankAccountInputSchema.optional(),
    usdtAddress: usdtAddressInputSchema,
  }),
);
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** The member's current password, where a change needs it (checked by the server: 10017 when wrong). */
const currentPasswordSchema = cappedString(
  256,
  codeMessage(E.CURRENT_PASSWORD_INCORRECT),
  codeMessage(E.REQUIRED),
).min(1, codeMessage(E.REQUIRED));

/**
 * Names, phone and email. A new email or phone needs `currentPassword` (10033 on that field when
 * missing, 10017 when wrong), so a stolen session cannot send the password-reset codes elsewhere;
 * names alone do not.
 */
export const editProfileBodySchema = personalInfoSchema.extend({
  currentPassword: currentPasswordSchema.optional(),
});
export type EditProfileBody = z.input<typeof editProfileBodySchema>;

export const changePasswordProfileBodySchema = withPasswordConfirmation(
  z.object({
    currentPassword: currentPasswordSchema,
    password: passwordSchema,
    confirmPassword: passwordConfirmationSchema,
  }),
);
export type ChangePasswordProfileBody = z.input<typeof changePasswordProfileBodySchema>;

/** Where the OTP goes: the member's email, or an SMS to the member's phone. */
export const otpDestinationSchema = z.discriminatedUnion(
  'channel',
  [
    z.object({ channel: z.literal('email'), email: emailSchema }),
    z.object({ channel: z.literal('phone'), phone: thaiPhoneSchema }),
  ],
  { error: codeMessage(E.INVALID_INPUT) },
);
export type OtpDestination = z.input<typeof otpDestinationSchema>;

export const forgotPasswordBodySchema = otpDestinationSchema;
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const confirmOtpBodySchema = z.discriminatedUnion(
  'channel',
  [
    z.object({ channel: z.literal('email'), email: emailSchema, otp: otpSchema }),
    z.object({ channel: z.literal('phone'), phone: thaiPhoneSchema, otp: otpSchema }),
  ],
  { error: codeMessage(E.INVALID_INPUT) },
);
export type ConfirmOtpBody = z.input<typeof confirmOtpBodySchema>;

export const changePasswordBodySchema = withPasswordConfirmation(
  z.object({
    resetTicket: cappedString(256, codeMessage(E.OTP_SESSION_INVALID)).min(
      1,
      codeMessage(E.OTP_SESSION_INVALID),
    ),
    password: passwordSchema,
    confirmPassword: passwordConfirmationSchema,
  }),
);
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const userEndpoints = {
  signUp: endpoint({
    method: 'POST',
    path: '/api/external/user/signUp',
    access: 'signed',
    summary:
      'Create a member with an optional bank account and a USDT address, all or nothing, and sign in. Username, email and phone must be unused (10009, 10015, 10016).',
    body: signUpBodySchema,
    result: sessionResultSchema,
  }),
  profile: endpoint({
    method: 'POST',
    path: '/api/external/user/profile',
    access: 'member',
    summary:
      "The signed-in member's profile, identity-verification status, bank accounts and USDT addresses.",
    result: profileSchema,
  }),
  editProfile: endpoint({
    method: 'POST',
    path: '/api/external/user/editProfile',
    access: 'member',
    summary:
      'Change names, phone and email (phone and email must stay unused by others: 10016, 10015). A new email or phone needs currentPassword (10033 when missing, 10017 when wrong; wrong ones count like failed sign-ins).',
    body: editProfileBodySchema,
    result: profileSchema,
  }),
  changePasswordProfile: endpoint({
    method: 'POST',
    path: '/api/external/user/changePasswordProfile',
    access: 'member',
    summary:
      "Change the password, given the current one (10017 when wrong). Ends the member's other sessions; this one stays signed in.",
    body: changePasswordProfileBodySchema,
    result: z.null(),
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/external/user/forgotPassword',
    access: 'signed',
    summary: `Send a 6-digit OTP to the member's email or phone (10004 / 10003 when no member has it). Valid ${OTP_VALIDITY_MS / 60_000} minutes; another one only after ${OTP_RESEND_COUNTDOWN_S} s, and at most 5 an hour per member (10023, with resendInSeconds).`,
    body: forgotPasswordBodySchema,
    result: z.object({
      channel: z.enum(['email', 'phone']),
      /** The address or number it went to, partly hidden (s***@example.com, 081***5678). */
      destination: z.string(),
      expiresInSeconds: z.number().int(),
      resendInSeconds: z.number().int(),
    }),
  }),
  confirmOtp: endpoint({
    method: 'POST',
    path: '/api/external/user/confirmOtp',
    access: 'signed',
    summary:
      'Check the OTP (10012 when wrong, 10013 expired, 10014 after 5 wrong tries). Returns a single-use reset ticket for changePassword.',
    body: confirmOtpBodySchema,
    result: z.object({ resetTicket: z.string(), expiresInSeconds: z.number().int() }),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/external/user/changePassword',
    access: 'signed',
    summary:
      'Set a new password with the reset ticket from confirmOtp (10024 when used, expired or unknown). Ends every session of the member.',
    body: changePasswordBodySchema,
    result: z.null(),
  }),
} as const;
