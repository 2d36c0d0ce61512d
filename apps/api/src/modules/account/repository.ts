import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, MembersTable } from '../../db/schema.ts';

/** SQL of the members table. */

export async function insertMember(trx: Kysely<DB>, values: Insertable<MembersTable>): Promise<number> {
  const { id } = await trx.insertInto('members').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findProfile(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'first_name', 'last_name', 'phone', 'email', 'kyc_status', 'created_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** The member signing in by username (usernames are unique whatever their case). */
export function findByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'password_hash'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export interface ContactDetails {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
}

export function contactDetails(trx: Kysely<DB>, memberId: number): Promise<ContactDetails> {
  return trx
    .selectFrom('members')
    .select(['first_name', 'last_name', 'phone', 'email'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

export async function setContactDetails(
  trx: Kysely<DB>,
  memberId: number,
  details: ContactDetails,
): Promise<void> {
  await trx
    .updateTable('members')
    .set({ ...details, updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}

export async function passwordHashOf(db: Kysely<DB>, memberId: number): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select('password_hash')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/**
 * The member's row, locked until the transaction ends, so one member's changes of one kind happen
 * one at a time (payment details under the 10-entry limit, OTPs under the resend countdown).
 */
export function lockMemberQuery(trx: Kysely<DB>, memberId: number) {
  return trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate();
}

export async function setPasswordHash(
  trx: Kysely<DB>,
  memberId: number,
  passwordHash: string,
  now = new Date(),
): Promise<void> {
  await trx
    .updateTable('members')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}
