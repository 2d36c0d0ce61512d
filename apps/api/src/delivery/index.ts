import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { byChannel, type Delivery, type Message } from './delivery.ts';
import { outboxDelivery } from './outbox.ts';
import { smsDelivery } from './sms.ts';
import { smtpDelivery } from './smtp.ts';

export type { Delivery, Message } from './delivery.ts';

export interface DeskDelivery extends Delivery {
  /** Messages this process failed to deliver since it started, by channel (for /metrics). */
  failures(): Record<Message['channel'], number>;
  close(): void;
}

/** Email through SMTP_URL and SMS through SMS_GATEWAY_URL when set; each falls back to the outbox. */
export function createDelivery(
  options: { smtpUrl: string | undefined; smsGatewayUrl: string | undefined; mailFrom: string },
  db: Kysely<DB>,
): DeskDelivery {
  const outbox = outboxDelivery(db);
  const smtp = options.smtpUrl ? smtpDelivery(options.smtpUrl, options.mailFrom) : undefined;
  const delivery = byChannel({
    email: smtp ?? outbox,
    sms: options.smsGatewayUrl ? smsDelivery(options.smsGatewayUrl) : outbox,
  });
  const failed = { email: 0, sms: 0 };
  return {
    async send(message) {
      try {
        await delivery.send(message);
      } catch (error) {
        failed[message.channel] += 1;
        throw error;
      }
    },
    failures: () => ({ ...failed }),
    close: () => smtp?.close(),
  };
}
