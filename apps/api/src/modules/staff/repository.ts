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
import { type Actor, auditInsertFrom } from '../audit/index.ts';
import { STAFF_DEVICE_DAYS } from './device-cookie.ts';

/**
 * SQL of the staff tables and their sign-in budgets (usernames are unique whatever their case).
 */

const accountColumns = [
  'id',
  'username',
  'role',
  'disabled',
  'must_change_password',
  // Until when failed sign-ins hold checks back: the slow-down, or an address or device stopped.
  sql<Date | null>`greatest(locked_until, (
    select max(a.window_started_at) + ${STAFF_LOCK_MINUTES} * interval '1 minute'
    from staff_sign_in_attempts a
    where a.name = lower(staff.username) and a.attempts >= ${STAFF_LOCK_AFTER_FAILURES}
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

/** Whether any staff account exists, disabled ones too (a desk without any is set up from the CLI). */
export async function hasAnyStaff(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('staff').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Locks the staff table against new rows until the transaction ends (reads go on), so "no account
 * yet, so create the first" is decided once even when two such commands race.
 */
export async function lockStaffTable(trx: Kysely<DB>): Promise<void> {
  await sql`lock table staff in share row exclusive mode`.execute(trx);
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

const DAY_MS = 86_400_000;

/** The attempt source of a client address (the limits' key: IPv4, or the IPv6 /64). */
const addressSource = (ip: string) => `ip:${ip}`;

/** The device of an attempt source, when it is one. */
export function deviceOfSource(source: string): number | undefined {
  return source.startsWith('device:') ? Number(source.slice('device:'.length)) : undefined;
}

/** The start of the window of STAFF_LOCK_MINUTES that is still running at `now`. */
const windowStart = (now: Date) => new Date(now.getTime() - STAFF_LOCK_MINUTES * 60_000);

/**
 * CTE `device`: the device of the account in CTE `account` whose cookie hashes to `tokenHash`, if
 * it completed a sign-in within STAFF_DEVICE_DAYS and is not stopped (STAFF_LOCK_AFTER_FAILURES
 * failures with it in the running window): a stopped device counts as none, so a stolen cookie
 * with guesses stops only itself, and its browser signs in like any other meanwhile.
 */
const deviceOf = (tokenHash: string | null, now: Date) => sql`device as (
  select d.id from staff_devices d join account on account.id = d.staff_id
  where d.token_hash = ${tokenHash}
    and d.signed_in_at > ${new Date(now.getTime() - STAFF_DEVICE_DAYS * DAY_MS)}::timestamptz
    and not exists (
      select 1 from staff_sign_in_attempts a
      where a.name = account.name and a.source = 'device:' || d.id
        and a.attempts >= ${STAFF_LOCK_AFTER_FAILURES} and a.window_started_at > ${windowStart(now)}::timestamptz
    )
)`;

/**
 * CTE `taken`: one attempt of the name and source in CTE `attempt_of`, taken before the check by
 * one conditional upsert, so of any number of simultaneous attempts at most
 * STAFF_LOCK_AFTER_FAILURES get one per window of STAFF_LOCK_MINUTES. Empty when the source is
 * stopped for the name.
 */
function takeAttempt(now: Date) {
  const ended = sql`(a.window_started_at <= ${windowStart(now)}::timestamptz)`;
  return sql`taken as (
    insert into staff_sign_in_attempts as a (name, source, attempts, window_started_at)
    select name, source, 1, ${now}::timestamptz from attempt_of
    on conflict (name, source) do update set
      attempts = case when ${ended} then 1 else a.attempts + 1 end,
      window_started_at = case when ${ended} then ${now}::timestamptz else a.window_started_at end
    where ${ended} or a.attempts < ${STAFF_LOCK_AFTER_FAILURES}
    returning source
  )`;
}

/** Once the account counts STAFF_SLOW_AFTER_FAILURES, each counted attempt holds the next back. */
const slowing = (now: Date) => ({
  reaches: sql<boolean>`failed_sign_ins + 1 >= ${STAFF_SLOW_AFTER_FAILURES}`,
  next: new Date(now.getTime() + STAFF_SLOW_SECONDS * 1000),
});

export interface PasswordAttempt {
  /** The account of the name; undefined when no account has it. */
  staff: { id: number; passwordHash: string; disabled: boolean; enrolled: boolean } | undefined;
  /**
   * The name and source the attempt was taken from: `ip:<address>`, or `device:<id>` for a valid
   * device cookie of the account.
   */
  name: string;
  source: string;
  /** Why the password may not be checked: its address is stopped, or the account slowed down. */
  refusal: 'address stopped' | 'slowed down' | undefined;
  /** Whether the attempt also took one of the whole account (to give back on success). */
  accountTaken: boolean;
  /** Whether this attempt started the account's slow-down. */
  slowedNow: boolean;
}

/**
 * Takes a password attempt before the password is checked, in one statement whose work is the
 * same whether the name is an account's or not (decision 0019): an attempt of (name, source) is
 * taken for any name typed; the source is the account's device when `deviceHash` is one of its
 * valid device cookies (not stopped), else the client address. An account that completed a
 * sign-in before also gives one attempt of the whole account when the attempt comes from neither
 * a device of its own nor an address it signed in from within STAFF_KNOWN_ADDRESS_DAYS: free below
 * STAFF_SLOW_AFTER_FAILURES, then one per STAFF_SLOW_SECONDS (a conditional update, so
 * simultaneous attempts cannot share a slot). An account that never signed in is not slowed down.
 */
export async function takePasswordAttempt(
  db: Kysely<DB>,
  a: { name: string; ip: string; deviceHash: string | null; now: Date },
): Promise<PasswordAttempt> {
  const { now } = a;
  const { reaches, next } = slowing(now);
  const knownSince = new Date(now.getTime() - STAFF_KNOWN_ADDRESS_DAYS * DAY_MS);
  const { rows } = await sql<{
    id: number | null;
    password_hash: string | null;
    disabled: boolean | null;
    enrolled: boolean | null;
    counts_for_account: boolean | null;
    name: string;
    source: string;
    taken: boolean;
    failed_sign_ins: number | null;
  }>`with account as (
      select id, lower(username) as name, password_hash, disabled, totp_secret is not null as enrolled,
        last_login_at is not null as signed_in_before
      from staff where lower(username) = ${a.name}
    ),
    ${deviceOf(a.deviceHash, now)},
    known as (
      select 1 from staff_sign_in_addresses s join account on account.id = s.staff_id
      where s.ip = ${a.ip} and s.signed_in_at > ${knownSince}::timestamptz
    ),
    attempt_of as (
      select coalesce((select name from account), ${a.name}::text) as name,
        coalesce((select 'device:' || id from device), ${addressSource(a.ip)}::text) as source
    ),
    ${takeAttempt(now)},
    counted as (
      update staff set
        failed_sign_ins = failed_sign_ins + 1,
        locked_until = case when ${reaches} then ${next}::timestamptz else locked_until end
      where id = (select id from account where signed_in_before)
        and exists (select 1 from taken)
        and not exists (select 1 from device)
        and not exists (select 1 from known)
        and (failed_sign_ins < ${STAFF_SLOW_AFTER_FAILURES} or locked_until is null or locked_until <= ${now}::timestamptz)
      returning failed_sign_ins
    )
    select account.id, account.password_hash, account.disabled, account.enrolled,
      account.signed_in_before and not exists (select 1 from device) and not exists (select 1 from known)
        as counts_for_account,
      attempt_of.name, attempt_of.source,
      exists (select 1 from taken) as taken,
      (select failed_sign_ins from counted) as failed_sign_ins
    from attempt_of left join account on true`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the attempt statement answered no row');
  const staff =
    row.id === null
      ? undefined
      : {
          id: row.id,
          passwordHash: row.password_hash ?? '',
          disabled: row.disabled === true,
          enrolled: row.enrolled === true,
        };
  return {
    staff,
    name: row.name,
    source: row.source,
    // A device is taken from only while it is not stopped: a source stopped here is an address.
    refusal: !row.taken
      ? 'address stopped'
      : row.counts_for_account && row.failed_sign_ins === null
        ? 'slowed down'
        : undefined,
    accountTaken: row.failed_sign_ins !== null,
    slowedNow: row.failed_sign_ins === STAFF_SLOW_AFTER_FAILURES,
  };
}

/**
 * Takes a code attempt of a signed-in session's account before the code is checked: from the
 * account's device when `deviceHash` is one of its valid device cookies (not stopped), else from
 * the address the session signed in from. The source, and whether it was taken (false: the
 * address is stopped).
 */
export async function takeCodeAttempt(
  db: Kysely<DB>,
  a: { staffId: number; ip: string; deviceHash: string | null; now: Date },
): Promise<{ source: string; taken: boolean }> {
  const { rows } = await sql<{ source: string; taken: boolean }>`with account as (
      select id, lower(username) as name from staff where id = ${a.staffId}
    ),
    ${deviceOf(a.deviceHash, a.now)},
    attempt_of as (
      select account.name,
        coalesce((select 'device:' || id from device), ${addressSource(a.ip)}::text) as source
      from account
    ),
    ${takeAttempt(a.now)}
    select attempt_of.source, exists (select 1 from taken) as taken from attempt_of`.execute(db);
  return rows[0] ?? { source: addressSource(a.ip), taken: false };
}

/** Gives back an attempt that succeeded (a right password). */
export async function giveBackAttempt(db: Kysely<DB>, name: string, source: string): Promise<void> {
  await db
    .updateTable('staff_sign_in_attempts')
    .set({ attempts: sql`greatest(attempts - 1, 0)` })
    .where('name', '=', name)
    .where('source', '=', source)
    .execute();
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
 * A completed sign-in (password and second factor) through `source`, from the address `ip`: the
 * source's count starts again and the address is known from now on.
 */
export async function markSignedInThrough(
  db: Kysely<DB>,
  a: { staffId: number; ip: string; source: string; now: Date },
): Promise<void> {
  await db
    .updateTable('staff_sign_in_attempts')
    .set({ attempts: 0 })
    .where('name', '=', sql<string>`(select lower(username) from staff where id = ${a.staffId})`)
    .where('source', '=', a.source)
    .execute();
  await db
    .insertInto('staff_sign_in_addresses')
    .values({ staff_id: a.staffId, ip: a.ip, attempts: 0, window_started_at: a.now, signed_in_at: a.now })
    .onConflict((oc) => oc.columns(['staff_id', 'ip']).doUpdateSet({ signed_in_at: a.now }))
    .execute();
}

/**
 * Gives the browser of a completed sign-in its device: the device it came with gets the new token
 * (the old cookie stops working), or a new device is kept for the account.
 */
export async function keepDevice(
  db: Kysely<DB>,
  a: { staffId: number; deviceId: number | undefined; tokenHash: string; now: Date },
): Promise<void> {
  if (a.deviceId !== undefined) {
    await db
      .updateTable('staff_devices')
      .set({ token_hash: a.tokenHash, signed_in_at: a.now })
      .where('id', '=', a.deviceId)
      .where('staff_id', '=', a.staffId)
      .execute();
    return;
  }
  await db
    .insertInto('staff_devices')
    .values({ staff_id: a.staffId, token_hash: a.tokenHash, signed_in_at: a.now })
    .execute();
}

/**
 * The audit row of a refused sign-in step, with the slow-down's own row (`staff.slowed`) when this
 * failure started it: one statement either way, so its cost tells nothing.
 */
export async function recordRefusal(
  db: Kysely<DB>,
  actor: Actor,
  refusal: { action: string; target: string | null; reason: string; slowedNow: boolean },
): Promise<void> {
  const target = refusal.target ?? sql<string>`null`;
  const refused = auditInsertFrom('refused', actor, {
    action: refusal.action,
    target,
    reason: refusal.reason,
    outcome: 'failure',
  });
  const slowed = auditInsertFrom('slowed', actor, {
    action: 'staff.slowed',
    target,
    reason: 'failed sign-ins from many addresses',
  });
  await sql`with refused as (select 1), slowed as (select 1 where ${refusal.slowedNow}),
    refused_row as (${refused}), slowed_row as (${slowed})
    select 1`.execute(db);
}

/**
 * Counts a wrong code against the whole account (one that completed a sign-in before), so that
 * guessing codes with a known password from many addresses slows its password step down too.
 * Answers whether it started the slow-down.
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
    .where('last_login_at', 'is not', null)
    .returning('failed_sign_ins')
    .executeTakeFirst();
  return { slowedNow: row?.failed_sign_ins === STAFF_SLOW_AFTER_FAILURES };
}

/**
 * Accepts a TOTP time step: only if the account is enabled, the secret is still the one checked and
 * no step at or after it was accepted before. Of two racing verifications of one code exactly one
 * gets a row back. The caller took the code's attempt (takeCodeAttempt) before checking it.
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
    // Every address and device may try again at once; the addresses it signed in from stay known.
    await db
      .updateTable('staff_sign_in_attempts')
      .set({ attempts: 0 })
      .where('name', '=', sql<string>`(select lower(username) from staff where id = ${id})`)
      .execute();
  }
}
