import { type Insertable, type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { isoTime } from '../../db/json.ts';
import type { DB, MembersTable } from '../../db/schema.ts';
import { kycReviewOf, kycStatusOf } from '../kyc/index.ts';
import { bankAccountsOf, usdtAddressesOf } from '../payments/index.ts';

/** SQL of the members table. */

export async function insertMember(trx: Kysely<DB>, values: Insertable<MembersTable>): Promise<number> {
  const { id } = await trx.insertInto('members').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Everything the profile shows, in one statement: the member's row, their identity status and
 * newest review, and their bank accounts and USDT addresses as JSON arrays in their wire form;
 * built and compiled once.
 */
const profileOf = compiledOnce((db: Kysely<DB>, memberId: number) =>
  db
    .selectFrom('members')
    .select((eb) => [
      'id',
      'username',
      'first_name',
      'last_name',
      'phone',
      'email',
      isoTime(eb.ref('members.created_at')).as('created_at'),
      kycStatusOf(eb.ref('members.id')).as('kyc_status'),
      kycReviewOf(eb.ref('members.id')).as('kyc_review'),
      bankAccountsOf(eb.ref('members.id')).as('bank_accounts'),
      usdtAddressesOf(eb.ref('members.id')).as('usdt_addresses'),
    ])
    .where('id', '=', memberId),
);

export async function findProfile(db: Kysely<DB>, memberId: number) {
  const [row] = await profileOf(db, memberId);
  return row;
}

/** The member an email address or phone number belongs to. */
export function findByContact(db: Kysely<DB>, to: { email: string } | { phone: string }) {
  const q = db.selectFrom('members').select(['id', 'email', 'phone', 'username']);
  return (
    'email' in to ? q.where('email', '=', to.email) : q.where('phone', '=', to.phone)
  ).executeTakeFirst();
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
