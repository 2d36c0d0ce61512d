import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeSmsGateway, startFakeSmtp } from '../../../test/fake-delivery.ts';
import { resetTables, testApp } from '../../../test/harness.ts';
import { createMember, post, signIn, type TestMember } from '../../../test/members.ts';
import { lastMessageTo, otpSentTo, UNREACHED_PROVIDERS } from '../../../test/outbox.ts';

const FORGOT = '/api/external/user/forgotPassword';
const CONFIRM = '/api/external/user/confirmOtp';
const CHANGE = '/api/external/user/changePassword';
const PROFILE = '/api/external/user/profile';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp(UNREACHED_PROVIDERS));
});
afterAll(() => app.close());

/** The OTP in the newest message queued to `recipient`. */
const otpFromOutbox = (recipient: string) => otpSentTo(app, recipient);

/** Moves the member's OTPs back in time, as if the resend countdown had passed. */
async function passCountdown(m: TestMember) {
  await sql`update otp_codes set created_at = now() - interval '61 seconds' where member_id = ${m.id}`.execute(
    app.database.db,
  );
}

const wrongOtp = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

async function ticketFor(m: TestMember): Promise<string> {
  expect((await post(app, FORGOT, { channel: 'email', email: m.email })).body.code).toBe(0);
  const otp = await otpFromOutbox(m.email);
  const res = await post<{ resetTicket: string }>(app, CONFIRM, { channel: 'email', email: m.email, otp });
  return res.body.result?.period.resetTicket ?? '';
}

describe('forgot password', () => {
  it('sends a 6-digit OTP to the email, queued sealed in the outbox', async () => {
    const m = await createMember(app);
    const res = await post(app, FORGOT, { channel: 'email', email: m.email.toUpperCase() });
    expect(res.body).toMatchObject({
      code: 0,
      result: { period: { channel: 'email', expiresInSeconds: 300, resendInSeconds: 60 } },
    });
    expect(res.body.result?.period).toMatchObject({ destination: `${m.email[0]}***@example.com` });
    expect(await otpFromOutbox(m.email)).toMatch(/^\d{6}$/);
  });

  it('sends it by SMS to the phone, in Thai when asked', async () => {
    const m = await createMember(app);
    const res = await post(app, FORGOT, { channel: 'phone', phone: m.phone }, { lang: 'th' });
    expect(res.body.code).toBe(0);
    const message = await lastMessageTo(app, m.phone);
    expect(message.channel).toBe('sms');
    expect(message.text).toContain('รหัส OTP');
  });

  it('rule: a channel with no provider is refused (70002), in English and Thai, and nothing is queued: no code is kept for staff', async () => {
    const { app: bare } = await testApp({ SMTP_URL: '', SMS_GATEWAY_URL: '' });
    try {
      const m = await createMember(bare);
      const email = await post(bare, FORGOT, { channel: 'email', email: m.email });
      expect(email.body).toMatchObject({
        code: E.CHANNEL_NOT_CONFIGURED.code,
        message: E.CHANNEL_NOT_CONFIGURED.en,
      });
      const phone = await post(bare, FORGOT, { channel: 'phone', phone: m.phone }, { lang: 'th' });
      expect(phone.body).toMatchObject({
        code: E.CHANNEL_NOT_CONFIGURED.code,
        message: E.CHANNEL_NOT_CONFIGURED.th,
      });
      const queued = await bare.database.db
        .selectFrom('outbox')
        .select('id')
        .where('member_id', '=', m.id)
        .execute();
      expect(queued).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('stores the OTP only as a hash', async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'email', email: m.email });
    const otp = await otpFromOutbox(m.email);
    const rows = await app.database.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(otp);
  });

  it("answers the spec's messages when no member has the email (10004) or phone (10003)", async () => {
    const email = await post(app, FORGOT, { channel: 'email', email: 'nobody@example.com' });
    expect(email.body).toEqual({ code: 10004, message: 'Email address not found', result: null });
    const phone = await post(app, FORGOT, { channel: 'phone', phone: '0800000001' });
    expect(phone.body).toEqual({
      code: 10003,
      message: 'No user found with this phone number.',
      result: null,
    });
  });

  it('refuses a resend before the countdown ends (10023, with the seconds left), allows it after', async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'email', email: m.email });
    const again = await post(app, FORGOT, { channel: 'email', email: m.email });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(E.OTP_RESEND_TOO_SOON.code);
    expect(again.body.result?.period).toMatchObject({ resendInSeconds: expect.any(Number) });
    expect(
      (again.body.result?.period as { resendInSeconds: number } | undefined)?.resendInSeconds,
    ).toBeGreaterThan(50);
    await passCountdown(m);
    expect((await post(app, FORGOT, { channel: 'email', email: m.email })).body.code).toBe(0);
  });

  it('sends at most 5 OTPs an hour to one member at the request of one address: the 6th from it waits (10023), another address need not', async () => {
    const m = await createMember(app);
    const ip = '203.0.113.50';
    for (let i = 0; i < 5; i++) {
      expect((await post(app, FORGOT, { channel: 'email', email: m.email }, { ip })).body.code).toBe(0);
      // Past the countdown and the 10-minute burst rule: only the hourly cap per address is left.
      await sql`update otp_codes set created_at = created_at - interval '11 minutes' where member_id = ${m.id}`.execute(
        app.database.db,
      );
    }
    const sixth = await post(app, FORGOT, { channel: 'phone', phone: m.phone }, { ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe(E.OTP_RESEND_TOO_SOON.code);
    const wait = (sixth.body.result?.period as { resendInSeconds: number } | undefined)?.resendInSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60 * 60 - 4 * 11 * 60);
    expect(
      (await post(app, FORGOT, { channel: 'email', email: m.email }, { ip: '203.0.113.51' })).body.code,
    ).toBe(0);
  });

  it("a new OTP does not cancel the member's earlier one: both work until one is confirmed", async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'email', email: m.email });
    const first = await otpFromOutbox(m.email);
    await passCountdown(m);
    await post(app, FORGOT, { channel: 'phone', phone: m.phone }, { ip: '203.0.113.52' });
    const second = await otpFromOutbox(m.phone);
    expect((await post(app, CONFIRM, { channel: 'email', email: m.email, otp: first })).body.code).toBe(0);
    if (first !== second) {
      expect((await post(app, CONFIRM, { channel: 'phone', phone: m.phone, otp: second })).body.code).toBe(
        E.OTP_SESSION_INVALID.code,
      );
    }
  });

  it('needs a clientSignature: 403 without one', async () => {
    const res = await post(app, FORGOT, { channel: 'email', email: 'a@example.com' }, { signed: false });
    expect(res.body.code).toBe(E.ACCESS_DENIED.code);
  });

  it('goes by email through SMTP when SMTP_URL is set', async () => {
    const smtp = await startFakeSmtp();
    const { app: smtpApp } = await testApp({ SMTP_URL: smtp.url });
    try {
      // The worker's database keeps the undelivered messages of every earlier file (tests deliver
      // only when they drain): empty the outbox, so this drain sends this test's message alone
      // rather than hundreds over SMTP.
      await resetTables(smtpApp.database, 'outbox');
      const m = await createMember(smtpApp);
      expect((await post(smtpApp, FORGOT, { channel: 'email', email: m.email })).body.code).toBe(0);
      await smtpApp.notifications.drain();
      const mine = smtp.received.filter((r) => r.to.includes(m.email));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.data).toMatch(/Your BahtDesk code is \d{6}/);
      const outbox = await smtpApp.database.db
        .selectFrom('outbox')
        .select(['state', 'kind', 'body', 'sealed'])
        .where('recipient', '=', m.email)
        .execute();
      expect(outbox).toEqual([{ state: 'sent', kind: 'otp', body: '', sealed: null }]);
    } finally {
      await smtpApp.close();
      await smtp.close();
    }
  });
});

describe('OTP delivery', () => {
  it('goes by SMS through the gateway when SMS_GATEWAY_URL is set', async () => {
    const gateway = await startFakeSmsGateway();
    const { app: smsApp } = await testApp({ SMS_GATEWAY_URL: `http://${gateway.host}/sms` });
    try {
      const m = await createMember(smsApp);
      expect((await post(smsApp, FORGOT, { channel: 'phone', phone: m.phone })).body.code).toBe(0);
      await smsApp.notifications.drain();
      expect(gateway.requests.map((r) => r.body).filter((b) => (b as { to: string }).to === m.phone)).toEqual(
        [{ to: m.phone, text: expect.stringMatching(/Your BahtDesk code is \d{6}/) }],
      );
    } finally {
      await smsApp.close();
      await gateway.close();
    }
  });

  it('when delivery fails the code is answered as sent and stays queued for another attempt', async () => {
    const { app: broken } = await testApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const m = await createMember(broken);
      const res = await post(broken, FORGOT, { channel: 'email', email: m.email });
      expect(res.body.code).toBe(0);
      await broken.notifications.drain();
      const row = await broken.database.db
        .selectFrom('outbox')
        .select(['state', 'attempts', 'last_error'])
        .where('recipient', '=', m.email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: expect.any(String) });
    } finally {
      await broken.close();
    }
  });
});

describe('confirm OTP', () => {
  it("answers 'OTP incorrect' (10012) for a wrong code", async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'email', email: m.email });
    const otp = await otpFromOutbox(m.email);
    const res = await post(app, CONFIRM, { channel: 'email', email: m.email, otp: wrongOtp(otp) });
    expect(res.body).toMatchObject({
      code: 10012,
      message: 'OTP incorrect',
      result: { period: { triesLeft: 4 } },
    });
  });

  it('refuses an OTP that is not exactly 6 digits (10029) without using up a try', async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'email', email: m.email });
    const otp = await otpFromOutbox(m.email);
    // Five of them: had they counted as wrong tries, the right code would now need a new OTP.
    for (const bad of ['12345', '1234567', '12a456', '１２３４５６', '123 456']) {
      const res = await post(app, CONFIRM, { channel: 'email', email: m.email, otp: bad }, { lang: 'th' });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body, JSON.stringify(bad)).toMatchObject({ code: 10029, message: E.OTP_FORMAT.th });
    }
    const right = await post(app, CONFIRM, { channel: 'email', email: m.email, otp });
    expect(right.body.code).toBe(0);
  });

  it('allows at most 5 wrong tries; then even the right code needs a new OTP (10014)', async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'phone', phone: m.phone });
    const otp = await otpFromOutbox(m.phone);
    for (let i = 0; i < 5; i++) {
      const res = await post(app, CONFIRM, { channel: 'phone', phone: m.phone, otp: wrongOtp(otp) });
      expect(res.body.code).toBe(E.OTP_INCORRECT.code);
    }
    const sixth = await post(app, CONFIRM, { channel: 'phone', phone: m.phone, otp });
    expect(sixth.body.code).toBe(E.OTP_TOO_MANY_TRIES.code);
  });

  it('is valid for 5 minutes: 10013 after that', async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'email', email: m.email });
    const otp = await otpFromOutbox(m.email);
    await app.database.db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('member_id', '=', m.id)
      .execute();
    expect((await post(app, CONFIRM, { channel: 'email', email: m.email, otp })).body.code).toBe(
      E.OTP_EXPIRED.code,
    );
  });

  it('is single use: a second confirmation of the same code gets 10024', async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'email', email: m.email });
    const otp = await otpFromOutbox(m.email);
    expect((await post(app, CONFIRM, { channel: 'email', email: m.email, otp })).body.code).toBe(0);
    expect((await post(app, CONFIRM, { channel: 'email', email: m.email, otp })).body.code).toBe(
      E.OTP_SESSION_INVALID.code,
    );
  });

  it('without any OTP requested: 10024', async () => {
    const m = await createMember(app);
    const res = await post(app, CONFIRM, { channel: 'email', email: m.email, otp: '123456' });
    expect(res.body.code).toBe(E.OTP_SESSION_INVALID.code);
  });
});

describe('change password with the reset ticket', () => {
  it('sets the new password and ends every session of the member', async () => {
    const m = await createMember(app);
    const session = await signIn(app, m.username, m.password);
    const resetTicket = await ticketFor(m);
    const res = await post(app, CHANGE, { resetTicket, password: 'brandnew1', confirmPassword: 'brandnew1' });
    expect(res.body.code).toBe(0);
    expect((await post(app, PROFILE, {}, { token: session })).body.code).toBe(502);
    expect(await signIn(app, m.username, 'brandnew1')).toBeTruthy();
    const audit = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'before', 'after'])
      .where('actor_id', '=', String(m.id))
      .where('action', '=', 'account.resetPassword')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('brandnew1');
  });

  it('a ticket works once: 10024 the second time', async () => {
    const m = await createMember(app);
    const resetTicket = await ticketFor(m);
    const body = { resetTicket, password: 'brandnew1', confirmPassword: 'brandnew1' };
    expect((await post(app, CHANGE, body)).body.code).toBe(0);
    expect((await post(app, CHANGE, body)).body.code).toBe(E.OTP_SESSION_INVALID.code);
  });

  it('refuses an unknown ticket (10024) and mismatched passwords (10028)', async () => {
    const unknown = await post(app, CHANGE, {
      resetTicket: 'nope',
      password: 'brandnew1',
      confirmPassword: 'brandnew1',
    });
    expect(unknown.body.code).toBe(E.OTP_SESSION_INVALID.code);
    const mismatch = await post(app, CHANGE, {
      resetTicket: 'nope',
      password: 'brandnew1',
      confirmPassword: 'other1',
    });
    expect(mismatch.body.code).toBe(E.PASSWORD_MISMATCH.code);
  });

  it('refuses an unknown ticket before hashing the new password (no free argon2 work for a guesser)', async () => {
    const hash = vi.spyOn(app.services.passwords, 'hash');
    try {
      const res = await post(app, CHANGE, {
        resetTicket: 'nope',
        password: 'brandnew1',
        confirmPassword: 'brandnew1',
      });
      expect(res.body.code).toBe(E.OTP_SESSION_INVALID.code);
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
  });
});

describe('races with one OTP', () => {
  // On PostgreSQL the requests really run at once on separate connections; PGlite runs one query
  // at a time, so there the same test checks the outcome under interleaving only.
  it('two confirmations of one OTP at once: exactly one gets a ticket', async () => {
    const m = await createMember(app);
    await post(app, FORGOT, { channel: 'email', email: m.email });
    const otp = await otpFromOutbox(m.email);
    const results = await Promise.all(
      Array.from({ length: 2 }, () => post(app, CONFIRM, { channel: 'email', email: m.email, otp })),
    );
    expect(results.map((r) => r.body.code).sort((a, b) => a - b)).toEqual([0, E.OTP_SESSION_INVALID.code]);
  });

  it('two password resets with one ticket at once: exactly one wins', async () => {
    const m = await createMember(app);
    const resetTicket = await ticketFor(m);
    const results = await Promise.all(
      ['winner1', 'winner2'].map((password) =>
        post(app, CHANGE, { resetTicket, password, confirmPassword: password }),
      ),
    );
    expect(results.map((r) => r.body.code).sort((a, b) => a - b)).toEqual([0, E.OTP_SESSION_INVALID.code]);
    const audit = await app.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('actor_id', '=', String(m.id))
      .where('action', '=', 'account.resetPassword')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
