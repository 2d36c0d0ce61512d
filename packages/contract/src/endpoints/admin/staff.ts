import { z } from 'zod';
import { ANY_STAFF, endpoint, STAFF_ROLES } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { usernameSchema } from '../../validators/member.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString } from '../../validators/text.ts';
import { idParams, iso } from './common.ts';
import { staffProposalSchema } from './proposals.ts';

/**
 * Staff sign-in and staff accounts (decision 0019). Sign-in is two steps: username and password give a
 * session whose second factor is not done yet (`next` says whether to enrol or to enter a code);
 * only the calls marked `secondFactor: false` work until a TOTP code (RFC 6238, 30 s, 6 digits, one
 * step of drift, each code once) or a single-use recovery code completes it. A staff account created
 * by an admin gets a one-time password: until it is changed, the session stays limited the same way.
 * Failed sign-ins are counted per name and source, the client address or the browser's device
 * cookie (given at each completed sign-in): a source with STAFF_LOCK_AFTER_FAILURES failures for a
 * name gets no further check for it for STAFF_LOCK_MINUTES; failures from many addresses slow an
 * account that signed in before down (one check per STAFF_SLOW_SECONDS from browsers and addresses
 * it has not signed in from lately) rather than lock it. Every failure answers 999 alike
 * (decision 0019).
 */

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;
export const STAFF_LOCK_AFTER_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 15;
/** Failures against an account (from addresses without a recent sign-in) before it is slowed down. */
export const STAFF_SLOW_AFTER_FAILURES = 10;
export const STAFF_SLOW_SECONDS = 60;
/** An address the account completed a sign-in from is spared the slow-down this long. */
export const STAFF_KNOWN_ADDRESS_DAYS = 30;
export const STAFF_RECOVERY_CODES = 10;

export const staffPasswordSchema = cappedString(STAFF_PASSWORD_MAX * 2, codeMessage(E.STAFF_PASSWORD_INVALID))
  .min(STAFF_PASSWORD_MIN, codeMessage(E.STAFF_PASSWORD_INVALID))
  .max(STAFF_PASSWORD_MAX, codeMessage(E.STAFF_PASSWORD_INVALID));

/** A TOTP code: exactly six digits. */
export const totpCodeSchema = cappedString(16, codeMessage(E.STAFF_TOTP_INCORRECT)).regex(
  /^[0-9]{6}$/,
  codeMessage(E.STAFF_TOTP_INCORRECT),
);

/** A recovery code as shown once at enrolment ('k7m2q-9xw4p'); case and dashes are ignored. */
export const recoveryCodeSchema = cappedString(32, codeMessage(E.STAFF_TOTP_INCORRECT)).regex(
  /^[A-Za-z0-9-]{10,24}$/,
  codeMessage(E.STAFF_TOTP_INCORRECT),
);

export const staffLoginBodySchema = z.object({
  username: cappedString(64, codeMessage(E.BAD_CREDENTIALS)).min(1, codeMessage(E.BAD_CREDENTIALS)),
  password: cappedString(STAFF_PASSWORD_MAX * 2, codeMessage(E.BAD_CREDENTIALS)).min(
    1,
    codeMessage(E.BAD_CREDENTIALS),
  ),
});
export type StaffLoginBody = z.input<typeof staffLoginBodySchema>;

export const staffLoginResultSchema = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  expiresAt: iso,
  /** 'enrol': this account has no second factor yet (first sign-in); 'verify': enter a code. */
  next: z.enum(['enrol', 'verify']),
});
export type StaffLoginResult = z.infer<typeof staffLoginResultSchema>;

export const staffProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Whether the account has a second factor enrolled. */
  enrolled: z.boolean(),
  /** True while the account still has the one-time password an admin gave it. */
  mustChangePassword: z.boolean(),
  /**
   * False until this session has passed the second factor (and the one-time password is changed):
   * only the calls marked `secondFactor: false` work until then.
   */
  secondFactorDone: z.boolean(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

export const enrolmentSchema = z.object({
  /** Base32 secret, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** `otpauth://totp/BahtDesk:<username>?secret=...&issuer=BahtDesk`, drawn as a QR code. */
  otpauthUri: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const staffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  enrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  /**
   * Set while failed sign-ins hold checks back: an address or device stopped for the account, or
   * the slow-down of addresses it has not signed in from lately (the later of the two ends).
   */
  lockedUntil: iso.nullable(),
  lastLoginAt: iso.nullable(),
  createdAt: iso,
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffUsernameSchema = usernameSchema;

/**
 * An account after an admin's change: as it now is, and the proposal the change made instead when it
 * waits for a second admin (decision 0091).
 */
export const staffChangeResultSchema = staffAccountSchema.extend({
  proposal: staffProposalSchema.nullable(),
});
export type StaffChangeResult = z.infer<typeof staffChangeResultSchema>;

/** A new account and its one-time password, answered once; or, for an admin, the proposal to make it. */
export const createStaffResultSchema = z.object({
  account: staffAccountSchema.nullable(),
  oneTimePassword: z.string().nullable(),
  proposal: staffProposalSchema.nullable(),
});
export type CreateStaffResult = z.infer<typeof createStaffResultSchema>;

export const staffAuthEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/api/admin/me',
    access: { staff: ANY_STAFF, secondFactor: false },
    summary:
      'The signed-in staff member: id, username, role, whether a second factor is enrolled and whether this session passed it.',
    result: staffProfileSchema,
  }),
  staffLogin: endpoint({
    method: 'POST',
    path: '/api/admin/auth/login',
    access: 'public',
    summary:
      'Username and password: a staff session whose second factor is still to do (`next`). 999 alike for a wrong pair, an unknown name, a disabled account, an address stopped for the account and an account slowed down. Failures count toward the IP ban and per name and address, or per device when the browser sends its device cookie (decision 0019).',
    body: staffLoginBodySchema,
    result: staffLoginResultSchema,
  }),
  verifyTotp: endpoint({
    method: 'POST',
    path: '/api/admin/auth/totp',
    access: { staff: ANY_STAFF, secondFactor: false },
    summary:
      'Completes sign-in with the current TOTP code (one step of drift; a code already used is refused, 30023). A wrong code counts against the device of the browser, else the address the session signed in from (five stop it for the account), and from an address toward the slow-down of the account. Completing the sign-in gives the browser a new device cookie.',
    body: z.object({ code: totpCodeSchema }),
    result: staffProfileSchema,
  }),
  useRecoveryCode: endpoint({
    method: 'POST',
    path: '/api/admin/auth/recovery',
    access: { staff: ANY_STAFF, secondFactor: false },
    summary: 'Completes sign-in with one of the single-use recovery codes instead of a TOTP code (audited).',
    body: z.object({ recoveryCode: recoveryCodeSchema }),
    result: staffProfileSchema,
  }),
  startEnrolment: endpoint({
    method: 'POST',
    path: '/api/admin/auth/enrolment',
    access: { staff: ANY_STAFF, secondFactor: false },
    summary:
      'First sign-in: makes a new TOTP secret for this account (not in force until confirmed) and answers it with its otpauth:// address. 31002 when a second factor is already enrolled.',
    body: z.object({}).nullish(),
    result: enrolmentSchema,
  }),
  confirmEnrolment: endpoint({
    method: 'POST',
    path: '/api/admin/auth/enrolment/confirm',
    access: { staff: ANY_STAFF, secondFactor: false },
    summary:
      'Confirms enrolment with a code from the new secret: the secret comes into force, this session passes the second factor, and ten single-use recovery codes are answered once (only their hashes are kept).',
    body: z.object({ code: totpCodeSchema }),
    result: z.object({ recoveryCodes: z.array(z.string()), profile: staffProfileSchema }),
  }),
  changeStaffPassword: endpoint({
    method: 'POST',
    path: '/api/admin/auth/password',
    access: { staff: ANY_STAFF, secondFactor: false },
    summary:
      "Changes the signed-in staff member's password (the current one is needed; 10017 when wrong). Needs the second factor passed in this session (30024 otherwise); it ends the one-time password's limit.",
    body: z.object({
      currentPassword: staffLoginBodySchema.shape.password,
      newPassword: staffPasswordSchema,
    }),
    result: staffProfileSchema,
  }),
  staffLogout: endpoint({
    method: 'POST',
    path: '/api/admin/auth/logout',
    access: { staff: ANY_STAFF, secondFactor: false },
    summary: 'Ends this staff session.',
    body: z.object({}).nullish(),
    result: z.null(),
  }),
} as const;

const staffRoleBody = z.object({ role: z.enum(STAFF_ROLES, { error: codeMessage(E.INVALID_INPUT) }) });

export const staffAdminEndpoints = {
  listStaff: endpoint({
    method: 'GET',
    path: '/api/admin/staff',
    access: { staff: ['admin'] },
    summary: 'Every staff account, by username.',
    result: z.object({ items: z.array(staffAccountSchema) }),
  }),
  createStaff: endpoint({
    method: 'POST',
    path: '/api/admin/staff',
    access: { staff: ['admin'] },
    summary:
      'Creates a staff account with a one-time password, answered once: the new member of staff enrols a second factor and sets their own password on first sign-in. 30022 for a taken username. An admin or operator account, on a desk with two enabled admins, is only proposed (`proposal`): the admin who approves it gets the one-time password, so no admin alone holds an account that decides their proposals or approves their payouts (decision 0091).',
    body: z.object({ username: staffUsernameSchema }).extend(staffRoleBody.shape),
    result: createStaffResultSchema,
  }),
  setStaffRole: endpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/role',
    access: { staff: ['admin'] },
    summary:
      "Changes a staff account's role (audited). An admin cannot change their own role (31003). On a desk with two enabled admins, raising a role to admin or from viewer to operator, or demoting an admin when fewer than two would be left, is only proposed (`proposal`; decision 0091).",
    params: idParams,
    body: staffRoleBody,
    result: staffChangeResultSchema,
  }),
  setStaffDisabled: endpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/disabled',
    access: { staff: ['admin'] },
    summary:
      'Disables (ending every session of it) or re-enables a staff account (audited). An admin cannot disable themselves (31003). On a desk with two enabled admins, enabling an admin or operator again, or disabling an admin when fewer than two would be left, is only proposed (`proposal`; decision 0091).',
    params: idParams,
    body: z.object({ disabled: z.boolean() }),
    result: staffChangeResultSchema,
  }),
  resetStaffSecondFactor: endpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/second-factor/reset',
    access: { staff: ['admin'] },
    summary:
      "Removes a staff account's second factor and recovery codes and ends its sessions: the next sign-in enrols again (audited). Another admin's, on a desk with two enabled admins, is only proposed (`proposal`; decision 0091).",
    params: idParams,
    body: z.object({}).nullish(),
    result: staffChangeResultSchema,
  }),
  unlockStaff: endpoint({
    method: 'POST',
    path: '/api/admin/staff/:id/unlock',
    access: { staff: ['admin'] },
    summary:
      'Lifts the lock that failed sign-ins put on a staff account and clears its failure count (audited).',
    params: idParams,
    body: z.object({}).nullish(),
    result: staffChangeResultSchema,
  }),
} as const;
