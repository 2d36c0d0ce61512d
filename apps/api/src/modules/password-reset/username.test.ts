import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTables, testApp } from '../../../test/harness.ts';
import { createMember, post, type TestMember } from '../../../test/members.ts';
import { lastMessageTo, UNREACHED_PROVIDERS } from '../../../test/outbox.ts';

const FORGOT_USERNAME = '/api/external/user/forgotUsername';
const FORGOT_PASSWORD = '/api/external/user/forgotPassword';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp(UNREACHED_PROVIDERS));
});
afterAll(() => app.close());

/** The newest message queued to `recipient`, opened as its provider gets it. */
const lastMessage = (recipient: string) => lastMessageTo(app, recipient);

/** Moves the member's sent messages back in time, as if the resend countdown had passed. */
async function passCountdown(m: TestMember) {
  await sql`update otp_codes set created_at = now() - interval '61 seconds' where member_id = ${m.id}`.execute(
    app.database.db,
  );
}

describe('forgot username', () => {
  it('sends the username to the email on file, answering where it went partly hidden', async () => {
    const m = await createMember(app);
    const res = await post(app, FORGOT_USERNAME, { channel: 'email', email: m.email.toUpperCase() });
    expect(res.body).toMatchObject({
      code: 0,
      result: {
        period: { channel: 'email', destination: `${m.email[0]}***@example.com`, resendInSeconds: 60 },
      },
    });
    const message = await lastMessage(m.email);
    expect(message.channel).toBe('email');
    expect(message.text).toBe(
      `Your BahtDesk username is ${m.username}. If you did not ask for it, ignore this message.`,
    );
  });

  it('sends it by SMS to the phone on file, in Thai when asked, and audits the request', async () => {
    const m = await createMember(app);
    const res = await post(app, FORGOT_USERNAME, { channel: 'phone', phone: m.phone }, { lang: 'th' });
    expect(res.body.result?.period).toMatchObject({
      channel: 'phone',
      destination: `${m.phone.slice(0, 3)}***${m.phone.slice(-4)}`,
    });
    const message = await lastMessage(m.phone);
    expect(message.channel).toBe('sms');
    expect(message.text).toContain(`ชื่อผู้ใช้ BahtDesk ของคุณคือ ${m.username}`);
    const audit = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target', '=', `member:${m.id}`)
      .where('action', '=', 'account.requestUsername')
      .execute();
    expect(audit).toEqual([{ action: 'account.requestUsername', after: { channel: 'sms' } }]);
  });

  it("answers forgot password's messages when no member has the email (10004) or phone (10003)", async () => {
    const email = await post(app, FORGOT_USERNAME, { channel: 'email', email: 'nobody@example.com' });
    expect(email.body).toEqual({ code: 10004, message: 'Email address not found', result: null });
    const phone = await post(app, FORGOT_USERNAME, { channel: 'phone', phone: '0800000001' });
    expect(phone.body).toEqual({
      code: 10003,
      message: 'No user found with this phone number.',
      result: null,
    });
  });

  it('refuses another before the countdown ends (10048, with the seconds left), allows it after; a password OTP is counted apart', async () => {
    const m = await createMember(app);
    expect((await post(app, FORGOT_USERNAME, { channel: 'email', email: m.email })).body.code).toBe(0);
    const again = await post(app, FORGOT_USERNAME, { channel: 'phone', phone: m.phone });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(E.USERNAME_RESEND_TOO_SOON.code);
    const wait = (again.body.result?.period as { resendInSeconds: number } | undefined)?.resendInSeconds;
    expect(wait).toBeGreaterThan(50);
    expect((await post(app, FORGOT_PASSWORD, { channel: 'email', email: m.email })).body.code).toBe(0);
    await passCountdown(m);
    expect((await post(app, FORGOT_USERNAME, { channel: 'email', email: m.email })).body.code).toBe(0);
  });

  it('sends at most 5 an hour to one member at the request of one address: the 6th from it waits (10048), another address need not', async () => {
    const m = await createMember(app);
    const ip = '203.0.113.60';
    for (let i = 0; i < 5; i++) {
      expect((await post(app, FORGOT_USERNAME, { channel: 'email', email: m.email }, { ip })).body.code).toBe(
        0,
      );
      await sql`update otp_codes set created_at = created_at - interval '11 minutes' where member_id = ${m.id}`.execute(
        app.database.db,
      );
    }
    const sixth = await post(app, FORGOT_USERNAME, { channel: 'email', email: m.email }, { ip });
    expect(sixth.body.code).toBe(E.USERNAME_RESEND_TOO_SOON.code);
    expect(
      (await post(app, FORGOT_USERNAME, { channel: 'email', email: m.email }, { ip: '203.0.113.61' })).body
        .code,
    ).toBe(0);
  });

  it('needs a clientSignature: 403 without one', async () => {
    const res = await post(
      app,
      FORGOT_USERNAME,
      { channel: 'email', email: 'a@example.com' },
      { signed: false },
    );
    expect(res.body.code).toBe(E.ACCESS_DENIED.code);
  });

  it('when delivery fails the username is answered as sent and stays queued for another attempt', async () => {
    const { app: broken } = await testApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      // The drain below tries every due message: not those other suites left in the worker's database.
      await resetTables(broken.database, 'outbox');
      const m = await createMember(broken);
      const res = await post(broken, FORGOT_USERNAME, { channel: 'email', email: m.email });
      expect(res.body.code).toBe(0);
      await broken.notifications.drain();
      const row = await broken.database.db
        .selectFrom('outbox')
        .select(['state', 'kind', 'last_error'])
        .where('recipient', '=', m.email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'pending', kind: 'username', last_error: expect.any(String) });
    } finally {
      await broken.close();
    }
  });
});

describe('forgot password names the username too', () => {
  it('the OTP message carries the username, in English and Thai', async () => {
    const m = await createMember(app);
    await post(app, FORGOT_PASSWORD, { channel: 'email', email: m.email });
    expect((await lastMessage(m.email)).text).toMatch(
      new RegExp(
        `^Your BahtDesk code is \\d{6}\\. It is valid for 5 minutes\\. Your username is ${m.username}\\.`,
      ),
    );
    await passCountdown(m);
    await post(
      app,
      FORGOT_PASSWORD,
      { channel: 'phone', phone: m.phone },
      { lang: 'th', ip: '203.0.113.62' },
    );
    expect((await lastMessage(m.phone)).text).toContain(`ชื่อผู้ใช้ของคุณคือ ${m.username}`);
  });
});
