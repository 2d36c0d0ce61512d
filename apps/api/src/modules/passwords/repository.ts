import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of what the step-up check reads of a member: their password hash and where to reach them. */

export async function passwordHashOf(db: Kysely<DB>, memberId: number): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select('password_hash')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}
