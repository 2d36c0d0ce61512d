import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BanStore } from './limiter.ts';

/**
 * Bans in the ip_bans table: durable across restarts and shared by every process on the database.
 * Each process remembers an answer for `cacheMs`, so a busy IP costs one query per interval, and
 * a ban made (or lifted by `npm run desk -- unban`) elsewhere applies here within that interval.
 */
export function databaseBans(db: Kysely<DB>, cacheMs = 1000, maxCached = 10_000): BanStore {
  const cache = new Map<string, { until: number | undefined; checkedAt: number }>();
  const remember = (ip: string, until: number | undefined, now: number) => {
    if (cache.size >= maxCached) cache.clear();
    cache.set(ip, { until, checkedAt: now });
  };
  return {
    rememberedUntil(ip, now) {
      const cached = cache.get(ip);
      if (!cached || now - cached.checkedAt >= cacheMs) return undefined;
      return cached.until !== undefined && cached.until > now ? cached.until : null;
    },
    async bannedUntil(ip, now) {
      const cached = cache.get(ip);
      let until = cached?.until;
      if (!cached || now - cached.checkedAt >= cacheMs) {
        const row = await db
          .selectFrom('ip_bans')
          .select('until')
          .where('ip', '=', ip)
          .where('until', '>', new Date(now))
          .executeTakeFirst();
        until = row?.until.getTime();
        remember(ip, until, now);
      }
      return until !== undefined && until > now ? until : undefined;
    },
    forget(ip) {
      cache.delete(ip);
    },
    async ban(ip, until, reason) {
      await db
        .insertInto('ip_bans')
        .values({ ip, until: new Date(until), reason })
        .onConflict((oc) => oc.column('ip').doUpdateSet({ until: new Date(until), reason }))
        .execute();
      remember(ip, until, Date.now());
    },
  };
}

/**
 * Lifts a ban (the operator's `npm run desk -- unban <ip>`, the back office). True when there was
 * one (with `now`: one still in force then).
 */
export async function unbanIp(db: Kysely<DB>, ip: string, now?: Date): Promise<boolean> {
  let query = db.deleteFrom('ip_bans').where('ip', '=', ip);
  if (now) query = query.where('until', '>', now);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The bans in force at `now`, the newest first. */
export function findActiveBans(db: Kysely<DB>, now: Date) {
  return db
    .selectFrom('ip_bans')
    .select(['ip', 'reason', 'created_at', 'until'])
    .where('until', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}
