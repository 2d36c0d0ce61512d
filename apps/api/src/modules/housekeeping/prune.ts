import { STAFF_KNOWN_ADDRESS_DAYS, STAFF_LOCK_MINUTES } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { STAFF_DEVICE_DAYS } from '../staff/index.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long rows that no longer do anything are kept. An ended session stays a week so that its
 * token still gets "expired" (501) or "signed out" (502) rather than "unknown" (500) for a while;
 * an OTP or reset ticket stays a day, well past the hour over which OTPs per member are counted;
 * a ban goes when it ends; an identity photo staged for a submission that never came goes when it
 * expires (decision 0062); a staff sign-in address once its window has passed and it is no longer
 * known for a recent sign-in, a staff sign-in attempt count once its window has passed, and a staff
 * device once it no longer counts as the account's (decision 0019). The audit log is never pruned.
 */
export const KEEP = {
  endedSessionMs: 7 * DAY_MS,
  otpMs: DAY_MS,
} as const;

const PRUNE_EVERY_MS = HOUR_MS;

export interface Pruned {
  memberSessions: number;
  staffSessions: number;
  otpCodes: number;
  ipBans: number;
  rateCounters: number;
  staffSignInAddresses: number;
  staffSignInAttempts: number;
  staffDevices: number;
  stagedPhotos: number;
}

/** Deletes ended sessions, old OTPs and reset tickets, ended bans and spent request counters; returns how many of each. */
export async function pruneExpired(db: Kysely<DB>, now = new Date()): Promise<Pruned> {
  const sessionsBefore = new Date(now.getTime() - KEEP.endedSessionMs);
  const windowsEndedBefore = new Date(now.getTime() - STAFF_LOCK_MINUTES * 60_000);
  const [member, staff, otp, bans, counters, addresses, attempts, devices, staged] = await Promise.all([
    db
      .deleteFrom('member_sessions')
      .where((eb) => eb.or([eb('expires_at', '<', sessionsBefore), eb('revoked_at', '<', sessionsBefore)]))
      .executeTakeFirst(),
    db
      .deleteFrom('staff_sessions')
      .where((eb) => eb.or([eb('expires_at', '<', sessionsBefore), eb('revoked_at', '<', sessionsBefore)]))
      .executeTakeFirst(),
    db
      .deleteFrom('otp_codes')
      .where('expires_at', '<', new Date(now.getTime() - KEEP.otpMs))
      .executeTakeFirst(),
    db.deleteFrom('ip_bans').where('until', '<', now).executeTakeFirst(),
    db.deleteFrom('rate_counters').where('expires_at', '<', now).executeTakeFirst(),
    db
      .deleteFrom('staff_sign_in_addresses')
      .where('window_started_at', '<', windowsEndedBefore)
      .where((eb) =>
        eb.or([
          eb('signed_in_at', 'is', null),
          eb('signed_in_at', '<', new Date(now.getTime() - STAFF_KNOWN_ADDRESS_DAYS * DAY_MS)),
        ]),
      )
      .executeTakeFirst(),
    db
      .deleteFrom('staff_sign_in_attempts')
      .where('window_started_at', '<', windowsEndedBefore)
      .executeTakeFirst(),
    db
      .deleteFrom('staff_devices')
      .where('signed_in_at', '<', new Date(now.getTime() - STAFF_DEVICE_DAYS * DAY_MS))
      .executeTakeFirst(),
    db.deleteFrom('files').where('expires_at', '<', now).executeTakeFirst(),
  ]);
  return {
    memberSessions: Number(member.numDeletedRows),
    staffSessions: Number(staff.numDeletedRows),
    otpCodes: Number(otp.numDeletedRows),
    ipBans: Number(bans.numDeletedRows),
    rateCounters: Number(counters.numDeletedRows),
    staffSignInAddresses: Number(addresses.numDeletedRows),
    staffSignInAttempts: Number(attempts.numDeletedRows),
    staffDevices: Number(devices.numDeletedRows),
    stagedPhotos: Number(staged.numDeletedRows),
  };
}

/**
 * Prunes now and then every hour, logging what went; a failure (the database away) is logged and
 * tried again at the next hour. The timer never keeps the process alive. Returns the stop.
 */
export function schedulePruning(
  db: Kysely<DB>,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): () => void {
  const prune = () =>
    pruneExpired(db).then(
      (pruned) => {
        if (Object.values(pruned).some((n) => n > 0))
          log.info({ pruned }, 'pruned ended sessions, old OTPs and ended bans');
      },
      (err: unknown) => log.warn({ err }, 'pruning failed; trying again in an hour'),
    );
  void prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
