import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, root, Server } from '../../test/servers.ts';
import { runDesk } from '../cli/desk.ts';

/**
 * The PGlite folder of a server as production starts it (the bundle of src/server.ts), with a
 * umask of 000: whoever else uses the machine must not read the desk's password hashes, TOTP
 * secrets and identity photos. PGlite only: a desk on PostgreSQL keeps no folder of its own.
 */
const onPostgres = process.env.TEST_DB === 'pg';

let dir: string;
let bundleDir: string;
let bundle: string;

beforeAll(async () => {
  if (onPostgres) return;
  dir = mkdtempSync(path.join(tmpdir(), 'bahtdesk-private-'));
  // Inside the repository, so the bundle finds its npm packages.
  bundleDir = path.join(root, 'node_modules', '.cache', `bahtdesk-private-${process.pid}`);
  bundle = await bundleServer(bundleDir);
}, 60_000);

afterAll(() => {
  if (onPostgres) return;
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

/** Runs `fn` with the process's umask at 000 (a child process started in it inherits it). */
async function withOpenUmask<T>(fn: () => Promise<T>): Promise<T> {
  const previous = process.umask(0);
  try {
    return await fn();
  } finally {
    process.umask(previous);
  }
}

/** Every entry under `folder` (itself included) whose mode is not 0700 for a folder, 0600 otherwise. */
function notPrivate(folder: string): string[] {
  const wrong: string[] = [];
  const visit = (file: string) => {
    const stat = lstatSync(file);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) wrong.push(`${mode.toString(8)} ${file}`);
    if (stat.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
  };
  visit(folder);
  return wrong;
}

/** Opens every entry under `folder` to everyone, as PGlite left a folder before this rule. */
function openToEveryone(folder: string): void {
  const stat = lstatSync(folder);
  chmodSync(folder, stat.isDirectory() ? 0o777 : 0o666);
  if (stat.isDirectory()) for (const name of readdirSync(folder)) openToEveryone(path.join(folder, name));
}

async function start(dataDir: string): Promise<Server> {
  const server = await withOpenUmask(() =>
    Server.start('private', bundle, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
    }),
  );
  await server.ready(60_000);
  await server.printed('mode:');
  return server;
}

const FOLDER_WARNING = 'Warning: the PGlite folder';

describe.runIf(!onPostgres)('the PGlite folder is readable by the server user alone', () => {
  it('rule: with a umask of 000 the folder is 0700 and every file 0600 after a start, after the server writes and after it stops', async () => {
    const dataDir = path.join(dir, 'fresh');
    const server = await start(dataDir);
    try {
      expect(server.output.join('')).not.toContain(FOLDER_WARNING);
      expect(notPrivate(dataDir)).toEqual([]);

      // The server writes: failed staff sign-ins (attempt counters, audit rows), and a backup,
      // which it takes after a checkpoint.
      for (let i = 0; i < 3; i++) {
        const res = await server.call('POST', '/api/admin/auth/login', {
          ip: '192.0.2.80',
          body: { username: 'admin', password: 'not-the-password' },
        });
        expect(res.body.code).toBe(999);
      }
      const file = path.join(dir, 'while-serving.backup');
      let stdout = '';
      const code = await withOpenUmask(() =>
        runDesk(['backup', file], {
          env: { DATA_DIR: dataDir },
          stdout: { write: (t: string) => (stdout += t) },
          stderr: { write: () => true },
          readLine: async () => undefined,
          operator: 'tester',
        }),
      );
      expect(code).toBe(0);
      expect(stdout).toContain('(taken by the running server)');
      expect(lstatSync(file).mode & 0o777).toBe(0o600);
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(notPrivate(dataDir)).toEqual([]);
  }, 120_000);

  it('rule: a folder an older version left readable by others is made private at start, and the start output says so', async () => {
    const dataDir = path.join(dir, 'older');
    await (await start(dataDir)).stop();
    openToEveryone(dataDir);

    const server = await start(dataDir);
    try {
      const output = server.output.join('');
      expect(output).toContain(`${FOLDER_WARNING} ${dataDir} was readable by other users of this machine`);
      expect(output).toContain('it is now this user');
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
