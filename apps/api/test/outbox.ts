import type { FastifyInstance } from 'fastify';

/**
 * A provider for each channel, so members may ask for a code or their username (without one: 70002).
 * Nothing listens there: a test that only injects never drains the outbox, and one that drains
 * sees each attempt fail and the message wait for the next.
 */
export const UNREACHED_PROVIDERS = {
  SMTP_URL: 'smtp://127.0.0.1:1',
  SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
};

/**
 * The newest message queued to `recipient`, its text as its provider gets it: a message holding a
 * secret opened with the app's own seal, as the worker opens it (decision 0095).
 */
export async function lastMessageTo(app: FastifyInstance, recipient: string) {
  const row = await app.database.db
    .selectFrom('outbox')
    .select(['channel', 'recipient', 'kind', 'subject', 'body', 'sealed', 'retry_key'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const { subject, text } = row.sealed
    ? app.services.messageSeal.open(row.sealed, {
        key: row.retry_key,
        channel: row.channel,
        to: row.recipient,
      })
    : { subject: row.subject, text: row.body };
  return { channel: row.channel, kind: row.kind, subject, text };
}

/** The 6-digit code in the newest message queued to `recipient`. */
export async function otpSentTo(app: FastifyInstance, recipient: string): Promise<string> {
  return /\b(\d{6})\b/.exec((await lastMessageTo(app, recipient)).text)?.[1] ?? '';
}
