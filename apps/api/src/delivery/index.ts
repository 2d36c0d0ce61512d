import type { ChannelAdapters, Delivery, Message } from './delivery.ts';
import { keptInOutbox } from './outbox.ts';
import { smsDelivery } from './sms.ts';
import { smtpDelivery } from './smtp.ts';

export type { ChannelAdapters, Delivery, Message } from './delivery.ts';
export { PermanentDeliveryError } from './delivery.ts';
export { lineDelivery } from './line.ts';

export interface DeskDelivery {
  /** Each channel's adapter, counting its failures. */
  adapters: ChannelAdapters;
  /** Messages this process failed to deliver since it started, by channel (for /metrics). */
  failures(): Record<'email' | 'sms', number>;
  close(): void;
}

/**
 * Email through SMTP_URL and SMS through SMS_GATEWAY_URL when set; each is kept in the outbox
 * otherwise, except a message holding a secret, which then fails (decision 0095).
 */
export function createDelivery(options: {
  smtpUrl: string | undefined;
  smsGatewayUrl: string | undefined;
  mailFrom: string;
}): DeskDelivery {
  const smtp = options.smtpUrl ? smtpDelivery(options.smtpUrl, options.mailFrom) : undefined;
  const failed = { email: 0, sms: 0 };
  const counted = (channel: 'email' | 'sms', adapter: Delivery): Delivery => ({
    async send(message: Message) {
      try {
        await adapter.send(message);
      } catch (error) {
        failed[channel] += 1;
        throw error;
      }
    },
  });
  return {
    adapters: {
      email: counted('email', smtp ?? keptInOutbox),
      sms: counted('sms', options.smsGatewayUrl ? smsDelivery(options.smsGatewayUrl) : keptInOutbox),
    },
    failures: () => ({ ...failed }),
    close: () => smtp?.close(),
  };
}
