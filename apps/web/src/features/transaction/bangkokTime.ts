/**
 * The desk works in Asia/Bangkok (UTC+07:00 all year), whatever the member's device is set to: the
 * date and time fields of a payment form hold Bangkok wall-clock time, and are sent as the instant
 * they name there.
 */

/** The instant (ISO, UTC) of a Bangkok 'YYYY-MM-DDTHH:MM'. */
export function bangkokInstant(local: string): string {
  return new Date(`${local}:00+07:00`).toISOString();
}
