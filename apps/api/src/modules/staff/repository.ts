import {
  STAFF_KNOWN_ADDRESS_DAYS,
  STAFF_LOCK_AFTER_FAILURES,
  STAFF_LOCK_MINUTES,
  STAFF_SLOW_AFTER_FAILURES,
  STAFF_SLOW_SECONDS,
  type StaffRole,
} from '@bahtdesk/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the staff and staff_recovery_codes tables (usernames are unique whatever their case). */

const accountColumns = [
  'id',
  'username',
  'role',
  'disabled',
  'must_change_password',
  // Until when failed sign-ins hold checks back: the slow-down, or an address stopped for it.
  sql<Date | null>`greatest(locked_until, (
    select max(a.window_started_at) + ${STAFF_LOCK_MINUTES} * interval '1 minute'
    from staff_sign_in_addresses a
    where a.staff_id = staff.id and a.attempts >= ${STAFF_LOCK_AFTER_FAILURES}
  ))`.as('locked_until'),
  'last_login_at',
  'created_at',
  sql<boolean>`totp_secret is not null`.as('enrolled'),
] as const;

export function findStaffByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'username', 'role', 'disabled'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** What sign-in needs of an account, by username. */
export function findStaffForSignIn(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'password_hash', 'disabled', sql<boolean>`totp_secret is not null`.as('enrolled')])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** An account as the back office lists it. */
export function findStaffById(db: Kysely<DB>, id: number) {
  return db.selectFrom('staff').select(accountColumns).where('id', '=', id).executeTakeFirst();
}

/** The same, locked for the rest of the transaction, so a change's "before" is what it changed. */
export function lockStaffRow(trx: Kysely<DB>, id: number) {
  return trx.selectFrom('staff').select(accountColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function listStaffAccounts(db: Kysely<DB>) {
  return db.selectFrom('staff').select(accountColumns).orderBy(sql`lower(username)`).execute();
}

/** Whether an admin account that is not disabled exists (the first one comes from the CLI). */
export async function hasEnabledAdmin(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('staff')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many admin accounts are enabled (two-person rules hold from two on; decision 0091). */
export async function countEnabledAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type StaffAccountRow = NonNullable<Awaited<ReturnType<typeof findStaffById>>>;

/** The second-factor state of an account. */
export function findSecondFactor(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('staff')
    .select(['totp_secret', 'totp_pending_secret', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a staff member unless the username is taken; the new id, or undefined when taken. */
export async function insertStaff(
  db: Kysely<DB>,
  values: { username: string; passwordHash: string; role: StaffRole; mustChangePassword: boolean },
): Promise<number | undefined> {
  const row = await db
    .insertInto('staff')
    .values({
      username: values.username,
      password_hash: values.passwordHash,
      role: values.role,
      must_change_password: values.mustChangePassword,
    })
    .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Takes one sign-in attempt for an account from an address, before it is checked: one conditional
 * upsert, so of any number of simultaneous attempts at most STAFF_LOCK_AFTER_FAILURES get one per
 * window of STAFF_LOCK_MINUTES. Undefined when the address is stopped for the account; else
 * whether the account completed a sign-in from it lately (`known`).
 */
export async function takeAddressAttempt(
  db: Kysely<DB>,
  staffId: number,
  ip: string,
  now: Date,
): Promise<{ known: boolean } | undefined> {
  const windowEnded = sql<boolean>`(staff_sign_in_addresses.window_started_at <= ${new Date(
    now.getTime() - STAFF_LOCK_MINUTES * 60_000,
  )}::timestamptz)`;
  const row = await db
    .insertInto('staff_sign_in_addresses')
    .values({ staff_id: staffId, ip, attempts: 1, window_started_at: now })
    .onConflict((oc) =>
      oc
        .columns(['staff_id', 'ip'])
        .doUpdateSet({
          attempts: sql`case when ${windowEnded} then 1 else staff_sign_in_addresses.attempts + 1 end`,
          window_started_at: sql`case when ${windowEnded} then ${now}::timestamptz else staff_sign_in_addresses.window_started_at end`,
        })
        .where((eb) =>
          eb.or([windowEnded, eb('staff_sign_in_addresses.attempts', '<', STAFF_LOCK_AFTER_FAILURES)]),
        ),
    )
    .returning('signed_in_at')
    .executeTakeFirst();
  if (!row) return undefined;
  const knownSince = now.getTime() - STAFF_KNOWN_ADDRESS_DAYS * 86_400_000;
  return { known: row.signed_in_at !== null && row.signed_in_at.getTime() > knownSince };
}

/** Gives back an attempt that succeeded (a right password). */
export async function giveBackAddressAttempt(db: Kysely<DB>, staffId: number, ip: string): Promise<void> {
  await db
    .updateTable('staff_sign_in_addresses')
    .set({ attempts: sql`greatest(attempts - 1, 0)` })
    .where('staff_id', '=', staffId)
    .where('ip', '=', ip)
    .execute();
}

/** A completed sign-in from an address: its count starts again and it is known from now on. */
export async function markAddressSignedIn(
  db: Kysely<DB>,
  staffId: number,
  ip: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('staff_sign_in_addresses')
    .values({ staff_id: staffId, ip, attempts: 0, window_started_at: now, signed_in_at: now })
    .onConflict((oc) => oc.columns(['staff_id', 'ip']).doUpdateSet({ attempts: 0, signed_in_at: now }))
    .execute();
}

/** Once the account counts STAFF_SLOW_AFTER_FAILURES, each counted attempt holds the next back. */
const slowing = (now: Date) => ({
  reaches: sql<boolean>`failed_sign_ins + 1 >= ${STAFF_SLOW_AFTER_FAILURES}`,
  next: new Date(now.getTime() + STAFF_SLOW_SECONDS * 1000),
});

/**
 * Takes an attempt against the whole account, for a password from an address it has not signed
 * in from lately, before the check: free below STAFF_SLOW_AFTER_FAILURES, then one per
 * STAFF_SLOW_SECONDS (one conditional update, so simultaneous attempts cannot share a slot).
 * Undefined when the account is slowed down and the slot is taken; else whether this attempt
 * started the slow-down.
 */
export async function takeAccountAttempt(
  db: Kysely<DB>,
  staffId: number,
  now: Date,
): Promise<{ slowedNow: boolean } | undefined> {
  const { reaches, next } = slowing(now);
  const row = await db
    .updateTable('staff')
    .set({
      failed_sign_ins: sql`failed_sign_ins + 1`,
      locked_until: sql`case when ${reaches} then ${next}::timestamptz else locked_until end`,
    })
    .where('id', '=', staffId)
    .where((eb) =>
      eb.or([
        eb('failed_sign_ins', '<', STAFF_SLOW_AFTER_FAILURES),
        eb('locked_until', 'is', null),
        eb('locked_until', '<=', now),
      ]),
    )
    .returning('failed_sign_ins')
    .executeTakeFirst();
  return row && { slowedNow: row.failed_sign_ins === STAFF_SLOW_AFTER_FAILURES };
}

/** Gives back an account attempt that succeeded (a right password). */
export async function giveBackAccountAttempt(db: Kysely<DB>, staffId: number): Promise<void> {
  await db
    .updateTable('staff')
    .set({ failed_sign_ins: sql`greatest(failed_sign_ins - 1, 0)` })
    .where('id', '=', staffId)
    .execute();
}

/**
 * Counts a wrong code against the whole account, so that guessing codes with a known password
 * from many addresses slows its password step down too. Answers whether it started the slow-down.
 */
export async function countCodeFailure(
  db: Kysely<DB>,
  staffId: number,
  now: Date,
): Promise<{ slowedNow: boolean }> {
  const { reaches, next } = slowing(now);
  const row = await db
    .updateTable('staff')
    .set({
      failed_sign_ins: sql`failed_sign_ins + 1`,
      locked_until: sql`case when ${reaches} then greatest(coalesce(locked_until, ${now}::timestamptz), ${next}::timestamptz) else locked_until end`,
    })
    .where('id', '=', staffId)
    .returning('failed_sign_ins')
    .executeTakeFirst();
  return { slowedNow: row?.failed_sign_ins === STAFF_SLOW_AFTER_FAILURES };
}

/**
 * Accepts a TOTP time step: only if the account is enabled, the secret is still the one checked and
 * no step at or after it was accepted before. Of two racing verifications of one code exactly one
 * gets a row back. The caller took the code's attempt (takeAddressAttempt) before checking it.
 */
export async function acceptTotpStep(
  db: Kysely<DB>,
  id: number,
  secret: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('staff')
    .set({ totp_last_step: step, failed_sign_ins: 0, locked_until: null, last_login_at: now })
    .where('id', '=', id)
    .where('disabled', '=', false)
    .where('totp_secret', '=', secret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Completes sign-in without a code (a recovery code): the account's count starts again. */
export async function markSignedIn(db: Kysely<DB>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('staff')
    .set({ failed_sign_ins: 0, locked_until: null, last_login_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setPendingSecret(db: Kysely<DB>, id: number, secret: string): Promise<boolean> {
  const row = await db
    .updateTable('staff')
    .set({ totp_pending_secret: secret })
    .where('id', '=', id)
    .where('totp_secret', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Puts the pending secret in force, if it is still the one the code was checked against. */
export async function confirmPendingSecret(
  db: Kysely<DB>,
  id: number,
  secret: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('staff')
    .set({
      totp_secret: secret,
      totp_pending_secret: null,
      totp_last_step: step,
      failed_sign_ins: 0,
      locked_until: null,
      last_login_at: now,
    })
    .where('id', '=', id)
    .where('totp_secret', 'is', null)
    .where('totp_pending_secret', '=', secret)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function replaceRecoveryCodes(db: Kysely<DB>, id: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', id).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ staff_id: id, code_hash })))
    .execute();
}

/** Uses a recovery code once: of two racing uses exactly one gets true. */
export async function useRecoveryCodeRow(
  db: Kysely<DB>,
  id: number,
  hash: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('staff_id', '=', id)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPassword(db: Kysely<DB>, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ password_hash: passwordHash, must_change_password: false, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The changes an admin makes to an account. */
export type StaffChange =
  | { role: StaffRole }
  | { disabled: boolean }
  | { secondFactor: 'reset' }
  | { unlock: true };

export async function applyStaffChange(db: Kysely<DB>, id: number, change: StaffChange): Promise<void> {
  const set =
    'role' in change
      ? { role: change.role }
      : 'disabled' in change
        ? { disabled: change.disabled }
        : 'secondFactor' in change
          ? { totp_secret: null, totp_pending_secret: null, totp_last_step: null }
          : { locked_until: null, failed_sign_ins: 0 };
  await db
    .updateTable('staff')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  if ('secondFactor' in change) {
    await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', id).execute();
  }
  if ('unlock' in change) {
    // Every address may try again at once; the addresses it signed in from stay known.
    await db.updateTable('staff_sign_in_addresses').set({ attempts: 0 }).where('staff_id', '=', id).execute();
  }
}
