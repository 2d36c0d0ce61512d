import { bangkokClock, bangkokDate } from '@bahtdesk/contract';

/**
 * The desk works in Asia/Bangkok (UTC+07:00 all year), whatever the member's device is set to: a
 * datetime-local field on a payment form holds Bangkok wall-clock time, as the appointment fields
 * already do, and is sent as the instant it names there.
 */

/** Bangkok's 'YYYY-MM-DDTHH:MM' at `now`, for a datetime-local input. */
export function bangkokNow(now = new Date()): string {
  return `${bangkokDate(now)}T${bangkokClock(now)}`;
}

/** The instant (ISO, UTC) of a Bangkok 'YYYY-MM-DDTHH:MM'. */
export function bangkokInstant(local: string): string {
  return new Date(`${local}:00+07:00`).toISOString();
}
