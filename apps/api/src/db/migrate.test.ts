import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/harness.ts';
import { type Database, openPostgres, pgliteDatabase, pgliteParsers } from './connection.ts';
import { migrateToLatest, migrations } from './migrate.ts';

/** A brand-new empty database of the kind the project runs on. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'pg') {
    const database = pgliteDatabase(await PGlite.create({ parsers: pgliteParsers }));
    return { database, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `bahtdesk_fresh_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  const database = openPostgres(parsed.toString());
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migrations', () => {
  it('run all the way up on a fresh database, and a second run applies nothing', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const applied = await migrateToLatest(database.db);
      expect(applied).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(database.db)).toEqual([]);
      const tables = await sql<{ table_name: string }>`
        select table_name from information_schema.tables where table_schema = 'public'`.execute(database.db);
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining([
          'members',
          'transactions',
          'rates',
          'audit_log',
          'files',
          'settings',
          'outbox',
        ]),
      );
    } finally {
      if (process.env.TEST_DB === 'pg') await drop();
      else await database.close();
    }
  });

  it('keep money exact: numeric reads back as a decimal string, ids as numbers', async () => {
    const { db } = await testDatabase();
    const row = await db
      .insertInto('rates')
      .values({ buy_rate: '36.55', sell_rate: '35.10', sell_fee_percent: '1.25', set_by: 'test' })
      .returning(['id', 'buy_rate', 'sell_fee_percent'])
      .executeTakeFirstOrThrow();
    expect(typeof row.id).toBe('number');
    expect(row.buy_rate).toBe('36.55');
    expect(row.sell_fee_percent).toBe('1.250');
  });

  it('keep the audit log append-only', async () => {
    const { db } = await testDatabase();
    const { id } = await db
      .insertInto('audit_log')
      .values({ actor_type: 'system', action: 'test.append_only' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(
      db.updateTable('audit_log').set({ action: 'changed' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('refuse a transaction status outside the five the spec names', async () => {
    const { db } = await testDatabase();
    await expect(
      sql`insert into transactions (public_id, member_id, type, status, rate, amount_thb, amount_usdt, total, deadline_at)
          values ('x', 1, 'buy', 'cancelled', 1, 1, 1, 1, now())`.execute(db),
    ).rejects.toThrow();
  });
});
