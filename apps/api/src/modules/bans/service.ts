import { isIP } from 'node:net';
import { E, type IpBan } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findActiveBans, unbanIp } from '../../plugins/limits/bans.ts';
import { type Limiter, normaliseIp } from '../../plugins/limits/limiter.ts';
import { type Actor, recordAudit } from '../audit/index.ts';

/**
 * IP bans as staff see them (the limits plugin makes them, in the ip_bans table in every mode):
 * the list in force and lifting one. Another process notices a lifted ban within its one-second
 * ban cache; this one at once.
 */
export function createBansService(db: Kysely<DB>, limits: Pick<Limiter, 'forgetBan'>) {
  return {
    async list(now = new Date()): Promise<{ items: IpBan[] }> {
      const rows = await findActiveBans(db, now);
      return {
        items: rows.map((r) => ({
          ip: r.ip,
          reason: r.reason,
          bannedAt: r.created_at.toISOString(),
          until: r.until.toISOString(),
        })),
      };
    },

    /** Lifts the ban on `ip` (an address, or a key from the list such as an IPv6 /64); 31006 when none. */
    async unban(actor: Actor, ip: string, now = new Date()): Promise<null> {
      const key = isIP(ip) ? normaliseIp(ip) : ip.trim().toLowerCase();
      await db.transaction().execute(async (trx) => {
        const before = (await findActiveBans(trx, now)).find((b) => b.ip === key);
        if (!before || !(await unbanIp(trx, key, now))) throw new AppError(E.BAN_NOT_FOUND);
        await recordAudit(trx, actor, {
          action: 'limits.unban',
          target: `ip:${key}`,
          before: { until: before.until.toISOString(), reason: before.reason },
          after: null,
        });
      });
      limits.forgetBan(key);
      return null;
    },
  };
}

export type BansService = ReturnType<typeof createBansService>;
