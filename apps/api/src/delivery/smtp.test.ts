import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../test/fake-delivery.ts';
import { smtpDelivery } from './smtp.ts';

describe('SMTP delivery', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.close());

  it('sends the message to the SMTP server named by SMTP_URL', async () => {
    const delivery = smtpDelivery(smtp.url, 'BahtDesk <no-reply@bahtdesk.test>');
    await delivery.send({
      channel: 'email',
      to: 'som@example.com',
      subject: 'Your code',
      text: 'Code 123456',
    });
    delivery.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['som@example.com']);
    expect(smtp.received[0]?.data).toContain('Subject: Your code');
    expect(smtp.received[0]?.data).toContain('Code 123456');
    expect(smtp.received[0]?.text).toBe('Code 123456');
  });

  it('keeps the text of a long Thai message as its reader sees it (the fake decodes the transfer encoding)', async () => {
    const delivery = smtpDelivery(smtp.url, 'BahtDesk <no-reply@bahtdesk.test>');
    const text = `รหัส OTP ของคุณคือ 123456 ${'ใช้ได้ภายใน 5 นาที '.repeat(8)}`.trim();
    await delivery.send({ channel: 'email', to: 'thai@example.com', subject: 'รหัส', text });
    delivery.close();
    expect(smtp.received.find((r) => r.to.includes('thai@example.com'))?.text).toBe(text);
  });

  it("rule: the message's key is its Message-ID on every attempt, so the server (and a test) can count copies of one message", async () => {
    const delivery = smtpDelivery(smtp.url, 'BahtDesk <no-reply@bahtdesk.test>');
    const key = randomUUID();
    const message = { channel: 'email' as const, to: 'som@example.com', subject: 's', text: 't', key };
    await delivery.send(message);
    await delivery.send(message);
    delivery.close();
    const mine = smtp.received.filter((r) => r.key === key);
    expect(mine).toHaveLength(2);
    expect(mine[0]?.data).toMatch(new RegExp(`^Message-ID: <${key}@bahtdesk\\.test>`, 'im'));
    expect(smtp.copies.get(key)).toBe(2);
    expect(smtp.duplicates()).toEqual(new Map([[key, 2]]));
  });

  it('fails when the SMTP server cannot be reached', async () => {
    const delivery = smtpDelivery('smtp://127.0.0.1:1', 'no-reply@bahtdesk.test');
    await expect(
      delivery.send({ channel: 'email', to: 'som@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow();
    delivery.close();
  });
});
