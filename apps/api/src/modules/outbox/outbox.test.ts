import { adminEndpoints, bangkokDate, type Endpoint, type OutboxMessage } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desk } from '../../../test/desk.ts';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fake-delivery.ts';
import { resetTables, testApp, unique } from '../../../test/harness.ts';
import { createMember, createStaff, post, type TestStaff } from '../../../test/members.ts';
import { lastMessageTo, UNREACHED_PROVIDERS } from '../../../test/outbox.ts';
import { enrolledStaff } from '../../../test/staff.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';

let app: FastifyInstance;
let smtp: FakeSmtp;
const staff = {} as Record<'admin' | 'operator' | 'viewer', TestStaff>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  ({ app } = await testApp({ ...UNREACHED_PROVIDERS, SMTP_URL: smtp.url }));
  for (const role of ['admin', 'operator', 'viewer'] as const) staff[role] = await createStaff(app, role);
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

const list = async (token: string, pageSize = 50) =>
  periodOf(
    (
      await staffCall<{ items: OutboxMessage[]; total: number }>(
        app,
        token,
        'GET',
        `/api/admin/outbox?pageSize=${pageSize}`,
      )
    ).body,
  );

describe('the outbox in the back office', () => {
  it('lists the messages newest first, paged, to operators; not to viewers', async () => {
    const older = unique('older');
    const newer = unique('newer');
    for (const body of [older, newer]) {
      await app.database.db
        .insertInto('outbox')
        .values({ channel: 'sms', recipient: '0812345678', body })
        .execute();
    }
    // The worker's database is shared: other suites may queue messages meanwhile, so the test
    // looks for its own two among the newest.
    const page = await list(staff.operator.token);
    const ours = page.items.filter((m) => m.body === older || m.body === newer);
    expect(ours.map((m) => m.body)).toEqual([newer, older]);
    expect(ours[0]).toMatchObject({ channel: 'sms', recipient: '0812345678', sentAt: null });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await list(staff.operator.token, 2)).items).toHaveLength(2);
    expect((await staffCall(app, staff.viewer.token, 'GET', '/api/admin/outbox')).status).toBe(403);
  });

  it('rule: reading the outbox writes an audit row naming who read which page', async () => {
    const before = await auditRows(app, 'outbox.read', 'outbox');
    await list(staff.operator.token, 7);
    const [row] = await auditRows(app, 'outbox.read', 'outbox');
    expect(row).toMatchObject({ actor_type: 'staff', actor_id: String(staff.operator.id) });
    expect(row?.after).toEqual({ page: 1, pageSize: 7 });
    expect((await auditRows(app, 'outbox.read', 'outbox')).length).toBe(before.length + 1);
  });
});

/** An answer's whole body, as text: JSON, CSV or a file. */
async function answerText(token: string, e: Endpoint, memberId: number): Promise<string> {
  const path = e.path.replace(/:[A-Za-z]+/g, String(memberId));
  const today = bangkokDate(new Date());
  const res = await app.inject({
    method: 'GET',
    url: `${path}?pageSize=100&from=${today}&to=${today}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, `${e.path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  return res.body;
}

/** What the operator command line prints for the outbox, signed in as an admin. */
async function deskOutbox(): Promise<string> {
  const { code, stdout } = await desk(['outbox', '--limit', '50'], {
    as: await enrolledStaff(app, 'admin'),
    database: app.database,
  });
  expect(code).toBe(0);
  return stdout;
}

/** Every row of every table, as text (image bytes aside), and the outbox's rows alone. */
async function rowsOnDisk(): Promise<{ all: string; outbox: string }> {
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'files'`.execute(
    app.database.db,
  );
  const texts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(
      app.database.db,
    );
    texts.push(...rows.map((r) => r.row));
  }
  const { rows: outbox } = await sql<{ row: string }>`select t::text as row from outbox t`.execute(
    app.database.db,
  );
  return { all: texts.join('\n'), outbox: outbox.map((r) => r.row).join('\n') };
}

/** Matches `text` standing alone: not inside a longer number, a hex string or a timestamp's fraction. */
const alone = (text: string) => new RegExp(`(?<![0-9a-fA-Fx.])${text}(?![0-9a-fA-F])`);

describe('secrets in the outbox (decision 0095)', () => {
  it("rule: after a member's forgot-password and forgot-username, no staff role finds the code or the username in any admin answer or CSV, the command line's outbox, or the rows on disk", async () => {
    // This test drains the outbox over SMTP: only its own messages.
    await resetTables(app.database, 'outbox');
    const m = await createMember(app);
    expect(
      (await post(app, '/api/external/user/forgotPassword', { channel: 'email', email: m.email })).body.code,
    ).toBe(0);
    const otpText = (await lastMessageTo(app, m.email)).text;
    const code = /\b(\d{6})\b/.exec(otpText)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(otpText).toContain(m.username);
    await sql`update otp_codes set created_at = now() - interval '61 seconds' where member_id = ${m.id}`.execute(
      app.database.db,
    );
    expect(
      (await post(app, '/api/external/user/forgotUsername', { channel: 'phone', phone: m.phone })).body.code,
    ).toBe(0);
    expect((await lastMessageTo(app, m.phone)).text).toContain(m.username);

    const gets = Object.values(adminEndpoints as Record<string, Endpoint>).filter(
      (e) => e.method === 'GET' && e.response !== 'events',
    );
    // The test member's email address starts with the username: the address is no secret.
    const username = new RegExp(`${m.username}(?!@)`);
    const searchEverything = async () => {
      for (const role of ['admin', 'operator', 'viewer'] as const) {
        for (const e of gets) {
          const text = await answerText(staff[role].token, e, m.id);
          expect(text, `${role}: GET ${e.path}`).not.toMatch(alone(code));
        }
        if (role === 'viewer') continue;
        const outbox = JSON.stringify(await list(staff[role].token, 100));
        expect(outbox, `${role}: the outbox`).not.toMatch(username);
      }
      const printed = await deskOutbox();
      expect(printed).not.toMatch(alone(code));
      expect(printed).not.toMatch(username);
      expect(printed).toContain('(text withheld: it holds a secret)');
      const disk = await rowsOnDisk();
      expect(disk.all).not.toMatch(alone(code));
      expect(disk.outbox).not.toMatch(username);
    };

    // While the messages wait to be sent, sealed...
    const mine = (await list(staff.admin.token, 100)).items.filter(
      (i) => i.recipient === m.email || i.recipient === m.phone,
    );
    expect(mine.map((i) => [i.kind, i.channel, i.state, i.subject, i.body])).toEqual([
      ['username', 'sms', 'pending', null, null],
      ['otp', 'email', 'pending', null, null],
    ]);
    await searchEverything();

    // ...and once settled: the code reached the member's mail server, the SMS found no gateway.
    await app.notifications.drain();
    expect(smtp.received.filter((r) => r.to.includes(m.email)).map((r) => r.data)).toEqual([
      expect.stringContaining(`Your BahtDesk code is ${code}.`),
    ]);
    const sealed = await app.database.db
      .selectFrom('outbox')
      .select(['kind', 'state', 'sealed'])
      .where('member_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(sealed).toEqual([
      { kind: 'otp', state: 'sent', sealed: null },
      { kind: 'username', state: 'pending', sealed: expect.any(String) },
    ]);
    await searchEverything();
  });
});
