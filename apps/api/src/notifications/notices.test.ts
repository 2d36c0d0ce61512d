import type { NoticeChoices } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { insertKycSubmission } from '../../test/kyc-rows.ts';
import { createMember, post, signIn } from '../../test/members.ts';
import { buy, orderTestFile, sell } from '../../test/orders.ts';
import { staffCall } from '../../test/staff-calls.ts';
import { createTrader, type Trader } from '../../test/traders.ts';

let app: FastifyInstance;
let operator: { token: string };
let admin: { token: string };
const calls = orderTestFile((started) => {
  ({ app, operator, admin } = started);
});

const GET_CHOICES = '/api/external/user/getNoticeChoices';
const SET_CHOICE = '/api/external/user/setNoticeChoice';

/** The member's queued messages, oldest first. */
function outboxOf(memberId: number) {
  return app.database.db
    .selectFrom('outbox')
    .select(['channel', 'recipient', 'kind', 'lang', 'subject', 'body', 'state'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/** A trader whose app speaks `lang` (one signed-in call tells the server). */
async function traderIn(lang: 'en' | 'th'): Promise<Trader> {
  const t = await createTrader(app);
  await post(app, GET_CHOICES, {}, { token: t.token, lang });
  return t;
}

const choose = (token: string, kind: string, channels: string[]) =>
  post<NoticeChoices>(app, SET_CHOICE, { kind, channels }, { token });

describe('member notices of an order', () => {
  it('placed, being checked and completed: one email each, in the language the member last used', async () => {
    const t = await traderIn('th');
    const order = await calls.created(t, sell(t));
    await calls.confirm(t, { id: order.id, method: 'usdt_transfer', txHash: `0x${'cd'.repeat(32)}` });
    await calls.complete(operator.token, order.id, { payoutReference: 'TRF-778899' });
    const sent = await outboxOf(t.id);
    expect(sent.map((m) => [m.channel, m.recipient, m.kind, m.lang, m.state])).toEqual([
      ['email', t.email, 'orderCreated', 'th', 'pending'],
      ['email', t.email, 'orderReceived', 'th', 'pending'],
      ['email', t.email, 'orderCompleted', 'th', 'pending'],
    ]);
    expect(sent[0]?.body).toContain(order.id);
    expect(sent[0]?.body).toContain('500.00 USDT');
    expect(sent[0]?.body).toMatch(/25\d\d/); // the deadline in the Buddhist era
    expect(sent[2]?.body).toContain('TRF-778899');
  });

  it("a call that names no language of the app (a script's `*`) leaves the member's language as it was", async () => {
    const t = await traderIn('th');
    await post(app, GET_CHOICES, {}, { token: t.token, headers: { 'accept-language': '*' } });
    await post(app, GET_CHOICES, {}, { token: t.token, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    const order = await calls.created(t, sell(t));
    const [placed] = await outboxOf(t.id);
    expect([placed?.kind, placed?.lang, placed?.subject]).toEqual([
      'orderCreated',
      'th',
      expect.stringContaining(order.id),
    ]);
  });

  it('rejected: the reason and what happens to USDT already sent, in English', async () => {
    const t = await traderIn('en');
    const id = await calls.orderIn(t, 'reject');
    const rejected = (await outboxOf(t.id)).find((m) => m.kind === 'orderRejected');
    expect(rejected?.lang).toBe('en');
    expect(rejected?.body).toContain('We have not received your USDT on the network of the order.');
    expect(rejected?.body).toContain('sends it back to the address it came from');
    expect(rejected?.subject).toContain(id);
  });

  it('expired by the sweeper: every member of a mass expiry gets one message, queued in bulk', async () => {
    const traders = await Promise.all([traderIn('en'), traderIn('th'), traderIn('en')]);
    const ids = [];
    for (const t of traders) ids.push((await calls.created(t, buy(t))).id);
    for (const id of ids) await calls.pastDeadline(id);
    await app.services.orders.expireDue();
    for (const [i, t] of traders.entries()) {
      const expired = (await outboxOf(t.id)).filter((m) => m.kind === 'orderExpired');
      expect(expired).toHaveLength(1);
      expect(expired[0]?.body).toContain(ids[i]);
      expect(expired[0]?.lang).toBe(i === 1 ? 'th' : 'en');
    }
  });

  it('honours the member’s channels: switched off, nothing; SMS chosen, an SMS to the phone', async () => {
    const t = await traderIn('en');
    expect((await choose(t.token, 'orderCreated', [])).body.code).toBe(0);
    expect((await choose(t.token, 'orderReceived', ['sms'])).body.code).toBe(0);
    const order = await calls.created(t, sell(t));
    await calls.confirm(t, { id: order.id, method: 'usdt_transfer', txHash: `0x${'ef'.repeat(32)}` });
    expect((await outboxOf(t.id)).map((m) => [m.channel, m.recipient, m.kind])).toEqual([
      ['sms', t.phone, 'orderReceived'],
    ]);
  });
});

describe('member notices of the account', () => {
  it('identity verified, and refused with its reason', async () => {
    const m = await createMember(app);
    await insertKycSubmission(app.database.db, m.id, 'waiting');
    const submission = await app.database.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const decide = (body: unknown) =>
      staffCall(app, operator.token, 'POST', `/api/admin/kyc/${submission.id}/decision`, body);
    expect((await decide({ decision: 'failed', reasonCode: 'nameMismatch' })).status).toBe(200);
    const [refused] = await outboxOf(m.id);
    expect(refused).toMatchObject({ kind: 'identityReviewed', channel: 'email' });
    expect(refused?.body).toContain('The name on the documents does not match the name on your account.');
    await insertKycSubmission(app.database.db, m.id, 'waiting');
    const next = await app.database.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('member_id', '=', m.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await staffCall(app, operator.token, 'POST', `/api/admin/kyc/${next.id}/decision`, {
      decision: 'verified',
    });
    expect((await outboxOf(m.id)).at(-1)?.body).toContain('Your identity is verified.');
  });

  it('level set and a hold placed and lifted (a staff-only watch flag is not told)', async () => {
    const t = await traderIn('en');
    await staffCall(app, admin.token, 'POST', `/api/admin/members/${t.id}/level`, {
      level: 2,
      note: 'good record',
    });
    const flag = (path: string, flag: string) =>
      staffCall(app, admin.token, 'POST', `/api/admin/members/${t.id}/flags${path}`, {
        flag,
        reason: 'check',
      });
    await flag('', 'watch');
    await flag('', 'payouts_held');
    await flag('/lift', 'payouts_held');
    const told = await outboxOf(t.id);
    expect(told.map((m) => m.subject)).toEqual([
      'BahtDesk: your level changed',
      'BahtDesk: payouts on hold',
      'BahtDesk: payouts resumed',
    ]);
    expect(told.every((m) => m.kind === 'limitsChanged')).toBe(true);
  });

  it('a sign-in from a new device and a password change are security messages: email and SMS', async () => {
    const m = await createMember(app);
    const ua = (agent: string) => ({ headers: { 'user-agent': agent } });
    const signInWith = (agent: string) =>
      post(app, '/api/external/auth/auth', { username: m.username, password: m.password }, ua(agent));
    await signInWith('Mozilla/5.0 (Windows NT 10.0) Chrome/120.0');
    await signInWith('Mozilla/5.0 (Windows NT 10.0) Chrome/120.0');
    expect(await outboxOf(m.id)).toEqual([]);
    const phone = await signInWith('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1');
    const token = (phone.body.result?.period as { token: string } | undefined)?.token ?? '';
    await post(
      app,
      '/api/external/user/changePasswordProfile',
      { currentPassword: m.password, password: 'secret22', confirmPassword: 'secret22' },
      { token },
    );
    const sent = await outboxOf(m.id);
    expect(sent.map((s) => [s.kind, s.channel])).toEqual([
      ['newDevice', 'email'],
      ['newDevice', 'sms'],
      ['passwordChanged', 'email'],
      ['passwordChanged', 'sms'],
    ]);
    expect(sent[0]?.body).toContain('Safari / iPhone');
    for (const s of sent) expect(s.body).not.toContain('secret22');
  });

  it('security kinds cannot be switched off, LINE is not offered until linked, other kinds can be chosen', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    const initial = (await post<NoticeChoices>(app, GET_CHOICES, {}, { token })).body.result?.period;
    expect(initial?.lineAvailable).toBe(false);
    expect(initial?.kinds.find((k) => k.kind === 'passwordChanged')).toEqual({
      kind: 'passwordChanged',
      security: true,
      channels: ['email', 'sms'],
    });
    expect(initial?.kinds.find((k) => k.kind === 'orderCreated')?.channels).toEqual(['email']);
    expect((await choose(token, 'passwordChanged', ['email'])).body.code).toBe(40037);
    expect((await choose(token, 'newDevice', [])).body.code).toBe(40037);
    expect((await choose(token, 'orderCompleted', ['email', 'line'])).body.code).toBe(40038);
    expect((await choose(token, 'orderCompleted', ['email', 'email'])).body.code).toBe(40039);
    expect((await choose(token, 'nope', ['email'])).body.code).toBe(40039);
    const set = await choose(token, 'orderCompleted', ['sms', 'email']);
    expect(set.body.result?.period.kinds.find((k) => k.kind === 'orderCompleted')?.channels).toEqual([
      'sms',
      'email',
    ]);
  });
});
