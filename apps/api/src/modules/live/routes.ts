import {
  adminEndpoints,
  LIVE_EVENT_NAMES,
  type LiveEventName,
  MEMBER_LIVE_EVENT_NAMES,
  memberLiveEndpoints,
  PUBLIC_LIVE_EVENT_NAMES,
  publicLiveEndpoints,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, type EventStream, signedInMember } from '../../http/route.ts';

const LIVE = new Set<string>(LIVE_EVENT_NAMES);
const PUBLIC = new Set<string>(PUBLIC_LIVE_EVENT_NAMES);
const MEMBER = new Set<string>(MEMBER_LIVE_EVENT_NAMES);

/**
 * The live feeds: every change the event bus carries that `names` lists, as server-sent events to
 * this process's open pages. Each process serves its own connections; the bus brings every process
 * every event.
 * - `/api/admin/events`: every live event, for the back office;
 * - `/api/live`: the public ones only (rates, settings, news, pages: names, never member data),
 *   so a member's page re-reads what changed without a reload;
 * - `/api/live/member`: the events about the signed-in member only (their identity review, their
 *   orders: `data.memberId` is theirs), so a staff decision reaches their open page at once.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const relay = (names: Set<string>, stream: EventStream, memberId?: number) => {
    const unsubscribe = app.events.subscribe((event) => {
      if (!names.has(event.name)) return;
      if (memberId !== undefined && event.data.memberId !== memberId) return;
      stream.send({ name: event.name as LiveEventName, data: event.data });
    });
    stream.onClose(unsubscribe);
  };

  defineRoute(app, adminEndpoints.events, async ({ stream }) => relay(LIVE, stream));
  defineRoute(app, publicLiveEndpoints.publicEvents, async ({ stream }) => relay(PUBLIC, stream));
  defineRoute(app, memberLiveEndpoints.memberEvents, async ({ stream, req }) =>
    relay(MEMBER, stream, signedInMember(req).memberId),
  );
}
