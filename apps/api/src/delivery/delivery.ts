/**
 * How a message reaches a member. One interface, one adapter per channel: SMTP (SMTP_URL), an SMS
 * HTTP gateway (SMS_GATEWAY_URL), LINE when configured. Every message is first a row of the outbox
 * (the notification queue, decision 0077); the worker hands it to its channel's adapter. A channel
 * with nothing configured keeps the message in the outbox only (read by `npm run desk -- outbox`,
 * the back office and tests), never a message holding a secret (decision 0095). A message never
 * goes into a log.
 */
export interface Message {
  channel: 'email' | 'sms' | 'line';
  /** An email address, a phone number, or a LINE user id. */
  to: string;
  subject: string;
  text: string;
  /**
   * The same on every attempt at one outbox row (its retry key), passed to every provider: the
   * email's Message-ID, the SMS gateway's Idempotency-Key, LINE's X-Line-Retry-Key (decision 0095).
   */
  key?: string;
  /** Its text holds a secret (a one-time code, a username): it is never kept for staff to read. */
  secret?: boolean;
}

/**
 * A failure that another attempt cannot cure (the provider refused the message itself, or the
 * recipient is gone): the worker marks the row failed at once instead of retrying it.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

export interface Delivery {
  send(message: Message): Promise<void>;
}

/** The adapter of each channel; LINE only when it is configured. */
export interface ChannelAdapters {
  email: Delivery;
  sms: Delivery;
  line?: Delivery;
}
