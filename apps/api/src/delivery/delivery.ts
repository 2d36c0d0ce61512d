/**
 * How an OTP reaches a member. One interface, three adapters: SMTP (SMTP_URL), an SMS HTTP gateway
 * (SMS_GATEWAY_URL), and the outbox table when neither is configured (read by `npm run desk --
 * outbox`, the back office and tests). A message never goes into a log.
 */
export interface Message {
  channel: 'email' | 'sms';
  /** An email address or a phone number. */
  to: string;
  subject: string;
  text: string;
}

export interface Delivery {
  send(message: Message): Promise<void>;
}

/** Email to `email`, SMS to `sms`: each channel has its own adapter. */
export function byChannel(adapters: { email: Delivery; sms: Delivery }): Delivery {
  return { send: (message) => adapters[message.channel].send(message) };
}
