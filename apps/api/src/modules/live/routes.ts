import {
  adminEndpoints,
  LIVE_EVENT_NAMES,
  type LiveEventName,
  PUBLIC_LIVE_EVENT_NAMES,
  publicLiveEndpoints,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, type EventStream } from '../../http/route.ts';

const LIVE = new Set<string>(LIVE_EVENT_NAMES);
const PUBLIC = new Set<string>(PUBLIC_LIVE_EVENT_NAMES);

/**
 * The live feeds: every change the event bus carries that `names` lists, as server-sent events to
 * this process's open pages. Each process serves its own connections; the bus brings every process
 * every event.
 * - `/api/admin/events`: every live event, for the back office;
 * - `/api/live`: the public ones only (rates, settings, news, pages: names, never member data),
 *   so a member's page re-reads what changed without a reload.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const relay = (names: Set<string>, stream: EventStream) => {
    const unsubscribe = app.events.subscribe((event) => {
      if (names.has(event.name)) stream.send({ name: event.name as LiveEventName, data: event.data });
    });
    stream.onClose(unsubscribe);
  };

  defineRoute(app, adminEndpoints.events, async ({ stream }) => relay(LIVE, stream));
  defineRoute(app, publicLiveEndpoints.publicEvents, async ({ stream }) => relay(PUBLIC, stream));
}
