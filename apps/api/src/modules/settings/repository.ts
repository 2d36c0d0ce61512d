import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the settings table: one JSON value per key. */
export async function findSettingValue(db: Kysely<DB>, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function upsertSetting(db: Kysely<DB>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}

/** Writes the value only if the key has none; true when this call wrote it. */
export async function insertSettingIfAbsent(db: Kysely<DB>, key: string, value: unknown): Promise<boolean> {
  const row = await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored value of `key`, its row locked until the transaction ends (written first if absent). */
export async function lockSettingValue(trx: Kysely<DB>, key: string, absent: unknown): Promise<unknown> {
  await insertSettingIfAbsent(trx, key, absent);
  const row = await trx
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The stored values of `keys` with when each was written; keys never written are absent. */
export function findSettingRows(db: Kysely<DB>, keys: readonly string[]) {
  return db.selectFrom('settings').select(['key', 'value', 'updated_at']).where('key', 'in', keys).execute();
}
