import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember } from '../../../test/members.ts';
import { otpSentTo, UNREACHED_PROVIDERS } from '../../../test/outbox.ts';

/**
 * Anyone who knows a member's email or phone can ask for reset codes. Those requests must not lock
 * the member out of their own reset for more than a few minutes, nor void the code they are typing.
 */
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp(UNREACHED_PROVIDERS));
});
afterAll(() => app.close());

const from = (ip: string) => ({ ip, userAgent: 'test', lang: 'en' as const });
const after = (t0: number, seconds: number) => new Date(t0 + seconds * 1000);

const otpTo = (recipient: string) => otpSentTo(app, recipient);

describe("a stranger cannot block a member's password reset", () => {
  it('requests from 5 other IPs hold the member’s own request from a new IP back by a few minutes at most', async () => {
    const { passwordReset } = app.services;
    const m = await createMember(app);
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) {
      await passwordReset.requestOtp(
        { channel: 'email', email: m.email },
        from(`203.0.113.${10 + i}`),
        after(t0, i * 61),
      );
    }
    const own = from('198.51.100.23');
    const refused = passwordReset.requestOtp({ channel: 'email', email: m.email }, own, after(t0, 5 * 61));
    await expect(refused).rejects.toMatchObject({ def: E.OTP_RESEND_TOO_SOON });
    const wait = ((await refused.catch((e) => e)) as { details: { resendInSeconds: number } }).details
      .resendInSeconds;
    expect(wait).toBeLessThanOrEqual(6 * 60);
    await expect(
      passwordReset.requestOtp({ channel: 'email', email: m.email }, own, after(t0, 5 * 61 + wait)),
    ).resolves.toMatchObject({ channel: 'email' });
  });

  it("the member's live code still works after a stranger's request", async () => {
    const { passwordReset } = app.services;
    const m = await createMember(app);
    const t0 = Date.now();
    const member = from('198.51.100.24');
    await passwordReset.requestOtp({ channel: 'email', email: m.email }, member, after(t0, 0));
    const mine = await otpTo(m.email);
    await passwordReset.requestOtp({ channel: 'phone', phone: m.phone }, from('203.0.113.99'), after(t0, 61));
    await expect(
      passwordReset.confirmOtp({ channel: 'email', email: m.email, otp: mine }, member, after(t0, 90)),
    ).resolves.toMatchObject({ resetTicket: expect.any(String) });
  });

  it('a wrong guess costs a try on every live code, so no code takes more than 5 guesses', async () => {
    const { passwordReset } = app.services;
    const m = await createMember(app);
    const t0 = Date.now();
    await passwordReset.requestOtp({ channel: 'email', email: m.email }, from('203.0.113.31'), after(t0, 0));
    const first = await otpTo(m.email);
    await passwordReset.requestOtp({ channel: 'email', email: m.email }, from('203.0.113.32'), after(t0, 61));
    const second = await otpTo(m.email);
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter(
      (g) => g !== first && g !== second,
    );
    for (const otp of wrong.slice(0, 5)) {
      await expect(
        passwordReset.confirmOtp(
          { channel: 'email', email: m.email, otp },
          from('203.0.113.33'),
          after(t0, 70),
        ),
      ).rejects.toMatchObject({ def: E.OTP_INCORRECT });
    }
    await expect(
      passwordReset.confirmOtp(
        { channel: 'email', email: m.email, otp: first },
        from('203.0.113.33'),
        after(t0, 71),
      ),
    ).rejects.toMatchObject({ def: E.OTP_TOO_MANY_TRIES });
  });
});
