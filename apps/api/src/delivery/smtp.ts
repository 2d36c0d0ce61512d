import nodemailer from 'nodemailer';
import type { Delivery } from './delivery.ts';

/** The domain of a sender such as `BahtDesk <no-reply@bahtdesk.local>`, for the Message-IDs it makes. */
function domainOf(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'bahtdesk.local';
}

/**
 * Email through an SMTP server, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://...`. The
 * message's key (its outbox row's retry key) is its Message-ID, `<key@sender's domain>`, the same on
 * every attempt, so a copy can be recognised as one by mail servers, clients and tests (decision 0095).
 */
export function smtpDelivery(smtpUrl: string, from: string): Delivery & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  const domain = domainOf(from);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.key ? { messageId: `<${message.key}@${domain}>` } : {}),
      });
    },
    close: () => transport.close(),
  };
}
