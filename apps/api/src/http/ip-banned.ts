import { E } from '@bahtdesk/contract';
import { AppError } from './app-error.ts';

/** What the per-IP abuse limits answer for a request's address (plugins/limits). */
export type BanVerdict = { banned: false } | { banned: true; until: number };

/**
 * Refuses a banned address with 4290060, whether this request started the ban or came after it:
 * Retry-After says in how many seconds the ban ends.
 */
export function refuseIfBanned(verdict: BanVerdict, now = Date.now()): void {
  if (!verdict.banned) return;
  throw new AppError(E.IP_BANNED, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil((verdict.until - now) / 1000)),
  });
}
