import { z } from 'zod';
import { ANY_STAFF, endpoint } from '../../endpoint.ts';
import { incomeProofReviewEndpoints } from '../income-proofs.ts';
import { calendarEndpoints } from './calendar.ts';
import { complianceEndpoints } from './compliance.ts';
import { deskEndpoints } from './desk.ts';
import { kycReviewEndpoints } from './kyc.ts';
import { memberLevelEndpoints } from './levels.ts';
import { membersEndpoints } from './members.ts';
import { orderDeskEndpoints } from './orders.ts';
import { proposalEndpoints } from './proposals.ts';
import { riskEndpoints } from './risk.ts';
import { settingsEndpoints } from './settings.ts';
import { staffAdminEndpoints, staffAuthEndpoints } from './staff.ts';

export * from './calendar.ts';
export * from './common.ts';
export * from './compliance.ts';
export * from './desk.ts';
export * from './kyc.ts';
export * from './levels.ts';
export * from './members.ts';
export * from './orders.ts';
export * from './proposals.ts';
export * from './risk.ts';
export * from './settings.ts';
export * from './staff.ts';

/**
 * The back office's calls (`/api/admin/...`; docs/product.md, The back office). Each declares the
 * staff roles that may call it; every one needs the second factor done unless it says otherwise.
 */

/**
 * The changes the server announces to every process and to open pages: what changed, never the new
 * content (a page re-reads what it shows when an event names it).
 */
export const LIVE_EVENT_NAMES = [
  'rates.changed',
  'settings.changed',
  'news.changed',
  'pages.changed',
  'members.changed',
  'kyc.updated',
  'order.updated',
  'proposals.changed',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** The events anyone may hear (the member app refreshes public reads on them): no member data. */
export const PUBLIC_LIVE_EVENT_NAMES = [
  'rates.changed',
  'settings.changed',
  'news.changed',
  'pages.changed',
] as const satisfies readonly LiveEventName[];

/** A live event the server pushes to open pages (`events`): its name and what changed. */
export const liveEventSchema = z.object({
  name: z.enum(LIVE_EVENT_NAMES),
  data: z.record(z.string(), z.unknown()),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const adminEndpoints = {
  ...staffAuthEndpoints,
  ...staffAdminEndpoints,
  ...deskEndpoints,
  ...settingsEndpoints,
  ...proposalEndpoints,
  ...membersEndpoints,
  ...memberLevelEndpoints,
  ...kycReviewEndpoints,
  ...incomeProofReviewEndpoints,
  ...orderDeskEndpoints,
  ...calendarEndpoints,
  ...complianceEndpoints,
  ...riskEndpoints,
  events: endpoint({
    method: 'GET',
    path: '/api/admin/events',
    access: { staff: ANY_STAFF },
    response: 'events',
    summary:
      'Server-sent events: each change the back office shows live (rates.changed, settings.changed, ...), as `event: <name>` with JSON data.',
    result: liveEventSchema,
  }),
} as const;

/**
 * The member app's live stream: not one of the spec's calls, so it lives beside them. Public
 * changes only (rates, settings, news, pages), so a member's page updates without a reload.
 */
export const publicLiveEndpoints = {
  publicEvents: endpoint({
    method: 'GET',
    path: '/api/live',
    access: 'public',
    response: 'events',
    summary:
      'Server-sent events anyone may hear: rates.changed, settings.changed, news.changed, pages.changed (names only; the page re-reads the public call).',
    result: liveEventSchema,
  }),
} as const;

/**
 * The events about one member (their identity review, their orders), for that member's open pages:
 * the server sends a member only the events whose `data.memberId` is theirs.
 */
export const MEMBER_LIVE_EVENT_NAMES = [
  'kyc.updated',
  'order.updated',
] as const satisfies readonly LiveEventName[];

/**
 * The member app's own live stream: read with fetch (it needs the bearer token), like the
 * console's. A staff decision on the member's identity or order reaches their open page at once.
 */
export const memberLiveEndpoints = {
  memberEvents: endpoint({
    method: 'GET',
    path: '/api/live/member',
    access: 'member',
    response: 'events',
    summary:
      'Server-sent events about the signed-in member only: kyc.updated and order.updated whose data.memberId is theirs (the page re-reads the profile or the order).',
    result: liveEventSchema,
  }),
} as const;
