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
import { defineRoute, type EventStream, signedInMember, signedInStaff } from '../../http/route.ts';
import { siteInMaintenance } from '../../plugins/maintenance.ts';

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
 * A signed-in stream closes when its session ends (`session.ended` on the bus, never sent on).
 * When the bus's listener comes back after a drop or a quiet spell (`bus.resync`), every stream is
 * sent each of its event names, so its page reads again what it shows.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const relay = (names: Set<string>, stream: EventStream, memberId?: number) => {
    const unsubscribe = app.events.subscribe((event) => {
      if (event.name === 'bus.resync') {
        // The listener is back after events may have been missed: the page reads again everything
        // the stream covers, as if each of its events had arrived.
        for (const name of names)
          stream.send({ name: name as LiveEventName, data: memberId === undefined ? {} : { memberId } });
        return;
      }
      if (!names.has(event.name)) return;
      if (memberId !== undefined && event.data.memberId !== memberId) return;
      stream.send({ name: event.name as LiveEventName, data: event.data });
    });
    stream.onClose(unsubscribe);
  };

  /**
   * Closes a signed-in stream once its session has ended (signed out, ended by a password change,
   * an admin, a disabled account): checked whenever the bus says a session of its owner ended, in
   * whichever process, and after the bus reconnects (an end may have been missed meanwhile).
   */
  const closeWhenEnded = (
    stream: EventStream,
    owner: { memberId: number } | { staffId: number },
    isLive: () => Promise<boolean>,
  ) => {
    const [key, id] = Object.entries(owner)[0] as [string, number];
    const unsubscribe = app.events.subscribe((event) => {
      if (event.name !== 'bus.resync' && !(event.name === 'session.ended' && event.data[key] === id)) return;
      isLive().then(
        (live) => {
          if (!live) stream.close();
        },
        (err: unknown) => app.log.warn({ err }, 'could not check the session of an event stream'),
      );
    });
    stream.onClose(unsubscribe);
  };

  /** Closes the member's stream when maintenance starts: it answers 997 during maintenance. */
  const closeInMaintenance = (stream: EventStream) => {
    const inMaintenance = siteInMaintenance(app.services.publicReads);
    const unsubscribe = app.events.subscribe((event) => {
      if (event.name !== 'settings.changed' && event.name !== 'bus.resync') return;
      inMaintenance().then(
        (closed) => {
          if (closed) stream.close();
        },
        (err: unknown) => app.log.warn({ err }, 'could not read the maintenance setting for an event stream'),
      );
    });
    stream.onClose(unsubscribe);
  };

  const { sessions } = app.services;
  defineRoute(app, adminEndpoints.events, async ({ stream, req }) => {
    const { staffId, sessionId } = signedInStaff(req);
    closeWhenEnded(stream, { staffId }, () => sessions.isStaffLive(sessionId));
    relay(LIVE, stream);
  });
  defineRoute(app, publicLiveEndpoints.publicEvents, async ({ stream }) => relay(PUBLIC, stream));
  defineRoute(app, memberLiveEndpoints.memberEvents, async ({ stream, req }) => {
    const { memberId, sessionId } = signedInMember(req);
    closeWhenEnded(stream, { memberId }, () => sessions.isMemberLive(sessionId));
    closeInMaintenance(stream);
    relay(MEMBER, stream, memberId);
  });
}
