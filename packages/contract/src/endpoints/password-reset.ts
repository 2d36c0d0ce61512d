import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { E } from '../errors.ts';
import { OTP_RESEND_COUNTDOWN_S, OTP_VALIDITY_MS } from '../limits.ts';
import {
  emailSchema,
  otpSchema,
  passwordConfirmationSchema,
  passwordSchema,
  thaiPhoneSchema,
  withPasswordConfirmation,
} from '../validators/member.ts';
import { codeMessage } from '../validators/messages.ts';
import { cappedString } from '../validators/text.ts';

/**
 * Forgot password (docs/product.md, Member rules): request an OTP by email or phone, confirm it for
 * a single-use reset ticket, set a new password with the ticket. Forgot username: the username is
 * sent to the email or phone on file (decision 0064); the OTP message carries it too.
 */

/** Where the OTP goes: the member's email, or an SMS to the member's phone. */
export const otpDestinationSchema = z.discriminatedUnion(
  'channel',
  [
    z.object({ channel: z.literal('email'), email: emailSchema }),
    z.object({ channel: z.literal('phone'), phone: thaiPhoneSchema }),
  ],
  { error: codeMessage(E.INVALID_INPUT) },
);

export const forgotPasswordBodySchema = otpDestinationSchema;
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const forgotUsernameBodySchema = otpDestinationSchema;
export type ForgotUsernameBody = z.input<typeof forgotUsernameBodySchema>;

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

export const passwordResetEndpoints = {
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/external/user/forgotPassword',
    access: 'signed',
    summary: `Send a 6-digit OTP to the member's email or phone (10004 / 10003 when no member has it). Valid ${OTP_VALIDITY_MS / 60_000} minutes; another one only after ${OTP_RESEND_COUNTDOWN_S} s, at most 5 an hour per member and requesting address and 5 per member in 10 minutes (10023, with resendInSeconds); earlier codes stay valid. 70002 when the desk has no mail server (or SMS gateway) to send it by: a code is never kept for staff to read. Answers that no member has it count against the caller's lookup budget (15 per IP per 10 minutes, then 4290060).`,
    body: forgotPasswordBodySchema,
    result: z.object({
      channel: z.enum(['email', 'phone']),
      /** The address or number it went to, partly hidden (s***@example.com, 081***5678). */
      destination: z.string(),
      expiresInSeconds: z.number().int(),
      resendInSeconds: z.number().int(),
    }),
  }),
  forgotUsername: endpoint({
    method: 'POST',
    path: '/api/external/user/forgotUsername',
    access: 'signed',
    summary: `Send the member's username to their email or phone (10004 / 10003 when no member has it). Another one only after ${OTP_RESEND_COUNTDOWN_S} s, at most 5 an hour per member and requesting address and 5 per member in 10 minutes (10048, with resendInSeconds); 70002 when the desk has no provider for that way. Answers that no member has it count against the caller's lookup budget (15 per IP per 10 minutes, then 4290060).`,
    body: forgotUsernameBodySchema,
    result: z.object({
      channel: z.enum(['email', 'phone']),
      /** The address or number it went to, partly hidden (s***@example.com, 081***5678). */
      destination: z.string(),
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
