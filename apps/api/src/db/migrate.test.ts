import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { PAYMENT_METHODS, STAFF_ROLES } from '@bahtdesk/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testDatabase } from '../../test/harness.ts';
import { migrateToLatest, migrations } from './migrate.ts';

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
      await drop();
    }
  });

  it('run once each when two processes start at once against one fresh database', async () => {
    const { database, open, drop } = await freshDatabase();
    try {
      const runs = await Promise.all([migrateToLatest(database.db), migrateToLatest(open().db)]);
      // Between them the two runs applied every migration, none twice, and both finished.
      expect(runs.flat().sort()).toEqual(Object.keys(migrations));
      const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
      expect(recorded.rows.map((r) => r.name).sort()).toEqual(Object.keys(migrations));
    } finally {
      await drop();
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

  it('accept every payment method and staff role of the contract (the CHECKs agree with it)', async () => {
    const { db } = await testDatabase();
    await db
      .transaction()
      .execute(async (trx) => {
        const member = await sql<{ id: number }>`
        insert into members (username, password_hash, first_name, last_name, phone, email)
        values ('checkprobe', 'x', 'A', 'B', '0800000000', 'checkprobe@example.com') returning id`.execute(
          trx,
        );
        const memberId = member.rows[0]?.id;
        for (const method of PAYMENT_METHODS) {
          await sql`insert into transactions (public_id, member_id, type, status, rate, amount_thb, amount_usdt, total, deadline_at, payment_method)
          values (${`probe-${method}`}, ${memberId}, 'sell', 'pending', 1, 1, 1, 1, now(), ${method})`.execute(
            trx,
          );
        }
        for (const role of STAFF_ROLES) {
          await sql`insert into staff (username, password_hash, role) values (${`probe-${role}`}, 'x', ${role})`.execute(
            trx,
          );
        }
        // Throwing rolls the probe rows back.
        throw new Error('rolled back');
      })
      .catch((err: Error) => expect(err.message).toBe('rolled back'));
  });
});

describe('frozen migrations', () => {
  const dir = new URL('./migrations/', import.meta.url);
  const frozen = JSON.parse(readFileSync(new URL('frozen.json', dir), 'utf8')) as Record<string, string>;

  it('are never edited after they land: each file still has the text it landed with', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    const hashes = Object.fromEntries(
      files.map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(new URL(f, dir)))
          .digest('hex'),
      ]),
    );
    // A new migration is added to frozen.json when it lands; an edited one no longer matches.
    expect(hashes).toEqual(frozen);
  });

  it('are all registered, in the order of their names', () => {
    expect(Object.keys(migrations)).toEqual(Object.keys(frozen).map((f) => f.replace(/\.ts$/, '')));
  });
});
