import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desk as runDesk } from './desk.ts';
import { bundleServer, root, Server } from './servers.ts';

/**
 * The start of a real desk on PostgreSQL (decision 0055), with the production bundle of
 * src/server.ts: no demo data unless SEED_DEMO=true, the first admin from the command line, a
 * start output naming the database, Redis and the mode, and a missing database said in words.
 * Project api-pg only (TEST_DATABASE_URL).
 */

const suffix = process.pid;
const bundleDir = path.join(root, 'node_modules', '.cache', `bahtdesk-production-start-${suffix}`);
let admin: pg.Client;
let bundle: string;
const servers: Server[] = [];
const databases: string[] = [];

/** A new empty database on the test server; dropped at the end. */
async function freshDatabase(name: string): Promise<string> {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  databases.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function start(env: Record<string, string>): Promise<Server> {
  const server = await Server.start(`S${servers.length}`, bundle, {
    ARGON2_MEMORY_KIB: '1024',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    ...env,
  });
  servers.push(server);
  return server;
}

/** Counts of what the demo seed writes. */
async function demoRows(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const count = async (table: string) =>
      Number((await db.query(`select count(*) from ${table}`)).rows[0].count);
    const marker = await db.query(`select 1 from settings where key = 'demoSeededAt'`);
    return {
      rates: await count('rates'),
      news: await count('news'),
      pages: await count('html_pages'),
      staff: await count('staff'),
      seeded: marker.rowCount === 1,
    };
  } finally {
    await db.end();
  }
}

/** A command of the operator CLI on `url`, without a sign-in; `stdin`: its lines of standard input. */
const desk = (url: string, argv: string[], stdin: string[] = []) =>
  runDesk(argv, { env: { DATABASE_URL: url }, stdin });

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  bundle = await bundleServer(bundleDir);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const name of databases) await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
  rmSync(bundleDir, { recursive: true, force: true });
});

describe('a desk on PostgreSQL', () => {
  it('seeds nothing without SEED_DEMO, says what it runs on, and that the first admin comes from staff:create', async () => {
    const name = `bahtdesk_prod_${suffix}`;
    const url = await freshDatabase(name);
    const server = await start({ DATABASE_URL: url, DATABSE_URL: url });
    await server.ready();
    const output = await server.printed('mode:');
    expect(output).toContain('BahtDesk ignores DATABSE_URL: did you mean DATABASE_URL?');
    expect(output).toContain(`database: PostgreSQL database ${name} on 127.0.0.1:`);
    expect(output).toContain('Redis:    not used');
    expect(output).toContain('mode:     production (no demo data)');
    expect(output).toContain(
      'No admin staff account yet: create the first with npm run desk -- staff:create',
    );
    expect(output).not.toContain('Demo staff account');
    expect(await demoRows(url)).toEqual({ rates: 0, news: 0, pages: 0, staff: 0, seeded: false });
    // The site works meanwhile: the load balancer keeps sending traffic.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // The operator's next steps, beside the running server.
    const check = await desk(url, ['check']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`Setup of the desk (PostgreSQL database ${name} on 127.0.0.1:`);
    expect(check.stdout).toContain('Not ready to open: 5 of 5 missing.');
    expect(
      (await desk(url, ['staff:create', 'owner', '--password-stdin'], ['a long enough password'])).code,
    ).toBe(0);
    expect((await desk(url, ['check'])).stdout).toContain('set      an admin staff account');
    await server.stop();

    // A restart stays without demo data, and no longer asks for an admin.
    const again = await start({ DATABASE_URL: url });
    await again.ready();
    const second = await again.printed('mode:');
    expect(second).not.toContain('No admin staff account');
    expect(second).toContain('Not ready to open yet, missing: buy and sell rates;');
    expect(await demoRows(url)).toMatchObject({ rates: 0, news: 0, staff: 1, seeded: false });
    await again.stop();
  }, 90_000);

  it('seeds the demo once with SEED_DEMO=true, printing the demo admin password', async () => {
    const url = await freshDatabase(`bahtdesk_demo_${suffix}`);
    const server = await start({ DATABASE_URL: url, SEED_DEMO: 'true' });
    await server.ready();
    const output = await server.printed('mode:');
    expect(output).toContain('mode:     demo');
    expect(output).toMatch(/Demo staff account[^:]*:\s*admin\s*\/\s*\S+/);
    expect(output).not.toContain('Not ready to open');
    expect(await demoRows(url)).toEqual({ rates: 1, news: 3, pages: 4, staff: 1, seeded: true });
    await server.stop();
  }, 90_000);

  it('refuses to start with SEED_DEMO=true on a desk that holds data, saying why, and changes nothing', async () => {
    const url = await freshDatabase(`bahtdesk_notempty_${suffix}`);
    expect(
      (await desk(url, ['staff:create', 'owner', '--password-stdin'], ['a long enough password'])).code,
    ).toBe(0);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(
      `insert into rates (buy_rate, sell_rate, sell_fee_percent, set_by) values (33.00, 32.00, 0.5, 'operator:test')`,
    );
    await db.end();
    const server = await start({ DATABASE_URL: url, SEED_DEMO: 'true' });
    expect(await server.exited()).toBe(1);
    const output = server.output.join('');
    expect(output).toContain('BahtDesk failed to start: The demo data goes only into an empty desk');
    expect(output).toContain('already holds staff accounts, rates');
    expect(output).toContain('SEED_DEMO=false');
    expect(output).not.toContain('Demo staff account');
    expect(await demoRows(url)).toEqual({ rates: 1, news: 0, pages: 0, staff: 1, seeded: false });
  }, 90_000);

  it('says a DATABASE_URL names a database that does not exist, and how to create it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/bahtdesk_nonexistent_${suffix}`;
    const server = await start({ DATABASE_URL: url.toString() });
    expect(await server.exited()).toBe(1);
    const output = server.output.join('');
    expect(output).toContain(`has no database "bahtdesk_nonexistent_${suffix}"`);
    expect(output).toContain(`createdb -h 127.0.0.1 -p ${url.port || '5432'}`);
    expect(output).toContain(`CREATE DATABASE "bahtdesk_nonexistent_${suffix}";`);
    expect(output).not.toContain('Migration');
  }, 60_000);
});
