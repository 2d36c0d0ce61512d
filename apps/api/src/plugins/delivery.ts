import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDelivery, type DeskDelivery } from '../delivery/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The adapters the notification worker hands messages to: SMTP, the SMS gateway, or the outbox. */
    delivery: DeskDelivery;
  }
}

export const deliveryPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const delivery = createDelivery({
      smtpUrl: config.smtpUrl,
      smsGatewayUrl: config.smsGatewayUrl,
      mailFrom: config.accounts.mailFrom,
    });
    app.decorate('delivery', delivery);
    app.addHook('onClose', async () => delivery.close());
  },
  { name: 'delivery' },
);
