import { randomBytes, randomUUID } from 'node:crypto';
import {
  E,
  LINE_LINK_CODES_PER_HOUR,
  LINE_LINKED_TEXT,
  type LineLink,
  type LineLinkCode,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeLine,
  lineUserId,
  startFakeLine,
  textEvent,
  unfollowEvent,
} from '../../../test/fake-line.ts';
import { testApp } from '../../../test/harness.ts';
import { createMember, post, signIn } from '../../../test/members.ts';
import type { Database } from '../../db/connection.ts';

const TOKEN = 'test-channel-access-token';
const SECRET = 'test-channel-secret';

let fake: FakeLine;
let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  fake = await startFakeLine({ channelAccessToken: TOKEN, channelSecret: SECRET });
  ({ app, database } = await testApp({
    LINE_CHANNEL_ACCESS_TOKEN: TOKEN,
    LINE_CHANNEL_SECRET: SECRET,
    LINE_OFFICIAL_ACCOUNT_ID: '@bahtdesk',
    LINE_API_URL: fake.url,
    NOTIFY_RATE_PER_SECOND: '0',
  }));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => {
  fake.failNext(0, 500);
});

async function member(lang: 'en' | 'th' = 'en') {
  const m = await createMember(app);
  const token = await signIn(app, m.username, m.password);
  const call = <T>(name: string) => post<T>(app, `/api/external/user/${name}`, {}, { token, lang });
  return { ...m, token, call };
}

async function webhook(events: object[], signature?: string) {
  const call = fake.webhookCall(events);
  const res = await app.inject({
    method: 'POST',
    url: '/api/line/webhook',
    headers: { 'content-type': 'application/json', 'x-line-signature': signature ?? call.signature },
    payload: call.body,
  });
  return { status: res.statusCode, code: (res.json() as { code: number }).code };
}

const lineRows = (memberId: number) =>
  database.db
    .selectFrom('outbox')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('channel', '=', 'line')
    .orderBy('id')
    .execute();

const linkedTo = async (memberId: number) =>
  (
    await database.db
      .selectFrom('line_links')
      .select('line_user_id')
      .where('member_id', '=', memberId)
      .executeTakeFirst()
  )?.line_user_id;

/** Gets a code on the page and sends it from `userId`, as the member does in LINE. */
async function linkMember(m: Awaited<ReturnType<typeof member>>, userId: string) {
  const code = (await m.call<LineLinkCode>('createLineLinkCode')).body.result?.period.code ?? '';
  expect((await webhook([textEvent(userId, code)])).status).toBe(200);
}

describe('LINE webhook signature', () => {
  it('refuses a call without the signature, or with one not made with the channel secret, and links nothing', async () => {
    const m = await member();
    const code = (await m.call<LineLinkCode>('createLineLinkCode')).body.result?.period.code ?? '';
    const events = [textEvent(lineUserId(), code)];
    const missing = await app.inject({
      method: 'POST',
      url: '/api/line/webhook',
      headers: { 'content-type': 'application/json' },
      payload: fake.webhookCall(events).body,
    });
    expect(missing.statusCode).toBe(401);
    expect((missing.json() as { code: number }).code).toBe(E.LINE_SIGNATURE_INVALID.code);
    const forged = fake.webhookCall([textEvent(lineUserId(), 'AAAA-AAAA')]).signature;
    expect(await webhook(events, forged)).toEqual({ status: 401, code: E.LINE_SIGNATURE_INVALID.code });
    expect(await linkedTo(m.id)).toBeUndefined();
  });

  it('accepts a signed call, and one with no event LINE sends to check the webhook URL', async () => {
    expect(await webhook([])).toEqual({ status: 200, code: 0 });
  });
});

describe('linking by code', () => {
  it('links the LINE user who sends a valid code, audits it and confirms it by LINE in the language the member asked in', async () => {
    const m = await member('th');
    const before = (await m.call<LineLink>('getLineLink')).body.result?.period;
    expect(before).toMatchObject({ available: true, officialAccountId: '@bahtdesk', linked: false });
    expect(before?.addFriendUrl).toBe('https://line.me/R/ti/p/%40bahtdesk');
    const userId = lineUserId();
    const code = (await m.call<LineLinkCode>('createLineLinkCode')).body.result?.period.code ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // Typed in lower case without the dash, as a member may.
    await webhook([textEvent(userId, ` ${code.replace('-', '').toLowerCase()} `)]);
    expect(await linkedTo(m.id)).toBe(userId);
    expect((await m.call<LineLink>('getLineLink')).body.result?.period.linked).toBe(true);
    expect((await lineRows(m.id)).map((r) => [r.recipient, r.body, r.lang])).toEqual([
      [userId, LINE_LINKED_TEXT.th, 'th'],
    ]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('target', '=', `member:${m.id}`)
      .where('action', 'like', 'line.%')
      .execute();
    expect(audit).toEqual([{ action: 'line.link', actor_type: 'member' }]);
  });

  it('keeps only a hash of the code, never the code', async () => {
    const m = await member();
    const code = (await m.call<LineLinkCode>('createLineLinkCode')).body.result?.period.code ?? '';
    const rows = await database.db
      .selectFrom('line_link_codes')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code.replace('-', ''));
  });

  it('changes nothing more when LINE delivers the same event again', async () => {
    const m = await member();
    const userId = lineUserId();
    const code = (await m.call<LineLinkCode>('createLineLinkCode')).body.result?.period.code ?? '';
    const event = textEvent(userId, code);
    await webhook([event]);
    await webhook([{ ...event, deliveryContext: { isRedelivery: true } }]);
    expect(await linkedTo(m.id)).toBe(userId);
    expect(await lineRows(m.id)).toHaveLength(1);
  });

  it('ignores an expired code, a used code and a text that is no code', async () => {
    const m = await member();
    const code = (await m.call<LineLinkCode>('createLineLinkCode')).body.result?.period.code ?? '';
    await database.db
      .updateTable('line_link_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('member_id', '=', m.id)
      .execute();
    await webhook([textEvent(lineUserId(), code), textEvent(lineUserId(), 'hello')]);
    expect(await linkedTo(m.id)).toBeUndefined();

    const first = lineUserId();
    await linkMember(m, first);
    const used = (
      await database.db
        .selectFrom('line_link_codes')
        .select('used_at')
        .where('member_id', '=', m.id)
        .execute()
    ).map((r) => r.used_at !== null);
    expect(used).toEqual([false, true]);
    const other = await member();
    // The code is spent: another LINE user sending it again does not take the link.
    const spent = textEvent(lineUserId(), code);
    await webhook([spent]);
    expect(await linkedTo(m.id)).toBe(first);
    expect(await linkedTo(other.id)).toBeUndefined();
  });

  it('a new code replaces the earlier one', async () => {
    const m = await member();
    const first = (await m.call<LineLinkCode>('createLineLinkCode')).body.result?.period.code ?? '';
    await m.call<LineLinkCode>('createLineLinkCode');
    await webhook([textEvent(lineUserId(), first)]);
    expect(await linkedTo(m.id)).toBeUndefined();
  });

  it(`refuses more than ${LINE_LINK_CODES_PER_HOUR} codes an hour (40044) and a code while linked (40042)`, async () => {
    const m = await member();
    for (let i = 0; i < LINE_LINK_CODES_PER_HOUR; i += 1) {
      expect((await m.call('createLineLinkCode')).status).toBe(200);
    }
    const refused = await m.call('createLineLinkCode');
    expect([refused.status, refused.body.code]).toEqual([429, E.LINE_CODES_TOO_MANY.code]);

    const linked = await member();
    await linkMember(linked, lineUserId());
    expect((await linked.call('createLineLinkCode')).body.code).toBe(E.LINE_ALREADY_LINKED.code);
  });
});

describe('the desk alert group', () => {
  it("the desk's account joining a LINE group records the group's id in the audit log, once", async () => {
    const groupId = `C${randomBytes(16).toString('hex')}`;
    const join = {
      type: 'join',
      mode: 'active',
      timestamp: Date.now(),
      webhookEventId: randomUUID(),
      deliveryContext: { isRedelivery: false },
      source: { type: 'group', groupId },
    };
    await webhook([join]);
    await webhook([{ ...join, deliveryContext: { isRedelivery: true } }]);
    const rows = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('target', '=', `line-group:${groupId}`)
      .execute();
    expect(rows).toEqual([{ action: 'line.group.join', actor_type: 'system' }]);
  });
});

describe('unlinking', () => {
  it('unfollowing the desk on LINE unlinks the member (audited)', async () => {
    const m = await member();
    const userId = lineUserId();
    await linkMember(m, userId);
    await webhook([unfollowEvent(userId)]);
    await webhook([unfollowEvent(userId)]);
    expect(await linkedTo(m.id)).toBeUndefined();
    const actions = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('target', '=', `member:${m.id}`)
      .where('action', 'like', 'line.%')
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'line.link', actor_type: 'member' },
      { action: 'line.unlink', actor_type: 'system' },
    ]);
  });

  it('the member unlinks from the account page (audited); 40043 when nothing is linked', async () => {
    const m = await member();
    const nothing = await m.call('unlinkLine');
    expect([nothing.status, nothing.body.code]).toEqual([404, E.LINE_NOT_LINKED.code]);
    await linkMember(m, lineUserId());
    const res = await m.call<LineLink>('unlinkLine');
    expect(res.body.result?.period.linked).toBe(false);
    expect(await linkedTo(m.id)).toBeUndefined();
    const audit = await database.db
      .selectFrom('audit_log')
      .select('actor_type')
      .where('target', '=', `member:${m.id}`)
      .where('action', '=', 'line.unlink')
      .execute();
    expect(audit).toEqual([{ actor_type: 'member' }]);
  });
});

describe('LINE delivery', () => {
  it('pushes the message to the member’s LINE user id with the bearer token, the documented body and the row’s retry key', async () => {
    const m = await member('th');
    const userId = lineUserId();
    await linkMember(m, userId);
    await app.notifications.drain();
    const [row] = await lineRows(m.id);
    expect(row?.state).toBe('sent');
    expect(fake.refused).toEqual([]);
    expect(fake.pushes.filter((p) => p.to === userId)).toEqual([
      { to: userId, text: LINE_LINKED_TEXT.th, retryKey: row?.retry_key },
    ]);
  });

  it('retries a push LINE failed (500, then 429) with the same retry key, then delivers it once', async () => {
    const m = await member();
    const userId = lineUserId();
    const due = () =>
      database.db
        .updateTable('outbox')
        .set({ next_attempt_at: new Date() })
        .where('member_id', '=', m.id)
        .execute();
    fake.failNext(1, 500);
    await linkMember(m, userId);
    await app.notifications.drain();
    let [row] = await lineRows(m.id);
    expect([row?.state, row?.attempts, row?.last_error]).toEqual([
      'pending',
      1,
      'LINE answered HTTP 500: Failing as told',
    ]);
    fake.failNext(1, 429);
    // Each retry is scheduled seconds later: make it due now.
    await due();
    await app.notifications.drain();
    [row] = await lineRows(m.id);
    expect([row?.state, row?.attempts]).toEqual(['pending', 2]);
    await due();
    await app.notifications.drain();
    [row] = await lineRows(m.id);
    expect([row?.state, row?.attempts]).toEqual(['sent', 3]);
    // Sent again (as after a process that died before marking it): LINE answers 409, it counts as sent.
    await database.db
      .updateTable('outbox')
      .set({ state: 'pending', next_attempt_at: new Date() })
      .where('member_id', '=', m.id)
      .execute();
    await app.notifications.drain();
    [row] = await lineRows(m.id);
    expect(row?.state).toBe('sent');
    const keys = fake.attempts.filter((a) => a.retryKey === row?.retry_key);
    expect(keys.map((a) => a.status)).toEqual([500, 429, 200, 409]);
    expect(fake.pushes.filter((p) => p.to === userId)).toHaveLength(1);
  });

  it('a push LINE refuses (4xx other than 429) fails at once, without retries', async () => {
    const m = await member();
    fake.failNext(1, 400);
    await linkMember(m, lineUserId());
    await app.notifications.drain();
    const [row] = await lineRows(m.id);
    expect([row?.state, row?.attempts, row?.last_error]).toEqual([
      'failed',
      1,
      'LINE answered HTTP 400: Failing as told',
    ]);
  });

  it('a LINE message for a member who unlinked before it was sent fails for good, and nothing reaches LINE', async () => {
    const m = await member();
    const userId = lineUserId();
    fake.failNext(1, 500);
    await linkMember(m, userId);
    await app.notifications.drain();
    await m.call('unlinkLine');
    await database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date() })
      .where('member_id', '=', m.id)
      .execute();
    await app.notifications.drain();
    const [row] = await lineRows(m.id);
    expect(row?.state).toBe('failed');
    expect(row?.last_error).toMatch(/no LINE account linked/);
    expect(fake.pushes.filter((p) => p.to === userId)).toEqual([]);
  });
});

describe('LINE not configured', () => {
  it('is not offered: no card, no code (40041), and the webhook refuses every call', async () => {
    const { app: plain } = await testApp();
    try {
      const m = await createMember(plain);
      const token = await signIn(plain, m.username, m.password);
      const state = await post<LineLink>(plain, '/api/external/user/getLineLink', {}, { token });
      expect(state.body.result?.period).toMatchObject({ available: false, linked: false });
      const code = await post(plain, '/api/external/user/createLineLinkCode', {}, { token });
      expect([code.status, code.body.code]).toEqual([404, E.LINE_NOT_AVAILABLE.code]);
      const call = fake.webhookCall([]);
      const res = await plain.inject({
        method: 'POST',
        url: '/api/line/webhook',
        headers: { 'content-type': 'application/json', 'x-line-signature': call.signature },
        payload: call.body,
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
