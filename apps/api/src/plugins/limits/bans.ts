import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BanStore } from './limiter.ts';

/**
 * Bans in the ip_bans table: durable across restarts and shared by every process on the database.
 * Each process remembers an answer for `cacheMs`, so a busy IP costs one query per interval (the
 * remembered answer comes at once, without a promise), and a ban made (or lifted by
 * `npm run desk -- unban`) elsewhere applies here within that interval.
 */
export function databaseBans(db: Kysely<DB>, cacheMs = 1000, maxCached = 10_000): BanStore {
  const cache = new Map<string, { until: number | undefined; checkedAt: number }>();
  const remember = (ip: string, until: number | undefined, now: number) => {
    if (cache.size >= maxCached) cache.clear();
    cache.set(ip, { until, checkedAt: now });
  };
  const answer = (until: number | undefined, now: number) =>
    until !== undefined && until > now ? until : undefined;
  const lookUp = async (ip: string, now: number) => {
    const row = await db
      .selectFrom('ip_bans')
      .select('until')
      .where('ip', '=', ip)
      .where('until', '>', new Date(now))
      .executeTakeFirst();
    const until = row?.until.getTime();
    remember(ip, until, now);
    return answer(until, now);
  };
  return {
    bannedUntil(ip, now) {
      const cached = cache.get(ip);
      if (!cached || now - cached.checkedAt >= cacheMs) return lookUp(ip, now);
      return answer(cached.until, now);
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

/** Lifts a ban (the operator's `npm run desk -- unban <ip>`). True when there was one. */
export async function unbanIp(db: Kysely<DB>, ip: string): Promise<boolean> {
  const result = await db.deleteFrom('ip_bans').where('ip', '=', ip).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
