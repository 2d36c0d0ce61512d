import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsDelivery } from './sms.ts';

describe('SMS gateway delivery', () => {
  const requests: { auth: string | undefined; body: unknown }[] = [];
  let status = 200;
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.statusCode = status;
      res.end('{}');
    });
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('posts the number and text to SMS_GATEWAY_URL, with its credentials as basic auth', async () => {
    await smsDelivery(`http://user:p%40ss@${base}/send`).send({
      channel: 'sms',
      to: '0812345678',
      subject: 'ignored',
      text: 'Code 123456',
    });
    expect(requests.at(-1)).toEqual({
      auth: `Basic ${Buffer.from('user:p@ss').toString('base64')}`,
      body: { to: '0812345678', text: 'Code 123456' },
    });
  });

  it('fails when the gateway answers with an error status', async () => {
    status = 502;
    await expect(
      smsDelivery(`http://${base}/send`).send({ channel: 'sms', to: '0812345678', subject: '', text: 'x' }),
    ).rejects.toThrow('HTTP 502');
    status = 200;
  });
});
