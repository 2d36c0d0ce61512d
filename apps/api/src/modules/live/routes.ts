import { adminEndpoints, LIVE_EVENT_NAMES, type LiveEventName } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';

const LIVE = new Set<string>(LIVE_EVENT_NAMES);

/**
 * The back office's live feed (`/api/admin/events`): every change the event bus carries, as
 * server-sent events to this process's open consoles. Each process serves its own connections;
 * the bus brings every process every event.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, adminEndpoints.events, async ({ stream }) => {
    const unsubscribe = app.events.subscribe((event) => {
      if (LIVE.has(event.name)) stream.send({ name: event.name as LiveEventName, data: event.data });
    });
    stream.onClose(unsubscribe);
  });
}
