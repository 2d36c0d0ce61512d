import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEventBus, type EventBus } from '../events/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

/** The event bus (events/bus.ts) as `app.events`, closed with the app. */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const bus = await createEventBus(app.database, app.log);
    app.decorate('events', bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'events' },
);
