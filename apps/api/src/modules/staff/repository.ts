import { STAFF_LOCK_AFTER_FAILURES, STAFF_LOCK_MINUTES, type StaffRole } from '@bahtdesk/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the staff and staff_recovery_codes tables (usernames are unique whatever their case). */

const accountColumns = [
  'id',
  'username',
  'role',
  'disabled',
  'must_change_password',
  'locked_until',
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
    .select([
      'id',
      'password_hash',
      'disabled',
      'locked_until',
      sql<boolean>`totp_secret is not null`.as('enrolled'),
    ])
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

export type StaffAccountRow = NonNullable<Awaited<ReturnType<typeof findStaffById>>>;

/** The second-factor state of an account. */
export function findSecondFactor(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('staff')
    .select(['totp_secret', 'totp_pending_secret', 'locked_until', 'password_hash'])
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
 * Counts one failed sign-in (password or code) unless the account is already locked. The failure
 * that makes STAFF_LOCK_AFTER_FAILURES in a row locks the account for STAFF_LOCK_MINUTES and starts
 * the count again. One statement, so racing failures each count. Answers whether this one locked it.
 */
export async function countFailure(db: Kysely<DB>, id: number, now: Date): Promise<{ locked: boolean }> {
  const until = new Date(now.getTime() + STAFF_LOCK_MINUTES * 60_000);
  const reaches = sql<boolean>`failed_sign_ins + 1 >= ${STAFF_LOCK_AFTER_FAILURES}`;
  const row = await db
    .updateTable('staff')
    .set({
      failed_sign_ins: sql`case when ${reaches} then 0 else failed_sign_ins + 1 end`,
      locked_until: sql`case when ${reaches} then ${until}::timestamptz else locked_until end`,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('locked_until')
    .executeTakeFirst();
  return { locked: row?.locked_until?.getTime() === until.getTime() };
}

/**
 * Accepts a TOTP time step: only if the secret is still the one checked and no step at or after it
 * was accepted before. Of two racing verifications of one code exactly one gets a row back.
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
    .set({ totp_last_step: step, failed_sign_ins: 0, last_login_at: now })
    .where('id', '=', id)
    .where('totp_secret', '=', secret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Completes sign-in without a code (a recovery code): the failure count starts again. */
export async function markSignedIn(db: Kysely<DB>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('staff')
    .set({ failed_sign_ins: 0, last_login_at: now })
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
}
