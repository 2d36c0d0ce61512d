import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The SQL of the LINE links and their codes (decision 0079). */

export function linkOf(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('line_links')
    .select(['line_user_id', 'linked_at'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Each of `memberIds` with a linked LINE account, and its LINE user id. */
export function linksOf(db: Kysely<DB>, memberIds: readonly number[]) {
  return db
    .selectFrom('line_links')
    .select(['member_id', 'line_user_id'])
    .where('member_id', 'in', memberIds)
    .execute();
}

/** How many link codes the member asked for since `since`. */
export async function codesSince(db: Kysely<DB>, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('line_link_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends the member's codes still open, then keeps the new one. */
export async function replaceCode(
  db: Kysely<DB>,
  code: { memberId: number; hash: string; lang: 'en' | 'th'; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .updateTable('line_link_codes')
    .set({ expires_at: code.now })
    .where('member_id', '=', code.memberId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', code.now)
    .execute();
  await db
    .insertInto('line_link_codes')
    .values({ member_id: code.memberId, code_hash: code.hash, lang: code.lang, expires_at: code.expiresAt })
    .execute();
}

/** Uses the code with this hash if it is open (one conditional update: two senders never both win). */
export function useCode(db: Kysely<DB>, hash: string, now: Date) {
  return db
    .updateTable('line_link_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['member_id', 'lang'])
    .executeTakeFirst();
}

/**
 * Links the LINE user to the member: any earlier link of either (the member's other LINE account,
 * or this LINE account on another member) ends; answers the members whose link ended.
 */
export async function link(db: Kysely<DB>, memberId: number, lineUserId: string): Promise<number[]> {
  const ended = await db
    .deleteFrom('line_links')
    .where((eb) => eb.or([eb('member_id', '=', memberId), eb('line_user_id', '=', lineUserId)]))
    .returning('member_id')
    .execute();
  await db.insertInto('line_links').values({ member_id: memberId, line_user_id: lineUserId }).execute();
  return ended.map((r) => r.member_id).filter((id) => id !== memberId);
}

export function unlinkMember(db: Kysely<DB>, memberId: number) {
  return db
    .deleteFrom('line_links')
    .where('member_id', '=', memberId)
    .returning('member_id')
    .executeTakeFirst();
}

export function unlinkLineUser(db: Kysely<DB>, lineUserId: string) {
  return db
    .deleteFrom('line_links')
    .where('line_user_id', '=', lineUserId)
    .returning('member_id')
    .executeTakeFirst();
}

/**
 * Whether the outbox row with this retry key may still be pushed: a member's message while its
 * member still has that LINE account linked; a row of no member (a desk alert to
 * DESK_ALERT_LINE_GROUP, which the operator configured, decision 0080) always.
 */
export async function stillLinked(db: Kysely<DB>, retryKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .leftJoin('line_links', (j) =>
      j
        .onRef('line_links.member_id', '=', 'outbox.member_id')
        .onRef('line_links.line_user_id', '=', 'outbox.recipient'),
    )
    .select(['outbox.member_id', 'line_links.member_id as linked'])
    .where('outbox.retry_key', '=', retryKey)
    .executeTakeFirst();
  return row !== undefined && (row.member_id === null || row.linked !== null);
}
