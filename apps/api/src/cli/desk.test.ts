import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { resetTables, testDatabase, testDatabaseUrl, unique } from '../../test/harness.ts';
import type { Database } from '../db/connection.ts';
import { demoDeskBankAccounts, demoLocations, demoReceivingAddresses } from '../demo-content.ts';
import { createPagesService } from '../modules/pages/index.ts';
import { createPasswordHasher } from '../modules/passwords/index.ts';
import { createRatesService } from '../modules/rates/index.ts';
import { createSettingsService } from '../modules/settings/index.ts';
import { type DeskIO, runDesk, SETUP_COMMANDS } from './desk.ts';

let database: Database;
let files: string;

beforeAll(async () => {
  database = await testDatabase();
  files = mkdtempSync(path.join(os.tmpdir(), 'bahtdesk-desk-'));
});

afterAll(() => {
  rmSync(files, { recursive: true, force: true });
});

// What the commands wrote, read back through the modules' services.
const noEvents = { publish: async () => {} };
const currentRates = () =>
  createRatesService(database.db, noEvents, createSettingsService(database.db, noEvents))
    .current()
    .catch(() => undefined);
const findPage = (link: string) => createPagesService(database.db, noEvents).find(link);
const getSetting = (key: 'maintenance' | 'chatLink') => createSettingsService(database.db, noEvents).get(key);

/** Runs a command on the test database; returns its exit code and what it printed. */
async function desk(argv: string[], extra: Partial<DeskIO> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runDesk(argv, {
    env: {},
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    readStdin: async () => '',
    database,
    operator: 'tester',
    ...extra,
  });
  return { code, stdout, stderr };
}

async function lastAudit(action: string) {
  return database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

describe('desk help and usage', () => {
  it('prints the commands for help and for no command', async () => {
    for (const argv of [['help'], []]) {
      const { code, stdout } = await desk(argv);
      expect(code).toBe(0);
      for (const command of [
        'check',
        'staff:create',
        'staff:reset-second-factor',
        'staff:unlock',
        'rates:set',
        'maintenance',
        'news:publish',
        'page:publish',
        'chat-link:set',
        'outbox',
        'backup',
        'restore',
      ]) {
        expect(stdout).toContain(command);
      }
    }
  });

  it('exits 2 with one line for an unknown command', async () => {
    const { code, stderr } = await desk(['frobnicate']);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('unknown command frobnicate');
  });
});

describe('desk rates:set', () => {
  beforeAll(async () => {
    await resetTables(database, 'rates');
  });

  it('sets the rates and fee and writes an audit row', async () => {
    const { code, stdout } = await desk(['rates:set', '--buy', '36.55', '--sell', '35.25', '--fee', '0.75']);
    expect(code).toBe(0);
    expect(stdout).toContain('36.55');
    expect(await currentRates()).toMatchObject({
      buyRate: '36.55',
      sellRate: '35.25',
      sellFeePercent: '0.75',
    });
    const audit = await lastAudit('rates.set');
    expect(audit).toMatchObject({ actor_type: 'operator', actor_id: 'tester', outcome: 'success' });
    expect(audit?.after).toEqual({ buyRate: '36.55', sellRate: '35.25', sellFeePercent: '0.75' });
  });

  it.each([
    [['--buy', '36.555', '--sell', '35', '--fee', '1'], /buyRate: .*code 40004/],
    [['--buy', '35', '--sell', '36', '--fee', '1'], /code 40010/],
    [['--buy', '36', '--sell', '35', '--fee', '100'], /code 30015/],
    [['--buy', '36', '--sell', '35'], /needs --buy, --sell and --fee/],
  ])('refuses %j with exit 2 and a one-line error, changing nothing', async (args, message) => {
    const before = await currentRates();
    const { code, stderr } = await desk(['rates:set', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(await currentRates()).toEqual(before);
  });
});

describe('desk rates:set past the bounds of the rates in force', () => {
  const setBase = () => desk(['rates:set', '--buy', '36.50', '--sell', '35.20', '--fee', '1', '--confirm']);
  const pending = () =>
    database.db.selectFrom('rate_proposals').selectAll().where('status', '=', 'pending').execute();

  beforeAll(async () => {
    await resetTables(database, 'rates', 'rate_proposals');
  });

  it('needs --confirm for a move past rateChangeConfirmPercent, naming both rates and the change in per cent', async () => {
    expect((await setBase()).code).toBe(0);
    const refused = await desk(['rates:set', '--buy', '38.00', '--sell', '35.20', '--fee', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('buy 36.50 -> 38.00 (+4.11 %)');
    expect(refused.stderr).toContain('--confirm');
    expect(refused.stderr).toContain('code 40011');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(await currentRates()).toMatchObject({ buyRate: '36.50' });

    const confirmed = await desk([
      'rates:set',
      '--buy',
      '38.00',
      '--sell',
      '35.20',
      '--fee',
      '1',
      '--confirm',
    ]);
    expect(confirmed.code).toBe(0);
    expect(await currentRates()).toMatchObject({ buyRate: '38.00' });
  });

  it('makes only a proposal for a move past rateChangeMaxPercent, even with --confirm', async () => {
    expect((await setBase()).code).toBe(0);
    const refused = await desk(['rates:set', '--buy', '3.65', '--sell', '3.52', '--fee', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('becomes a proposal');
    expect(await pending()).toHaveLength(0);

    const proposed = await desk(['rates:set', '--buy', '3.65', '--sell', '3.52', '--fee', '1', '--confirm']);
    expect(proposed.code).toBe(0);
    expect(proposed.stdout).toContain('another admin approves');
    expect(await currentRates()).toMatchObject({ buyRate: '36.50', sellRate: '35.20' });
    const [proposal] = await pending();
    expect(proposal).toMatchObject({ buy_rate: '3.65', proposed_by: 'operator:tester' });
    expect(await lastAudit('rates.propose')).toMatchObject({ target: `rateProposal:${proposal?.id}` });
  });
});

describe('desk maintenance', () => {
  it('switches the service off (maintenance) and on again, auditing both', async () => {
    expect((await desk(['maintenance', 'off'])).code).toBe(0);
    expect(await getSetting('maintenance')).toBe('off');
    expect(await lastAudit('settings.set')).toMatchObject({ target: 'maintenance', after: 'off' });
    expect((await desk(['maintenance', 'on'])).code).toBe(0);
    expect(await getSetting('maintenance')).toBe('on');
  });

  it('refuses anything but on or off', async () => {
    const { code, stderr } = await desk(['maintenance', 'down']);
    expect(code).toBe(2);
    expect(stderr).toContain('code 30014');
  });
});

describe('desk news:publish', () => {
  it('publishes from flags, sanitising the bodies, with an audit row', async () => {
    const title = unique('News ');
    const { code, stdout } = await desk([
      'news:publish',
      '--title-en',
      title,
      '--title-th',
      'ข่าว',
      '--body-en',
      '<p>Hello<script>alert(1)</script></p>',
      '--body-th',
      '<p onmouseover="x()">สวัสดี</p>',
    ]);
    expect(code).toBe(0);
    const id = Number(/#(\d+)/.exec(stdout)?.[1]);
    const row = await database.db
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title_en: title, body_en: '<p>Hello</p>', body_th: '<p>สวัสดี</p>' });
    expect(row.published_at).toBeInstanceOf(Date);
    expect(await lastAudit('news.publish')).toMatchObject({ target: `news:${id}` });
  });

  it('publishes from a JSON file', async () => {
    const file = path.join(files, 'news.json');
    const titleEn = unique('File news ');
    writeFileSync(
      file,
      JSON.stringify({ titleEn, titleTh: 'ข่าวจากไฟล์', bodyEn: '<p>a</p>', bodyTh: '<p>ก</p>' }),
    );
    expect((await desk(['news:publish', '--file', file])).code).toBe(0);
    const row = await database.db
      .selectFrom('news')
      .select('title_th')
      .where('title_en', '=', titleEn)
      .executeTakeFirst();
    expect(row?.title_th).toBe('ข่าวจากไฟล์');
  });

  it('reads a file argument from the folder the command was run in (npm runs it from the repository root)', async () => {
    const titleEn = unique('Relative news ');
    writeFileSync(
      path.join(files, 'relative.json'),
      JSON.stringify({ titleEn, titleTh: 'ข่าว', bodyEn: '<p>a</p>', bodyTh: '<p>ก</p>' }),
    );
    // npm sets INIT_CWD to the folder `npm run desk` was typed in.
    const ran = await desk(['news:publish', '--file', 'relative.json'], { env: { INIT_CWD: files } });
    expect(ran.code).toBe(0);
    const missing = await desk(['news:publish', '--file', 'nope.json'], { env: { INIT_CWD: files } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`cannot read nope.json (${path.join(files, 'nope.json')})`);
  });

  it('refuses an item missing its Thai title (code 30017)', async () => {
    const { code, stderr } = await desk([
      'news:publish',
      '--title-en',
      'x',
      '--body-en',
      'y',
      '--body-th',
      'z',
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/titleTh: .*code 30017/);
  });
});

describe('desk page:publish', () => {
  it('creates then replaces a page from HTML files, sanitised', async () => {
    const link = unique('p').toLowerCase();
    const en = path.join(files, 'en.html');
    const th = path.join(files, 'th.html');
    writeFileSync(en, '<h2>Guide</h2><img src="https://x.test/a.png" onerror="alert(1)">');
    writeFileSync(th, '<h2>คู่มือ</h2>');
    const args = [
      'page:publish',
      link,
      '--title-en',
      'Guide',
      '--title-th',
      'คู่มือ',
      '--body-en-file',
      en,
      '--body-th-file',
      th,
    ];
    expect((await desk(args)).code).toBe(0);
    expect(await lastAudit('page.create')).toMatchObject({ target: `page:${link}` });
    writeFileSync(th, '<h2>คู่มือใหม่</h2>');
    expect((await desk(args)).code).toBe(0);
    expect(await lastAudit('page.update')).toMatchObject({ target: `page:${link}` });
    const page = await findPage(link);
    expect(page?.body.en).toBe('<h2>Guide</h2><img src="https://x.test/a.png" />');
    expect(page?.body.th).toBe('<h2>คู่มือใหม่</h2>');
  });

  it('refuses a link that is not a slug, and a missing file', async () => {
    const bad = await desk(['page:publish', 'Bad Link', '--body-en-file', 'a', '--body-th-file', 'b']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('code 30019');
    const missing = await desk([
      'page:publish',
      'ok-link',
      '--title-en',
      'a',
      '--title-th',
      'b',
      '--body-en-file',
      path.join(files, 'nope.html'),
      '--body-th-file',
      path.join(files, 'nope.html'),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read');
  });
});

describe('desk chat-link:set', () => {
  it('sets an https link, audited', async () => {
    expect((await desk(['chat-link:set', 'https://line.me/R/ti/p/@desk'])).code).toBe(0);
    expect(await getSetting('chatLink')).toBe('https://line.me/R/ti/p/@desk');
    expect(await lastAudit('settings.set')).toMatchObject({ target: 'chatLink' });
  });

  it.each(['http://line.me/x', 'javascript:alert(1)', 'not a url'])(
    'refuses %s (code 30013)',
    async (link) => {
      const { code, stderr } = await desk(['chat-link:set', link]);
      expect(code).toBe(2);
      expect(stderr).toContain('code 30013');
    },
  );
});

describe('desk staff:create', () => {
  it('creates a staff account from --password-stdin, prints nothing secret, stores only a hash', async () => {
    const username = unique('s');
    const password = 'correct horse battery staple';
    const { code, stdout, stderr } = await desk(['staff:create', username, '--password-stdin'], {
      readStdin: async () => `${password}\n`,
    });
    expect(code).toBe(0);
    expect(stdout + stderr).not.toContain(password);
    const row = await database.db
      .selectFrom('staff')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    expect(row.password_hash).not.toContain(password);
    expect(await createPasswordHasher().verify(row.password_hash, password)).toBe(true);
    const audit = await lastAudit('staff.create');
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it('asks twice on a terminal and refuses when the answers differ', async () => {
    const answers = ['first password 123', 'second password 123'];
    const { code, stderr } = await desk(['staff:create', unique('s')], {
      askSecret: async () => answers.shift() ?? '',
    });
    expect(code).toBe(2);
    expect(stderr).toContain('do not match');
  });

  it('refuses a taken username whatever its case, a short password and a bad username', async () => {
    const username = unique('s');
    const io = { readStdin: async () => 'a long enough password' };
    expect((await desk(['staff:create', username, '--password-stdin'], io)).code).toBe(0);
    const taken = await desk(['staff:create', username.toUpperCase(), '--password-stdin'], io);
    expect(taken).toMatchObject({ code: 1 });
    expect(taken.stderr).toContain('code 30022');
    const short = await desk(['staff:create', unique('s'), '--password-stdin'], {
      readStdin: async () => 'short',
    });
    expect(short.code).toBe(2);
    expect((await desk(['staff:create', 'a b', '--password-stdin'], io)).code).toBe(2);
  });
});

describe('desk staff recovery', () => {
  async function lockedEnrolledStaff() {
    const username = unique('s');
    expect(
      (
        await desk(['staff:create', username, '--password-stdin'], {
          readStdin: async () => 'a long enough password',
        })
      ).code,
    ).toBe(0);
    await database.db
      .updateTable('staff')
      .set({
        totp_secret: 'JBSWY3DPEHPK3PXP',
        failed_sign_ins: 3,
        locked_until: new Date(Date.now() + 600_000),
      })
      .where('username', '=', username)
      .execute();
    await database.db
      .insertInto('staff_sign_in_attempts')
      .values({
        name: username.toLowerCase(),
        source: 'ip:198.51.100.7',
        attempts: 5,
        window_started_at: new Date(),
      })
      .execute();
    return username;
  }
  const staffRow = (username: string) =>
    database.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

  it('staff:unlock ends the slow-down and every stopped address of the account, audited with before and after', async () => {
    const username = await lockedEnrolledStaff();
    const { code, stdout } = await desk(['staff:unlock', username.toUpperCase()]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Unlocked staff account ${username.toUpperCase()}`);
    expect(await staffRow(username)).toMatchObject({ locked_until: null, failed_sign_ins: 0 });
    const addresses = await database.db
      .selectFrom('staff_sign_in_attempts')
      .select('attempts')
      .where('name', '=', username.toLowerCase())
      .execute();
    expect(addresses).toEqual([{ attempts: 0 }]);
    const audit = await lastAudit('staff.unlock');
    expect(audit).toMatchObject({ actor_type: 'operator', actor_id: 'tester' });
    expect(JSON.stringify(audit?.before)).toContain('lockedUntil');
  });

  it('staff:reset-second-factor removes the secret and recovery codes and ends the sessions', async () => {
    const username = await lockedEnrolledStaff();
    const { id } = await staffRow(username);
    await database.db
      .insertInto('staff_recovery_codes')
      .values({ staff_id: id, code_hash: 'x'.repeat(64) })
      .execute();
    await database.db
      .insertInto('staff_sessions')
      .values({ staff_id: id, token_hash: unique('h'), expires_at: new Date(Date.now() + 600_000) })
      .execute();
    expect((await desk(['staff:reset-second-factor', username])).code).toBe(0);
    expect(await staffRow(username)).toMatchObject({ totp_secret: null, totp_last_step: null });
    const codes = await database.db
      .selectFrom('staff_recovery_codes')
      .select('id')
      .where('staff_id', '=', id)
      .execute();
    expect(codes).toHaveLength(0);
    const live = await database.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
    expect(await lastAudit('staff.resetSecondFactor')).toMatchObject({ target: `staff:${id}` });
  });

  it('refuses an unknown username (30021) and a missing one', async () => {
    const unknown = await desk(['staff:unlock', unique('nobody')]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('code 30021');
    expect((await desk(['staff:reset-second-factor'])).code).toBe(2);
  });
});

describe('desk outbox', () => {
  it('shows the newest messages first, up to --limit', async () => {
    const recipient = `${unique('r')}@example.com`;
    for (const body of ['first', 'second']) {
      await database.db
        .insertInto('outbox')
        .values({ channel: 'email', recipient, subject: 'OTP', body })
        .execute();
    }
    const { code, stdout } = await desk(['outbox', '--limit', '2']);
    expect(code).toBe(0);
    expect(stdout.indexOf('second')).toBeLessThan(stdout.indexOf('first'));
    expect(stdout).toContain(`email to ${recipient}`);
    const one = await desk(['outbox', '--limit', '1']);
    expect(one.stdout).not.toContain('first');
    expect((await desk(['outbox', '--limit', '0'])).code).toBe(2);
  });
});

describe('desk against a PGlite folder in use', () => {
  it('refuses with a clear one-line error instead of opening it twice', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahtdesk-desk-lock-'));
    try {
      // A folder that holds a desk (its PGlite database), held by another process.
      mkdirSync(path.join(dataDir, 'pgdata'));
      writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n');
      writeFileSync(path.join(dataDir, 'bahtdesk.lock'), String(process.ppid));
      const { code, stderr } = await desk(['maintenance', 'on'], {
        database: undefined,
        env: { DATA_DIR: dataDir },
      });
      expect(code).toBe(1);
      expect(stderr).toMatch(/in use by process \d+/);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('desk opening the database from the environment', () => {
  it('refuses a DATA_DIR that holds no desk instead of making an empty database, naming a misspelt variable', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahtdesk-desk-empty-'));
    try {
      const { code, stderr } = await desk(['maintenance', 'on'], {
        database: undefined,
        env: { DATA_DIR: dataDir, DATABSE_URL: 'postgres://127.0.0.1/bahtdesk' },
      });
      expect(code).toBe(1);
      expect(stderr).toContain('desk: ignoring DATABSE_URL: did you mean DATABASE_URL?');
      expect(stderr).toContain(`DATA_DIR ${dataDir} holds no desk`);
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets only the commands that set a desk up start one in an empty DATA_DIR', () => {
    expect(SETUP_COMMANDS).toContain('staff:create');
    expect(SETUP_COMMANDS).not.toContain('maintenance');
  });

  it('works on DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, made by staff:create, then used by the rest)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahtdesk-desk-env-'));
    try {
      const url = testDatabaseUrl();
      const env = url ? { DATABASE_URL: url } : { DATA_DIR: dataDir };
      const created = await desk(['staff:create', unique('s'), '--password-stdin'], {
        database: undefined,
        env,
        readStdin: async () => 'a long enough password',
      });
      expect(created.code).toBe(0);
      const { code, stdout } = await desk(['chat-link:set', 'https://line.me/R/ti/p/@env'], {
        database: undefined,
        env,
      });
      expect(code).toBe(0);
      expect(stdout).toContain('@env');
      if (url) expect(await getSetting('chatLink')).toBe('https://line.me/R/ti/p/@env');
      // The PGlite folder is released when the command ends.
      else expect(existsSync(path.join(dataDir, 'bahtdesk.lock'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says a DATABASE_URL names a database that does not exist, and how to create it (PostgreSQL)', async ({
    skip,
  }) => {
    const base = testDatabaseUrl();
    if (!base) return skip();
    const url = new URL(base);
    url.pathname = `/bahtdesk_missing_${process.pid}`;
    const { code, stderr } = await desk(['check'], {
      database: undefined,
      env: { DATABASE_URL: url.toString() },
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`has no database "bahtdesk_missing_${process.pid}"`);
    expect(stderr).toContain(`CREATE DATABASE "bahtdesk_missing_${process.pid}";`);
    expect(stderr).not.toContain('Migration');
  });
});

describe('desk check', () => {
  const root = { type: 'operator' as const, id: 'root' };
  const settings = () => createSettingsService(database.db, noEvents);

  it('lists what the desk must set before it opens with how to set each, exiting 1 until all are set', async () => {
    await resetTables(database, 'settings', 'rates', 'rate_proposals');
    // The admins of other suites in this worker's database are disabled for this test only.
    const admins = await database.db
      .updateTable('staff')
      .set({ disabled: true })
      .where('role', '=', 'admin')
      .where('disabled', '=', false)
      .returning('id')
      .execute();
    onTestFinished(async () => {
      if (admins.length === 0) return;
      const ids = admins.map((a) => a.id);
      await database.db.updateTable('staff').set({ disabled: false }).where('id', 'in', ids).execute();
    });
    const before = await desk(['check']);
    expect(before.code).toBe(1);
    for (const line of [
      'missing  an admin staff account: npm run desk -- staff:create <username>',
      'missing  buy and sell rates: npm run desk -- rates:set',
      'missing  a desk bank account members pay into: the console: Web settings, Desk bank accounts',
      'missing  a receiving USDT address for sell orders',
      'missing  a cash-appointment location',
      'Not ready to open: 5 of 5 missing.',
    ]) {
      expect(before.stdout).toContain(line);
    }

    const io = { readStdin: async () => 'a long enough password' };
    expect((await desk(['staff:create', unique('s'), '--password-stdin'], io)).code).toBe(0);
    expect((await desk(['rates:set', '--buy', '36.50', '--sell', '35.20', '--fee', '1'])).code).toBe(0);
    await settings().set(root, 'deskBankAccounts', demoDeskBankAccounts);
    await settings().set(root, 'receivingAddresses', demoReceivingAddresses);
    const partly = await desk(['check']);
    expect(partly.code).toBe(1);
    expect(partly.stdout).toContain('set      an admin staff account');
    expect(partly.stdout).toContain('Not ready to open: 1 of 5 missing.');

    await settings().set(root, 'locations', demoLocations);
    const after = await desk(['check']);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('Ready to open');
    expect(after.stdout).not.toContain('missing');
  });
});
