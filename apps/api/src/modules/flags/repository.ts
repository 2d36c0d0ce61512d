import type { MemberFlag } from '@bahtdesk/contract';
import { type Expression, expressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of member notes (append-only) and flags (active while not lifted). */

export function notesOf(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('member_notes as n')
    .innerJoin('staff as s', 's.id', 'n.staff_id')
    .select(['n.id', 'n.body', 'n.created_at', 's.username as author'])
    .where('n.member_id', '=', memberId)
    .orderBy('n.id', 'desc')
    .execute();
}

export function flagsOf(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('member_flags as f')
    .innerJoin('staff as s', 's.id', 'f.set_by')
    .leftJoin('staff as l', 'l.id', 'f.lifted_by')
    .select([
      'f.id',
      'f.flag',
      'f.reason',
      'f.set_at',
      'f.lifted_at',
      'f.lift_reason',
      's.username as set_by',
      'l.username as lifted_by',
    ])
    .where('f.member_id', '=', memberId)
    .orderBy((eb) => eb.case().when('f.lifted_at', 'is', null).then(0).else(1).end())
    .orderBy('f.id', 'desc')
    .execute();
}

export async function insertNote(db: Kysely<DB>, memberId: number, staffId: number, body: string) {
  return db
    .insertInto('member_notes')
    .values({ member_id: memberId, staff_id: staffId, body })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Sets a flag unless it is active already (the partial unique index decides a race): its id, or undefined. */
export async function insertFlag(
  db: Kysely<DB>,
  memberId: number,
  flag: MemberFlag,
  reason: string,
  staffId: number,
) {
  return db
    .insertInto('member_flags')
    .values({ member_id: memberId, flag, reason, set_by: staffId })
    .onConflict((oc) => oc.columns(['member_id', 'flag']).where('lifted_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Lifts the active flag, if there is one (one conditional update: of two lifts one wins). */
export async function liftFlag(
  db: Kysely<DB>,
  memberId: number,
  flag: MemberFlag,
  reason: string,
  staffId: number,
) {
  return db
    .updateTable('member_flags')
    .set({ lifted_at: new Date(), lifted_by: staffId, lift_reason: reason })
    .where('member_id', '=', memberId)
    .where('flag', '=', flag)
    .where('lifted_at', 'is', null)
    .returning(['id', 'reason'])
    .executeTakeFirst();
}

/** Whether the member has this flag active now. */
/** Whether the member has `flag` active, as an expression for another module's statement. */
export function activeFlagOf(memberId: Expression<number> | number, flag: MemberFlag) {
  const eb = expressionBuilder<DB, never>();
  return eb.exists(
    eb
      .selectFrom('member_flags')
      .select('member_flags.id')
      .where('member_flags.member_id', '=', memberId)
      .where('member_flags.flag', '=', flag)
      .where('member_flags.lifted_at', 'is', null),
  );
}

export async function hasActiveFlag(db: Kysely<DB>, memberId: number, flag: MemberFlag): Promise<boolean> {
  const row = await db
    .selectFrom('member_flags')
    .select('id')
    .where('member_id', '=', memberId)
    .where('flag', '=', flag)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The active flags of each of these members. */
export async function activeFlagsOf(
  db: Kysely<DB>,
  memberIds: readonly number[],
): Promise<Map<number, MemberFlag[]>> {
  const byMember = new Map<number, MemberFlag[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom('member_flags')
    .select(['member_id', 'flag'])
    .where('member_id', 'in', [...new Set(memberIds)])
    .where('lifted_at', 'is', null)
    .orderBy('flag')
    .execute();
  for (const r of rows) byMember.set(r.member_id, [...(byMember.get(r.member_id) ?? []), r.flag]);
  return byMember;
}
