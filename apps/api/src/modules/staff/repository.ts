import type { StaffRole } from '@bahtdesk/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the staff table (usernames are unique whatever their case). */
export function findStaffByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'username', 'role', 'disabled'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findStaffById(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('staff')
    .select(['id', 'username', 'role', 'disabled', sql<boolean>`totp_secret is not null`.as('enrolled')])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a staff member unless the username is taken; the new id, or undefined when taken. */
export async function insertStaff(
  db: Kysely<DB>,
  values: { username: string; passwordHash: string; role: StaffRole },
): Promise<number | undefined> {
  const row = await db
    .insertInto('staff')
    .values({ username: values.username, password_hash: values.passwordHash, role: values.role })
    .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
