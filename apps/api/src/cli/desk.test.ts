import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Dashboard, SetRatesResult } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type DeskCall, freshCode, desk as runAs } from '../../test/desk.ts';
import { emptyDesk, resetTables, testApp, testDatabaseUrl, unique } from '../../test/harness.ts';
import { createStaff } from '../../test/members.ts';
import { enrolledStaff } from '../../test/staff.ts';
import { periodOf, staffCall } from '../../test/staff-calls.ts';
import type { Database } from '../db/connection.ts';
import { demoDeskBankAccounts, demoLocations, demoReceivingAddresses } from '../demo-content.ts';
import { createPagesService } from '../modules/pages/index.ts';
import { createPasswordHasher } from '../modules/passwords/index.ts';
import { createRatesService } from '../modules/rates/index.ts';
import { createSettingsService } from '../modules/settings/index.ts';
import { SETUP_COMMANDS } from './desk.ts';
import { lineReader } from './prompt.ts';

let app: FastifyInstance;
let database: Database;
let files: string;

beforeAll(async () => {
  ({ app, database } = await testApp());
  files = mkdtempSync(path.join(os.tmpdir(), 'bahtdesk-desk-'));
});

afterAll(async () => {
  await app.close();
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

/** Runs a command on the test database without signing in (the OS user is `tester`). */
const desk = (argv: string[], call: DeskCall = {}) => runAs(argv, { database, ...call });

/** Runs a command signed in as a new admin with a second factor (or as `call.as`). */
async function asAdmin(argv: string[], call: DeskCall = {}) {
  return desk(argv, { as: await enrolledStaff(app, 'admin'), ...call });
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
        '--break-glass',
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

describe('desk signing in: the command line is a staff member', () => {
  it('makes a change as the signed-in staff member: the audit rows name them and say it came from the command line', async () => {
    const admin = await enrolledStaff(app, 'admin');
    const ran = await desk(['chat-link:set', 'https://line.me/R/ti/p/@signedin'], { as: admin });
    expect(ran.code, ran.stderr).toBe(0);
    expect(await getSetting('chatLink')).toBe('https://line.me/R/ti/p/@signedin');
    expect(await lastAudit('settings.set')).toMatchObject({
      actor_type: 'staff',
      actor_id: String(admin.id),
      ip: 'cli:tester',
      target: 'chatLink',
    });
    // The console's audit log names the staff member.
    const viewer = await createStaff(app, 'viewer');
    const log = periodOf(
      (
        await staffCall<{ items: { actorName: string | null; ip: string | null }[] }>(
          app,
          viewer.token,
          'GET',
          `/api/admin/audit?actor=${admin.id}&action=settings.set`,
        )
      ).body,
    );
    expect(log.items[0]).toMatchObject({ actorName: admin.username, ip: 'cli:tester' });
    // Signed in with the console's two steps, and signed out when the command ended.
    const target = `staff:${admin.id}`;
    const steps = await database.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'ip', 'outcome'])
      .where('target', '=', target)
      .where('action', 'like', 'staff.%')
      .orderBy('id')
      .execute();
    expect(steps).toEqual([
      { action: 'staff.create', reason: null, ip: null, outcome: 'success' },
      { action: 'staff.signIn', reason: 'password', ip: 'cli:tester', outcome: 'success' },
      { action: 'staff.secondFactor', reason: 'totp', ip: 'cli:tester', outcome: 'success' },
      { action: 'staff.signOut', reason: null, ip: 'cli:tester', outcome: 'success' },
    ]);
    const live = await database.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', admin.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('changes nothing for a wrong password or a wrong code, each audited as a failed sign-in', async () => {
    const admin = await enrolledStaff(app, 'admin');
    const before = await getSetting('maintenance');
    const wrongPassword = await desk(['maintenance', 'off', '--as', admin.username], {
      stdin: ['not the password', '123456'],
    });
    expect(wrongPassword.code).toBe(1);
    expect(wrongPassword.stderr).toContain('code 999');
    expect(wrongPassword.unread).toEqual(['123456']);
    const wrongCode = await desk(['maintenance', 'off', '--as', admin.username], {
      stdin: [admin.password, '000000'],
    });
    expect(wrongCode.code).toBe(1);
    expect(wrongCode.stderr).toContain('code 30023');
    expect(await getSetting('maintenance')).toBe(before);
    const failures = await database.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'ip'])
      .where('target', '=', `staff:${admin.id}`)
      .where('outcome', '=', 'failure')
      .orderBy('id')
      .execute();
    expect(failures).toEqual([
      { action: 'staff.signIn', reason: 'wrong password', ip: 'cli:tester' },
      { action: 'staff.secondFactor', reason: 'wrong code', ip: 'cli:tester' },
    ]);
    expect(await lastAudit('settings.set')).not.toMatchObject({ actor_id: String(admin.id) });
  });

  it('counts wrong passwords against the account from the command line as from an address: the sixth is not checked', async () => {
    const admin = await enrolledStaff(app, 'admin');
    for (let i = 0; i < 5; i++) {
      const wrong = await desk(['outbox', '--as', admin.username], { stdin: ['wrong password', '000000'] });
      expect(wrong.stderr).toContain('code 999');
    }
    const right = await desk(['outbox'], { as: admin });
    expect(right.code).toBe(1);
    expect(right.stderr).toContain('code 999');
    expect(await lastAudit('staff.signIn')).toMatchObject({ reason: 'address stopped', ip: 'cli:tester' });
  });

  it('signs in with a recovery code once', async () => {
    const admin = await enrolledStaff(app, 'admin');
    await database.db
      .insertInto('staff_recovery_codes')
      // Stored as the SHA-256 of the code without its dash (modules/staff/recovery-codes.ts).
      .values({ staff_id: admin.id, code_hash: createHash('sha256').update('k7m2q9xw4p').digest('hex') })
      .execute();
    const call = { stdin: [admin.password, 'K7M2Q-9XW4P'] };
    expect((await desk(['outbox', '--limit', '1', '--as', admin.username], call)).code).toBe(0);
    const again = await desk(['outbox', '--limit', '1', '--as', admin.username], {
      stdin: [admin.password, 'K7M2Q-9XW4P'],
    });
    expect(again.stderr).toContain('code 30023');
  });

  it('refuses an operator an admin command (the console’s roles), changing nothing, and lets them run an operator one', async () => {
    const operator = await enrolledStaff(app, 'operator');
    const before = await currentRates();
    const refused = await desk(['rates:set', '--buy', '30.00', '--sell', '29.00', '--fee', '1'], {
      as: operator,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('code 403');
    expect(refused.stderr).toContain('rates:set is for admin accounts');
    expect(await currentRates()).toEqual(before);
    expect((await desk(['outbox', '--limit', '1'], { as: operator })).code).toBe(0);
  });

  it('sends an account without a second factor, or with a one-time password, to the console first', async () => {
    const username = unique('s').slice(0, 20);
    await app.services.staff.create(
      { type: 'system', id: null },
      { username, password: 'staff-password-1', role: 'admin' },
    );
    const before = await getSetting('maintenance');
    const ran = await desk(['maintenance', 'off', '--as', username], {
      stdin: ['staff-password-1', '123456'],
    });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('no two-factor authentication yet: sign in to the console');
    expect(ran.unread).toEqual(['123456']);
    expect(await getSetting('maintenance')).toBe(before);
    const fresh = await enrolledStaff(app, 'admin');
    await database.db
      .updateTable('staff')
      .set({ must_change_password: true })
      .where('id', '=', fresh.id)
      .execute();
    const oneTime = await desk(['maintenance', 'off'], { as: fresh });
    expect(oneTime.stderr).toContain('one-time password');
    expect(await getSetting('maintenance')).toBe(before);
  });

  it('asks for no secret on the command line: without --as and a terminal it says how to sign in, reading nothing', async () => {
    const ran = await desk(['maintenance', 'off'], { stdin: ['a password'] });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('--as <username>');
    expect(ran.unread).toEqual(['a password']);
  });

  it('asks on a terminal: the username echoed, the password and the code hidden', async () => {
    const admin = await enrolledStaff(app, 'admin');
    const asked: string[] = [];
    const ran = await desk(['outbox', '--limit', '1'], {
      ask: async (question) => {
        asked.push(`ask ${question}`);
        return admin.username;
      },
      askSecret: async (question) => {
        asked.push(`secret ${question}`);
        return question.startsWith('Password') ? admin.password : freshCode(admin.secret);
      },
    });
    expect(ran.code, ran.stderr).toBe(0);
    expect(asked).toEqual([
      'ask Staff username: ',
      'secret Password: ',
      'secret Two-factor code (or a recovery code): ',
    ]);
  });
});

describe('desk rates:set', () => {
  beforeAll(async () => {
    await resetTables(database, 'rates');
  });

  it('sets the rates and fee and writes an audit row naming the admin', async () => {
    const admin = await enrolledStaff(app, 'admin');
    const { code, stdout } = await desk(['rates:set', '--buy', '36.55', '--sell', '35.25', '--fee', '0.75'], {
      as: admin,
    });
    expect(code).toBe(0);
    expect(stdout).toContain('36.55');
    expect(await currentRates()).toMatchObject({
      buyRate: '36.55',
      sellRate: '35.25',
      sellFeePercent: '0.75',
    });
    const audit = await lastAudit('rates.set');
    expect(audit).toMatchObject({ actor_type: 'staff', actor_id: String(admin.id), outcome: 'success' });
    expect(audit?.after).toEqual({ buyRate: '36.55', sellRate: '35.25', sellFeePercent: '0.75' });
  });

  it.each([
    [['--buy', '36.555', '--sell', '35', '--fee', '1'], /buyRate: .*code 40004/],
    [['--buy', '35', '--sell', '36', '--fee', '1'], /code 40010/],
    [['--buy', '36', '--sell', '35', '--fee', '100'], /code 30015/],
    [['--buy', '36', '--sell', '35'], /needs --buy, --sell and --fee/],
  ])('refuses %j with exit 2 and a one-line error, changing nothing', async (args, message) => {
    const before = await currentRates();
    const { code, stderr } = await asAdmin(['rates:set', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(await currentRates()).toEqual(before);
  });
});

describe('desk rates:set past the bounds of the rates in force', () => {
  const setBase = () =>
    asAdmin(['rates:set', '--buy', '36.50', '--sell', '35.20', '--fee', '1', '--confirm']);
  const pending = () =>
    database.db.selectFrom('rate_proposals').selectAll().where('status', '=', 'pending').execute();

  beforeAll(async () => {
    await resetTables(database, 'rates', 'rate_proposals');
  });

  it('needs --confirm for a move past rateChangeConfirmPercent, naming both rates and the change in per cent', async () => {
    expect((await setBase()).code).toBe(0);
    const refused = await asAdmin(['rates:set', '--buy', '38.00', '--sell', '35.20', '--fee', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('buy 36.50 -> 38.00 (+4.11 %)');
    expect(refused.stderr).toContain('--confirm');
    expect(refused.stderr).toContain('code 40011');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(await currentRates()).toMatchObject({ buyRate: '36.50' });

    const confirmed = await asAdmin([
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
    const refused = await asAdmin(['rates:set', '--buy', '3.65', '--sell', '3.52', '--fee', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('becomes a proposal');
    expect(await pending()).toHaveLength(0);

    const admin = await enrolledStaff(app, 'admin');
    const proposed = await desk(['rates:set', '--buy', '3.65', '--sell', '3.52', '--fee', '1', '--confirm'], {
      as: admin,
    });
    expect(proposed.code).toBe(0);
    expect(proposed.stdout).toContain('Proposed: waiting for a second admin.');
    expect(await currentRates()).toMatchObject({ buyRate: '36.50', sellRate: '35.20' });
    const [proposal] = await pending();
    expect(proposal).toMatchObject({ buy_rate: '3.65', proposed_by_staff_id: admin.id });
    expect(await lastAudit('rates.propose')).toMatchObject({ target: `rateProposal:${proposal?.id}` });
  });

  it('holds the sell fee to the same bounds: 95 % without --confirm is refused, naming the fee and what a seller gets, and changes nothing', async () => {
    expect((await setBase()).code).toBe(0);
    const fee95 = ['rates:set', '--buy', '36.50', '--sell', '35.20', '--fee', '95'];
    const refused = await asAdmin(fee95);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'sell fee 1.00 % -> 95.00 % (a seller gets 34.85 -> 1.76 THB per USDT, -94.95 %)',
    );
    expect(refused.stderr).toContain('becomes a proposal');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(await currentRates()).toMatchObject({ sellFeePercent: '1.00' });
    expect(await pending()).toHaveLength(0);

    const proposed = await asAdmin([...fee95, '--confirm']);
    expect(proposed.code).toBe(0);
    expect(proposed.stdout).toContain('sell fee 1.00 % -> 95.00 %');
    expect(await currentRates()).toMatchObject({ sellFeePercent: '1.00' });
    expect(await pending()).toMatchObject([{ sell_fee_percent: '95.000' }]);
  });

  it('lets another admin, not the one who proposed it on the command line, approve the proposal in the console', async () => {
    expect((await setBase()).code).toBe(0);
    const a = await enrolledStaff(app, 'admin');
    const proposed = await desk(
      ['rates:set', '--buy', '45.00', '--sell', '44.00', '--fee', '1', '--confirm'],
      {
        as: a,
      },
    );
    expect(proposed.code, proposed.stderr).toBe(0);
    const [proposal] = await pending();
    const approve = `/api/admin/rates/proposals/${proposal?.id}/approve`;
    const meta = { ip: '127.0.0.1', userAgent: 'test' };
    const consoleOfA = (await app.services.sessions.startStaff(a.id, meta, true)).token;
    const byA = await staffCall(app, consoleOfA, 'POST', approve, {});
    expect(byA.body.code).toBe(40013);
    expect(await currentRates()).toMatchObject({ buyRate: '36.50' });
    const b = await createStaff(app, 'admin');
    const byB = await staffCall<SetRatesResult>(app, b.token, 'POST', approve, {});
    expect(byB.body.code).toBe(0);
    expect(await currentRates()).toMatchObject({ buyRate: '45.00', sellRate: '44.00' });
  });
});

describe('desk maintenance', () => {
  it('switches the service off (maintenance) and on again, auditing both', async () => {
    expect((await asAdmin(['maintenance', 'off'])).code).toBe(0);
    expect(await getSetting('maintenance')).toBe('off');
    expect(await lastAudit('settings.set')).toMatchObject({ target: 'maintenance', after: 'off' });
    expect((await asAdmin(['maintenance', 'on'])).code).toBe(0);
    expect(await getSetting('maintenance')).toBe('on');
  });

  it('refuses anything but on or off', async () => {
    const { code, stderr } = await asAdmin(['maintenance', 'down']);
    expect(code).toBe(2);
    expect(stderr).toContain('code 30014');
  });
});

describe('desk news:publish', () => {
  it('publishes from flags, sanitising the bodies, with an audit row', async () => {
    const title = unique('News ');
    const { code, stdout } = await asAdmin([
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
    expect((await asAdmin(['news:publish', '--file', file])).code).toBe(0);
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
    const ran = await asAdmin(['news:publish', '--file', 'relative.json'], { env: { INIT_CWD: files } });
    expect(ran.code).toBe(0);
    const missing = await asAdmin(['news:publish', '--file', 'nope.json'], { env: { INIT_CWD: files } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`cannot read nope.json (${path.join(files, 'nope.json')})`);
  });

  it('refuses an item missing its Thai title (code 30017)', async () => {
    const { code, stderr } = await asAdmin([
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
    expect((await asAdmin(args)).code).toBe(0);
    expect(await lastAudit('page.create')).toMatchObject({ target: `page:${link}` });
    writeFileSync(th, '<h2>คู่มือใหม่</h2>');
    expect((await asAdmin(args)).code).toBe(0);
    expect(await lastAudit('page.update')).toMatchObject({ target: `page:${link}` });
    const page = await findPage(link);
    expect(page?.body.en).toBe('<h2>Guide</h2><img src="https://x.test/a.png" />');
    expect(page?.body.th).toBe('<h2>คู่มือใหม่</h2>');
  });

  it('refuses a link that is not a slug, and a missing file', async () => {
    const bad = await asAdmin(['page:publish', 'Bad Link', '--body-en-file', 'a', '--body-th-file', 'b']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('code 30019');
    const missing = await asAdmin([
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
    expect((await asAdmin(['chat-link:set', 'https://line.me/R/ti/p/@desk'])).code).toBe(0);
    expect(await getSetting('chatLink')).toBe('https://line.me/R/ti/p/@desk');
    expect(await lastAudit('settings.set')).toMatchObject({ target: 'chatLink' });
  });

  it.each(['http://line.me/x', 'javascript:alert(1)', 'not a url'])(
    'refuses %s (code 30013)',
    async (link) => {
      const { code, stderr } = await asAdmin(['chat-link:set', link]);
      expect(code).toBe(2);
      expect(stderr).toContain('code 30013');
    },
  );
});

describe('desk staff:create', () => {
  const staffRow = (username: string) =>
    database.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

  it('creates a staff account from --password-stdin as a signed-in admin, prints nothing secret, stores only a hash', async () => {
    const username = unique('s');
    const password = 'correct horse battery staple';
    const admin = await enrolledStaff(app, 'admin');
    const { code, stdout, stderr } = await desk(
      ['staff:create', username, '--role', 'viewer', '--password-stdin'],
      {
        as: admin,
        stdin: [password],
      },
    );
    expect(code, stderr).toBe(0);
    expect(stdout + stderr).not.toContain(password);
    const row = await staffRow(username);
    // As an account an admin makes in the console: its owner sets their own password first.
    expect(row).toMatchObject({ role: 'viewer', must_change_password: true });
    expect(row.password_hash).not.toContain(password);
    expect(await createPasswordHasher().verify(row.password_hash, password)).toBe(true);
    const audit = await lastAudit('staff.create');
    expect(audit).toMatchObject({
      actor_type: 'staff',
      actor_id: String(admin.id),
      target: `staff:${row.id}`,
    });
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it('reads one line of standard input for --password-stdin, leaving the rest unread for whoever reads next', async () => {
    const admin = await enrolledStaff(app, 'admin');
    const input = path.join(files, 'stdin.txt');
    writeFileSync(
      input,
      `${admin.password}\n${freshCode(admin.secret)}\nthe new password 1\nmore for the next command\n`,
    );
    const fd = openSync(input, 'r');
    try {
      const username = unique('s');
      const ran = await desk(
        ['staff:create', username, '--role', 'viewer', '--password-stdin', '--as', admin.username],
        { readLine: lineReader(fd) },
      );
      expect(ran.code, ran.stderr).toBe(0);
      expect(readFileSync(fd, 'utf8')).toBe('more for the next command\n');
      const row = await staffRow(username);
      expect(await createPasswordHasher().verify(row.password_hash, 'the new password 1')).toBe(true);
    } finally {
      closeSync(fd);
    }
  });

  it('asks twice on a terminal and refuses when the answers differ', async () => {
    const admin = await enrolledStaff(app, 'admin');
    const answers: Record<string, string> = {
      'Password: ': admin.password,
      'Two-factor code (or a recovery code): ': freshCode(admin.secret),
      'New password: ': 'first password 123',
      'Repeat new password: ': 'second password 123',
    };
    const username = unique('s');
    const { code, stderr } = await desk(['staff:create', username, '--as', admin.username], {
      askSecret: async (question) => answers[question] ?? '',
    });
    expect(code).toBe(2);
    expect(stderr).toContain('do not match');
    expect(
      await database.db.selectFrom('staff').select('id').where('username', '=', username).execute(),
    ).toEqual([]);
  });

  it('refuses a taken username whatever its case, a short password and a bad username', async () => {
    const username = unique('s');
    const password = ['a long enough password'];
    const viewer = ['--role', 'viewer', '--password-stdin'];
    expect((await asAdmin(['staff:create', username, ...viewer], { stdin: password })).code).toBe(0);
    const taken = await asAdmin(['staff:create', username.toUpperCase(), ...viewer], {
      stdin: password,
    });
    expect(taken).toMatchObject({ code: 1 });
    expect(taken.stderr).toContain('code 30022');
    const short = await asAdmin(['staff:create', unique('s'), '--password-stdin'], { stdin: ['short'] });
    expect(short.code).toBe(2);
    expect((await asAdmin(['staff:create', 'a b', '--password-stdin'], { stdin: password })).code).toBe(2);
  });

  it('refuses a signed-in admin making an admin or an operator alone on a desk with two admins (31013): it is proposed in the console', async () => {
    await enrolledStaff(app, 'admin');
    for (const role of ['admin', 'operator']) {
      const username = unique('s');
      const ran = await asAdmin(['staff:create', username, '--role', role, '--password-stdin'], {
        stdin: ['a long enough password'],
      });
      expect(ran.code).toBe(1);
      expect(ran.stderr).toContain('code 31013');
      expect(
        await database.db.selectFrom('staff').select('id').where('username', '=', username).execute(),
      ).toEqual([]);
    }
  });

  it('refuses an operator, and needs a sign-in on a desk that has staff accounts', async () => {
    const operator = await enrolledStaff(app, 'operator');
    const byOperator = await desk(['staff:create', unique('s'), '--password-stdin'], {
      as: operator,
      stdin: ['a long enough password'],
    });
    expect(byOperator.stderr).toContain('code 403');
    const username = unique('s');
    const unsigned = await desk(['staff:create', username, '--password-stdin'], {
      stdin: ['a long enough password'],
    });
    expect(unsigned.code).toBe(2);
    expect(unsigned.stderr).toContain('--as <username>');
    expect(
      await database.db.selectFrom('staff').select('id').where('username', '=', username).execute(),
    ).toEqual([]);
  });
});

describe('desk staff:create on a desk without staff', () => {
  it('makes the first account without a sign-in, as the OS user; the next one needs a sign-in; of two racing first accounts one is made', async () => {
    const empty = await emptyDesk();
    try {
      const onEmpty = (username: string) =>
        runAs(['staff:create', username, '--password-stdin'], {
          database: empty.database,
          stdin: ['a long enough password'],
        });
      const [one, two] = await Promise.all([onEmpty('owner'), onEmpty('rival')]);
      expect([one.code, two.code].sort()).toEqual([0, 1]);
      expect((one.code === 0 ? two : one).stderr).toContain('code 31015');
      const accounts = await empty.database.db.selectFrom('staff').select(['username', 'role']).execute();
      expect(accounts).toHaveLength(1);
      expect(accounts[0]?.role).toBe('admin');
      const audit = await empty.database.db
        .selectFrom('audit_log')
        .select(['actor_type', 'actor_id'])
        .where('action', '=', 'staff.create')
        .execute();
      expect(audit).toEqual([{ actor_type: 'operator', actor_id: 'tester' }]);
      const next = await onEmpty('second');
      expect(next.code).toBe(2);
      expect(next.stderr).toContain('--as <username>');
    } finally {
      await empty.close();
    }
  }, 60_000);
});

describe('desk break-glass', () => {
  const dashboard = async () => {
    const viewer = await createStaff(app, 'viewer');
    return periodOf((await staffCall<Dashboard>(app, viewer.token, 'GET', '/api/admin/dashboard')).body);
  };
  const alerts = { env: { DESK_ALERT_EMAILS: 'desk@example.com' } };

  it('--break-glass creates an admin without a sign-in on a desk with admins: audited as the OS user, sent to the desk alert channel, shown on the dashboard', async () => {
    const username = unique('s');
    const ran = await desk(['staff:create', username, '--password-stdin', '--break-glass'], {
      ...alerts,
      stdin: ['a long enough password'],
    });
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('Break-glass');
    const { id } = await database.db
      .selectFrom('staff')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(await lastAudit('staff.breakGlass')).toMatchObject({
      actor_type: 'operator',
      actor_id: 'tester',
      target: `staff:${id}`,
      after: { command: 'staff:create', username },
    });
    expect(await lastAudit('staff.create')).toMatchObject({ actor_type: 'operator', target: `staff:${id}` });
    const alert = await database.db
      .selectFrom('outbox')
      .select(['recipient', 'kind', 'body'])
      .where('kind', '=', 'desk.breakGlass')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(alert).toMatchObject({ recipient: 'desk@example.com' });
    expect(alert.body).toContain(`The server user tester created the admin account ${username}`);
    expect((await dashboard()).breakGlass[0]).toMatchObject({
      command: 'staff:create',
      username,
      osUser: 'tester',
    });
  });

  it('--break-glass makes admins only, and signs nobody in', async () => {
    const operatorRole = await desk(['staff:create', unique('s'), '--role', 'operator', '--break-glass']);
    expect(operatorRole.code).toBe(2);
    expect(operatorRole.stderr).toContain('admin accounts only');
    const withAs = await desk(['staff:create', unique('s'), '--break-glass', '--as', 'someone']);
    expect(withAs.code).toBe(2);
    expect(withAs.stderr).toContain('leave out --as');
  });

  it('--break-glass resets the second factor of, or unlocks, an admin account only, announced before the change', async () => {
    const locked = await enrolledStaff(app, 'admin');
    await database.db
      .updateTable('staff')
      .set({ locked_until: new Date(Date.now() + 600_000) })
      .where('id', '=', locked.id)
      .execute();
    const reset = await desk(['staff:reset-second-factor', locked.username, '--break-glass'], alerts);
    expect(reset.code, reset.stderr).toBe(0);
    const row = await database.db
      .selectFrom('staff')
      .select(['totp_secret'])
      .where('id', '=', locked.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toBeNull();
    const unlock = await desk(['staff:unlock', locked.username, '--break-glass'], alerts);
    expect(unlock.code, unlock.stderr).toBe(0);
    const rows = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'after'])
      .where('target', '=', `staff:${locked.id}`)
      .where('action', 'in', ['staff.breakGlass', 'staff.resetSecondFactor', 'staff.unlock'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual([
      'staff.breakGlass',
      'staff.resetSecondFactor',
      'staff.breakGlass',
      'staff.unlock',
    ]);
    expect(rows.every((r) => r.actor_type === 'operator')).toBe(true);
    const uses = (await dashboard()).breakGlass.filter((u) => u.username === locked.username);
    expect(uses.map((u) => u.command)).toEqual(['staff:unlock', 'staff:reset-second-factor']);

    const operator = await enrolledStaff(app, 'operator');
    const refused = await desk(['staff:reset-second-factor', operator.username, '--break-glass']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('recovers admin accounts only');
    expect(
      await database.db
        .selectFrom('staff')
        .select('totp_secret')
        .where('id', '=', operator.id)
        .executeTakeFirst(),
    ).toEqual({ totp_secret: operator.secret });
  });

  it('needs the flag: without it, a recovery on a desk with admins is an admin’s, signed in', async () => {
    const target = await enrolledStaff(app, 'operator');
    const unsigned = await desk(['staff:unlock', target.username]);
    expect(unsigned.code).toBe(2);
    expect(unsigned.stderr).toContain('--as <username>');
  });
});

describe('desk staff recovery', () => {
  async function lockedEnrolledStaff() {
    const { username, id } = await enrolledStaff(app, 'operator');
    await database.db
      .updateTable('staff')
      .set({ failed_sign_ins: 3, locked_until: new Date(Date.now() + 600_000) })
      .where('id', '=', id)
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
    return { username, id };
  }
  const staffRow = (id: number) =>
    database.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('staff:unlock ends the slow-down and every stopped address of the account, audited with before and after', async () => {
    const { username, id } = await lockedEnrolledStaff();
    const admin = await enrolledStaff(app, 'admin');
    const { code, stdout } = await desk(['staff:unlock', username.toUpperCase()], { as: admin });
    expect(code).toBe(0);
    expect(stdout).toContain(`Unlocked staff account ${username.toUpperCase()}`);
    expect(await staffRow(id)).toMatchObject({ locked_until: null, failed_sign_ins: 0 });
    const addresses = await database.db
      .selectFrom('staff_sign_in_attempts')
      .select('attempts')
      .where('name', '=', username.toLowerCase())
      .execute();
    expect(addresses).toEqual([{ attempts: 0 }]);
    const audit = await lastAudit('staff.unlock');
    expect(audit).toMatchObject({ actor_type: 'staff', actor_id: String(admin.id), ip: 'cli:tester' });
    expect(JSON.stringify(audit?.before)).toContain('lockedUntil');
  });

  it('staff:reset-second-factor removes the secret and recovery codes and ends the sessions', async () => {
    const { username, id } = await lockedEnrolledStaff();
    await database.db
      .insertInto('staff_recovery_codes')
      .values({ staff_id: id, code_hash: 'x'.repeat(64) })
      .execute();
    await database.db
      .insertInto('staff_sessions')
      .values({ staff_id: id, token_hash: unique('h'), expires_at: new Date(Date.now() + 600_000) })
      .execute();
    expect((await asAdmin(['staff:reset-second-factor', username])).code).toBe(0);
    expect(await staffRow(id)).toMatchObject({ totp_secret: null, totp_last_step: null });
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
    const unknown = await asAdmin(['staff:unlock', unique('nobody')]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('code 30021');
    expect((await asAdmin(['staff:reset-second-factor'])).code).toBe(2);
  });
});

describe('desk outbox', () => {
  it('shows the newest messages first, up to --limit, and each use is written to the audit log', async () => {
    const recipient = `${unique('r')}@example.com`;
    for (const body of ['first', 'second']) {
      await database.db
        .insertInto('outbox')
        .values({ channel: 'email', recipient, subject: 'OTP', body })
        .execute();
    }
    const operator = await enrolledStaff(app, 'operator');
    const { code, stdout } = await desk(['outbox', '--limit', '2'], { as: operator });
    expect(code).toBe(0);
    expect(stdout.indexOf('second')).toBeLessThan(stdout.indexOf('first'));
    expect(stdout).toContain(`email to ${recipient}`);
    expect(await lastAudit('outbox.read')).toMatchObject({
      actor_type: 'staff',
      actor_id: String(operator.id),
      target: 'outbox',
      after: { limit: 2 },
    });
    const one = await asAdmin(['outbox', '--limit', '1']);
    expect(one.stdout).not.toContain('first');
    expect((await asAdmin(['outbox', '--limit', '0'])).code).toBe(2);
  });

  it('shows nothing to a viewer', async () => {
    const viewer = await enrolledStaff(app, 'viewer');
    const { code, stdout, stderr } = await desk(['outbox'], { as: viewer });
    expect(code).toBe(1);
    expect(stderr).toContain('code 403');
    expect(stdout).toBe('');
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
      // PostgreSQL: the worker's database, which has admins (so a viewer: an admin or operator
      // waits for a second admin there); PGlite: a new desk's first account, an admin.
      const role = url ? ['--role', 'viewer'] : [];
      const created = await desk(['staff:create', unique('s'), ...role, '--password-stdin'], {
        database: undefined,
        env,
        ...(url ? { as: await enrolledStaff(app, 'admin') } : {}),
        stdin: ['a long enough password'],
      });
      expect(created.code, created.stderr).toBe(0);
      const { code, stdout } = await desk(['check'], { database: undefined, env });
      expect(stdout).toContain('set      an admin staff account');
      // The worker's PostgreSQL database may hold all the rest from other tests; a new PGlite desk does not.
      expect(code).toBe(stdout.includes('Ready to open') ? 0 : 1);
      if (!url) expect(code).toBe(1);
      // The PGlite folder is released when the command ends.
      if (!url) expect(existsSync(path.join(dataDir, 'bahtdesk.lock'))).toBe(false);
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

  it('lists what the desk must set before it opens with how to set each, exiting 1 until all are set, without a sign-in', async () => {
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

    await app.services.staff.create(root, {
      username: unique('s'),
      password: 'a long enough password',
      role: 'admin',
    });
    await app.services.rates.set(root, { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1' });
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
