import nodemailer from 'nodemailer';
import type { Delivery } from './delivery.ts';

/** Email through an SMTP server, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://...`. */
export function smtpDelivery(smtpUrl: string, from: string): Delivery & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
