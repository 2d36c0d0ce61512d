import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { byChannel, type Delivery } from './delivery.ts';
import { outboxDelivery } from './outbox.ts';
import { smsDelivery } from './sms.ts';
import { smtpDelivery } from './smtp.ts';

export type { Delivery, Message } from './delivery.ts';

/** Email through SMTP_URL and SMS through SMS_GATEWAY_URL when set; each falls back to the outbox. */
export function createDelivery(
  options: { smtpUrl: string | undefined; smsGatewayUrl: string | undefined; mailFrom: string },
  db: Kysely<DB>,
): Delivery & { close(): void } {
  const outbox = outboxDelivery(db);
  const smtp = options.smtpUrl ? smtpDelivery(options.smtpUrl, options.mailFrom) : undefined;
  return {
    ...byChannel({
      email: smtp ?? outbox,
      sms: options.smsGatewayUrl ? smsDelivery(options.smsGatewayUrl) : outbox,
    }),
    close: () => smtp?.close(),
  };
}
