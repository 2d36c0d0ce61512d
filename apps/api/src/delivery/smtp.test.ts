import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpDelivery } from './smtp.ts';

describe('SMTP delivery', () => {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the message to the SMTP server named by SMTP_URL', async () => {
    const delivery = smtpDelivery(`smtp://127.0.0.1:${port}`, 'BahtDesk <no-reply@bahtdesk.test>');
    await delivery.send({
      channel: 'email',
      to: 'som@example.com',
      subject: 'Your code',
      text: 'Code 123456',
    });
    delivery.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['som@example.com']);
    expect(received[0]?.data).toContain('Subject: Your code');
    expect(received[0]?.data).toContain('Code 123456');
  });

  it('fails when the SMTP server cannot be reached', async () => {
    const delivery = smtpDelivery('smtp://127.0.0.1:1', 'no-reply@bahtdesk.test');
    await expect(
      delivery.send({ channel: 'email', to: 'som@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow();
    delivery.close();
  });
});
