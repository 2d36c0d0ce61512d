import { z } from 'zod';
import { ANY_STAFF, endpoint, STAFF_ROLES } from '../endpoint.ts';
import { rateResultSchema, ratesInputSchema } from './home.ts';

/**
 * The back office's calls (`/api/admin/...`, design section 5). Each declares the staff roles that
 * may call it; every one needs the second factor done unless it says otherwise.
 */

/**
 * The changes the server announces to every process and to open back-office pages: what changed,
 * never the new content (a page re-reads what it shows when an event names it).
 */
export const LIVE_EVENT_NAMES = [
  'rates.changed',
  'settings.changed',
  'news.changed',
  'pages.changed',
  'kyc.updated',
  'order.updated',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** A live event the server pushes to open back-office pages (`events`): its name and what changed. */
export const liveEventSchema = z.object({
  name: z.enum(LIVE_EVENT_NAMES),
  data: z.record(z.string(), z.unknown()),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const staffProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  /** False until this session has passed the second factor: only enrolment calls work until then. */
  secondFactorDone: z.boolean(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

export const adminEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/api/admin/me',
    access: { staff: ANY_STAFF, secondFactor: false },
    summary:
      'The signed-in staff member: id, username, role and whether this session passed the second factor.',
    result: staffProfileSchema,
  }),
  setRates: endpoint({
    method: 'POST',
    path: '/api/admin/rates',
    access: { staff: ['admin'] },
    summary:
      'Sets the buy rate, sell rate and sell fee (a new row of the rates history, audited). Every process serves the new rates within a second.',
    body: ratesInputSchema,
    result: rateResultSchema,
  }),
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
