import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptySnapshot, testDatabase } from '../../test/harness.ts';
import { openDatabase, openPostgres } from './connection.ts';

const onPostgres = process.env.TEST_DB === 'pg';

// Each project tests the driver it runs on; the other's tests are not defined there.
if (!onPostgres)
  describe('PGlite in a data folder', () => {
    it('is created on first open and reopened with its data afterwards', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahtdesk-conn-'));
      try {
        const first = await openDatabase({ dataDir });
        expect(first.kind).toBe('pglite');
        // A table of its own: what the migrations make is migrate.test.ts's subject.
        await sql`create table kept (value text)`.execute(first.db);
        await sql`insert into kept values ('kept')`.execute(first.db);
        await first.close();

        const second = await openDatabase({ dataDir });
        const { rows } = await sql<{ value: string }>`select value from kept`.execute(second.db);
        expect(rows).toEqual([{ value: 'kept' }]);
        await second.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);

    it('refuses a second opener of the same folder while the first holds it', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahtdesk-lock-'));
      try {
        // The holder's folder is filled from the snapshot taken after initdb (the lock is the
        // subject here; the test above runs initdb in a folder).
        const holder = await openDatabase({
          dataDir,
          loadDataDir: new Blob([new Uint8Array(await emptySnapshot())]),
        });
        // Same process id would take the lock over; simulate another live process owning it.
        const { writeFileSync } = await import('node:fs');
        writeFileSync(path.join(dataDir, 'bahtdesk.lock'), String(process.ppid));
        await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
        await holder.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  });

describe('transactions', () => {
  it('do not interleave: ten concurrent read-modify-write transactions lose no update', async () => {
    const { db } = await testDatabase();
    const key = `serial-${process.pid}-${Date.now()}`;
    await db.insertInto('settings').values({ key, value: '0' }).execute();
    const bump = () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('settings')
          .select('value')
          .where('key', '=', key)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await trx
          .updateTable('settings')
          .set({ value: JSON.stringify(Number(row.value) + 1) })
          .where('key', '=', key)
          .execute();
      });
    await Promise.all(Array.from({ length: 10 }, bump));
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.value).toBe(10);
  });
});

if (onPostgres)
  describe('PostgreSQL pool', () => {
    it('opens no more connections than its pool size: a query beyond them waits, and fails after the acquire timeout', async () => {
      const database = await openDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL as string,
        dataDir: '',
        timeouts: { statementTimeoutMs: 0, acquireTimeoutMs: 1000 },
        poolSize: 2,
      });
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held: Promise<unknown>[] = [];
      try {
        let started = 0;
        const allHeld = new Promise<void>((resolve) => {
          for (let i = 0; i < 2; i++) {
            held.push(
              database.db.connection().execute(async (conn) => {
                await sql`select 1`.execute(conn);
                if (++started === 2) resolve();
                await gate;
              }),
            );
          }
        });
        await allHeld;
        await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/timeout/i);
      } finally {
        release();
        await Promise.all(held);
        await database.close();
      }
    });

    it('survives the server killing its connections: no crash, and the next ping succeeds', async () => {
      const { db: admin } = await testDatabase();
      const errors: Error[] = [];
      const database = openPostgres(process.env.TEST_DATABASE_URL as string, (error) => errors.push(error));
      try {
        // Hold a checked-out client and warm an idle one, then kill every backend of this pool.
        await database.ping();
        const name = `bahtdesk-kill-${process.pid}`;
        await sql`select set_config('application_name', ${name}, false)`.execute(database.db);
        const held = database.db.connection().execute(async (conn) => {
          await sql`select set_config('application_name', ${name}, false)`.execute(conn);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return sql`select 1`.execute(conn).catch((error: Error) => error);
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        const killed = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = ${name}`.execute(
          admin,
        );
        expect(killed.rows[0]?.n).toBeGreaterThanOrEqual(1);
        expect(await held).toBeInstanceOf(Error);
        const started = Date.now();
        await database.ping();
        expect(Date.now() - started).toBeLessThan(1000);
        expect(errors.length).toBeGreaterThanOrEqual(1);
      } finally {
        await database.close();
      }
    });
  });
