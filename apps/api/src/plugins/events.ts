import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEventBus, type EventBus, publishAfterCommit } from '../events/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export interface EventsOptions {
  /** A stand-in around the database's bus (tests: one whose publish fails), inside publishAfterCommit. */
  standIn?: (bus: EventBus) => EventBus;
}

/** The event bus (events/bus.ts) as `app.events`, whose publish never fails its caller, closed with the app. */
export const eventsPlugin = fp(
  async (app: FastifyInstance, { standIn }: EventsOptions) => {
    const bus = await createEventBus(app.database, app.log);
    const events = publishAfterCommit(standIn ? standIn(bus) : bus, app.log);
    app.decorate('events', events);
    app.addHook('onClose', () => events.close());
  },
  { name: 'events' },
);
