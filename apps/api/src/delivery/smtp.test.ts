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
  });

  it('fails when the SMTP server cannot be reached', async () => {
    const delivery = smtpDelivery('smtp://127.0.0.1:1', 'no-reply@bahtdesk.test');
    await expect(
      delivery.send({ channel: 'email', to: 'som@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow();
    delivery.close();
  });
});
