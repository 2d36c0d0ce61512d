import { type Kysely, sql } from 'kysely';
import { likeLiteral } from '../../db/like.ts';
import type { DB } from '../../db/schema.ts';
import { kycStatusOf } from '../kyc/index.ts';

/** SQL of members as staff see them: search, and what a member saved. */

function matching(db: Kysely<DB>, q: string | undefined) {
  let query = db.selectFrom('members');
  if (q === undefined || q.trim() === '') return query;
  const pattern = `%${likeLiteral(q.trim())}%`;
  // A query written as a phone number (digits grouped by dashes, spaces or dots) matches phone digits.
  const digits = /^[\d\s\-+().]+$/.test(q) ? q.replace(/\D/g, '') : '';
  query = query.where((eb) =>
    eb.or([
      eb('username', 'ilike', pattern),
      eb('first_name', 'ilike', pattern),
      eb('last_name', 'ilike', pattern),
      eb('email', 'ilike', pattern),
      // Phone digits match whatever dashes or spaces either side has.
      ...(digits ? [eb(sql`regexp_replace(phone, '[^0-9]', '', 'g')`, 'like', `%${digits}%`)] : []),
    ]),
  );
  return query;
}

/** Members matching `q`, newest first, with their identity status. */
export function findMembers(db: Kysely<DB>, q: string | undefined, page: { limit: number; offset: number }) {
  return matching(db, q)
    .select(['id', 'username', 'first_name', 'last_name', 'email', 'phone', 'created_at'])
    .select((eb) => kycStatusOf(eb.ref('members.id')).as('kyc_status'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMembers(db: Kysely<DB>, q: string | undefined): Promise<number> {
  const row = await matching(db, q)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findMember(db: Kysely<DB>, id: number) {
  return findMembers(db, undefined, { limit: 1, offset: 0 }).where('id', '=', id).executeTakeFirst();
}

export function findBankAccounts(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('bank_accounts')
    .select(['id', 'bank_code', 'account_number', 'account_name', 'usable_from', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

export function findBankAccount(db: Kysely<DB>, memberId: number, accountId: number) {
  return db
    .selectFrom('bank_accounts')
    .select(['id', 'bank_code', 'account_number'])
    .where('member_id', '=', memberId)
    .where('id', '=', accountId)
    .executeTakeFirst();
}

export function findUsdtAddresses(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('usdt_addresses')
    .select(['id', 'network', 'address', 'nickname', 'custody', 'uid', 'usable_from', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}
