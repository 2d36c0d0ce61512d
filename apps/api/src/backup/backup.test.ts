import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StaffOrder, Transaction } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedSnapshot, testApp } from '../../test/harness.ts';
import { createStaff, post, signIn, type TestStaff } from '../../test/members.ts';
import { buy, CREATE, DEPOSIT_CHECKED, GET, historyOf, orderCalls, slipImage } from '../../test/orders.ts';
import { adminCall, enrolledStaff, staffPasswordStep, totpCode } from '../../test/staff.ts';
import { periodOf } from '../../test/staff-calls.ts';
import { createTrader, deskReady } from '../../test/traders.ts';
import { type DeskIO, runDesk } from '../cli/desk.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { serveDumps } from './dump-socket.ts';

/**
 * `npm run desk -- backup` and `restore` on the database of the project that runs this file:
 * PGlite (a folder, backed up through the serving process's socket) or PostgreSQL (pg_dump and
 * pg_restore between two databases of their own on TEST_DATABASE_URL's server).
 */
const onPostgres = process.env.TEST_DB === 'pg';

let folder: string;
const created: string[] = [];

async function adminQuery(sqlText: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** A new, empty database: a PGlite folder's environment, or a new PostgreSQL database's. */
async function emptyDesk(name: string): Promise<Record<string, string>> {
  if (!onPostgres) return { DATA_DIR: path.join(folder, name) };
  const database = `bahtdesk_bk_${name}_${process.pid}`;
  await adminQuery(`drop database if exists ${database} with (force)`);
  await adminQuery(`create database ${database}`);
  created.push(database);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${database}`;
  return { DATABASE_URL: url.toString() };
}

const openDesk = (env: Record<string, string>) =>
  openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });

/** A new migrated desk: a PGlite folder filled from the tests' migrated snapshot (no initdb), or a migrated database. */
async function newDesk(env: Record<string, string>) {
  if (env.DATA_DIR) {
    const snapshot = new Blob([new Uint8Array(await migratedSnapshot())]);
    return openDatabase({ dataDir: env.DATA_DIR, loadDataDir: snapshot });
  }
  const database = await openDesk(env);
  await migrateToLatest(database.db);
  return database;
}

async function desk(argv: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const io: DeskIO = {
    env,
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    readLine: async () => undefined,
    operator: 'tester',
  };
  const code = await runDesk(argv, io);
  return { code, stdout, stderr };
}

beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'bahtdesk-backup-'));
});

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  for (const database of created) await adminQuery(`drop database if exists ${database} with (force)`);
});

/** The slip photo of a member's order, as the member app reads it (the order's proofUrl). */
async function photoOf(app: FastifyInstance, token: string, orderId: string): Promise<Buffer> {
  const proofUrl = periodOf((await post<Transaction>(app, GET, { id: orderId }, { token })).body).payment
    ?.proofUrl;
  if (!proofUrl) throw new Error('the order has no slip photo');
  const photo = await app.inject({
    method: 'GET',
    url: proofUrl,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(photo.statusCode).toBe(200);
  expect(photo.headers['content-type']).toMatch(/^image\//);
  return photo.rawPayload;
}

describe('backup and restore of a whole desk', () => {
  it('rule: a desk backed up while it serves comes back whole in an empty database: member and staff sign-in, history, a photo and a new order', async () => {
    // The desk: a member who traded (a cash deposit with its slip photo, completed by staff),
    // and a staff account with its second factor.
    const sourceEnv = await emptyDesk('source');
    const source = await newDesk(sourceEnv);
    let app: FastifyInstance | undefined;
    let stopDumps: (() => Promise<void>) | undefined;
    const file = path.join(folder, 'desk.backup');
    let order: Transaction;
    let member: Awaited<ReturnType<typeof createTrader>>;
    let staff: Awaited<ReturnType<typeof enrolledStaff>>;
    let slipServed: Buffer;
    try {
      app = (await testApp({}, { database: source })).app;
      await deskReady(app);
      const operator: TestStaff = await createStaff(app, 'operator');
      const slip = await slipImage('backup-slip');
      const running = app;
      const calls = orderCalls(() => ({ app: running, operator, slip }));
      member = await createTrader(app);
      staff = await enrolledStaff(app);
      order = periodOf((await calls.create(member, buy(member))).body);
      periodOf((await calls.confirm(member, calls.deposit(order.id))).body);
      periodOf((await calls.complete(operator.token, order.id, DEPOSIT_CHECKED)).body);
      slipServed = await photoOf(app, member.token, order.id);

      // While it serves: PGlite's copy comes from the serving process, as the server answers it.
      if (source.dump) {
        const dataDir = sourceEnv.DATA_DIR ?? '';
        // A failed dump reaches the command as its error message, which the assertions below show.
        stopDumps = await serveDumps(dataDir, source.dump, () => {});
      }
      const backedUp = await desk(['backup', file], sourceEnv);
      expect(backedUp).toMatchObject({ code: 0, stderr: '' });
      expect(backedUp.stdout).toContain(onPostgres ? '(pg_dump)' : '(taken by the running server)');
      // A backup never overwrites one already there.
      expect((await desk(['backup', file], sourceEnv)).code).toBe(1);
      if (onPostgres) {
        // Without PostgreSQL's client tools the command says what to install.
        const searchPath = process.env.PATH;
        process.env.PATH = '';
        try {
          const missing = await desk(['backup', `${file}.2`], sourceEnv);
          expect(missing.code).toBe(1);
          expect(missing.stderr).toMatch(
            /pg_dump is not installed: install PostgreSQL's client tools of version \d+ or newer/,
          );
        } finally {
          process.env.PATH = searchPath;
        }
      }
    } finally {
      await stopDumps?.();
      await app?.close();
      await source.close();
    }

    const targetEnv = await emptyDesk('target');
    if (targetEnv.DATA_DIR) {
      // The source folder's lock, as a copy of the whole folder carries it: it names a live
      // process (this one's parent) holding another folder, so it blocks nothing here.
      mkdirSync(targetEnv.DATA_DIR, { recursive: true });
      writeFileSync(
        path.join(targetEnv.DATA_DIR, 'bahtdesk.lock'),
        `${process.ppid}\n${sourceEnv.DATA_DIR}\n`,
      );
    }
    const restored = await desk(['restore', file], targetEnv);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toMatch(/\d+ members, 1 orders, 2 staff accounts/);
    // A desk is restored only into an empty database.
    expect((await desk(['restore', file], targetEnv)).stderr).toContain('already holds');

    const target = await openDesk(targetEnv);
    try {
      const { app: restoredApp } = await testApp({}, { database: target });
      try {
        const token = await signIn(restoredApp, member.username, member.password);
        const history = await historyOf(restoredApp, token);
        const kept = history.items.find((item) => item.id === order.id);
        expect(kept).toMatchObject({ status: 'success', amountThb: order.amountThb });
        // The slip photo came along, byte for byte as the source served it.
        expect(slipServed.byteLength).toBeGreaterThan(1000);
        expect((await photoOf(restoredApp, token, order.id)).equals(slipServed)).toBe(true);

        // Staff sign in with their password and the second factor they had.
        const staffToken = await staffPasswordStep(restoredApp, staff);
        const second = await adminCall(restoredApp, 'POST', '/api/admin/auth/totp', {
          token: staffToken,
          body: { code: totpCode(staff.secret) },
        });
        expect(second.body.code).toBe(0);
        const staffView = await adminCall<StaffOrder>(restoredApp, 'GET', `/api/admin/orders/${order.id}`, {
          token: staffToken,
        });
        expect(staffView.body.result?.period.order).toMatchObject({ id: order.id, status: 'success' });

        // And the desk trades on: a new order, numbered after the restored ones.
        const next = await post<Transaction>(restoredApp, CREATE, buy(member), { token });
        expect(next.body.code).toBe(0);
        expect(next.body.result?.period.id).not.toBe(order.id);
      } finally {
        await restoredApp.close();
      }
    } finally {
      await target.close();
    }
  }, 90_000);

  it.runIf(!onPostgres)(
    "rule: a PGlite folder's lock stops a second process only while that process holds this very folder",
    async () => {
      const dir = path.join(folder, 'locked');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'bahtdesk.lock'), `${process.ppid}\n${dir}\n`);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
      expect(existsSync(path.join(dir, 'pgdata'))).toBe(false);
    },
  );

  it('rule: a backup file is readable by its owner alone (0600) whatever the umask, and restore makes one readable by others so, saying it', async () => {
    const sourceEnv = await emptyDesk('private');
    await (await newDesk(sourceEnv)).close();
    const file = path.join(folder, 'private.backup');
    // A partial file a killed backup left, open to everyone: written again, it must not stay so.
    writeFileSync(`${file}.partial`, 'left over', { mode: 0o666 });
    chmodSync(`${file}.partial`, 0o666);
    const previous = process.umask(0);
    let backedUp: Awaited<ReturnType<typeof desk>>;
    try {
      backedUp = await desk(['backup', file], sourceEnv);
    } finally {
      process.umask(previous);
    }
    expect(backedUp).toMatchObject({ code: 0, stderr: '' });
    expect(backedUp.stdout).not.toContain('Warning');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // A copy made readable by others (say, moved through another machine) is made private again.
    chmodSync(file, 0o644);
    const restored = await desk(['restore', file], await emptyDesk('private_copy'));
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain(
      `Warning: ${file} was readable by other users of this machine; it is now 0600.`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }, 90_000);

  it('rule: restore refuses a file that is not a backup, and one made for the other kind of database', async () => {
    const notBackup = path.join(folder, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    const env = await emptyDesk('refusals');
    expect((await desk(['restore', notBackup], env)).stderr).toContain('is not a BahtDesk backup');
    const otherKind = path.join(folder, 'other-kind.backup');
    writeFileSync(otherKind, onPostgres ? Buffer.from([0x1f, 0x8b, 8, 0, 0]) : 'PGDMP');
    expect((await desk(['restore', otherKind], env)).stderr).toContain(
      onPostgres ? 'is a PGlite backup' : 'is a PostgreSQL backup',
    );
    expect((await desk(['restore'], env)).code).toBe(2);
  });
});
