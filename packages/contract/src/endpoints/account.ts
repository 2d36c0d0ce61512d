import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  emailSchema,
  passwordConfirmationSchema,
  passwordSchema,
  personNameSchema,
  thaiPhoneSchema,
  usernameSchema,
  withPasswordConfirmation,
} from '../validators/member.ts';
import { sessionResultSchema } from './auth.ts';
import { currentPasswordSchema } from './current-password.ts';
import { KYC_STATUSES, kycReviewSchema } from './kyc.ts';
import { bankAccountInputSchema, paymentsSchema, usdtAddressInputSchema } from './payments.ts';

/**
 * The member's own account: sign-up, profile, profile edit and password change.
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
  /** The newest identity submission: when sent and decided, and why it failed. */
  kycReview: kycReviewSchema,
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

export const accountEndpoints = {
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
} as const;
