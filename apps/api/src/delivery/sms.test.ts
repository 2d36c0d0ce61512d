import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsGateway } from '../../test/fake-delivery.ts';
import { smsDelivery } from './sms.ts';

describe('SMS gateway delivery', () => {
  let gateway: Awaited<ReturnType<typeof startFakeSmsGateway>>;
  beforeAll(async () => {
    gateway = await startFakeSmsGateway();
  });
  afterAll(() => gateway.close());

  it('posts the number and text to SMS_GATEWAY_URL, with its credentials as basic auth', async () => {
    await smsDelivery(`http://user:p%40ss@${gateway.host}/send`).send({
      channel: 'sms',
      to: '0812345678',
      subject: 'ignored',
      text: 'Code 123456',
    });
    expect(gateway.requests.at(-1)).toEqual({
      auth: `Basic ${Buffer.from('user:p@ss').toString('base64')}`,
      body: { to: '0812345678', text: 'Code 123456' },
    });
  });

  it("rule: the message's key goes as Idempotency-Key on every attempt, so the gateway (and a test) can count copies of one message", async () => {
    const delivery = smsDelivery(`http://${gateway.host}/send`);
    const key = randomUUID();
    const message = { channel: 'sms' as const, to: '0812345678', subject: '', text: 'Order complete', key };
    await delivery.send(message);
    await delivery.send(message);
    expect(gateway.requests.filter((r) => r.key === key)).toHaveLength(2);
    expect(gateway.copies.get(key)).toBe(2);
    expect(gateway.duplicates().get(key)).toBe(2);
  });

  it('fails when the gateway answers with an error status', async () => {
    gateway.status = 502;
    await expect(
      smsDelivery(`http://${gateway.host}/send`).send({
        channel: 'sms',
        to: '0812345678',
        subject: '',
        text: 'x',
      }),
    ).rejects.toThrow('HTTP 502');
    gateway.status = 200;
  });
});
