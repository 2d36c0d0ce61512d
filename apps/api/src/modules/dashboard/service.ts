import { bangkokDate, bangkokInstants, type Dashboard } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { RatesService } from '../rates/index.ts';
import { countKycWaiting, countMembers, countOpenOrders, signupsPerBangkokDay } from './repository.ts';

const DAY_MS = 86_400_000;

/** The Bangkok dates of the `days` days ending on `now`'s, oldest first. */
function lastDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) =>
    bangkokDate(new Date(now.getTime() - (days - 1 - i) * DAY_MS)),
  );
}

/** The back office's first screen: what the desk looks like now (design section 5). */
export function createDashboardService(db: Kysely<DB>, rates: Pick<RatesService, 'history'>) {
  return {
    async read(days: number, now = new Date()): Promise<Dashboard> {
      const dates = lastDays(now, days);
      const today = bangkokInstants({ from: dates.at(-1) ?? '', to: dates.at(-1) ?? '' }).start;
      const first = bangkokInstants({ from: dates[0] ?? '', to: dates[0] ?? '' }).start;
      const [membersTotal, membersNewToday, kycWaiting, open, signups, latest] = await Promise.all([
        countMembers(db),
        countMembers(db, today),
        countKycWaiting(db),
        countOpenOrders(db, now),
        signupsPerBangkokDay(db, first),
        rates.history({ page: 1, pageSize: 1 }),
      ]);
      const byDay = new Map(signups.map((s) => [s.day, Number(s.n)]));
      const openBy = (status: string) => Number(open.find((o) => o.status === status)?.n ?? 0);
      const inForce = latest.items[0];
      return {
        membersTotal,
        membersNewToday,
        kycWaiting,
        ordersOpen: { pending: openBy('pending'), request: openBy('request') },
        rates: inForce
          ? {
              buyRate: inForce.buyRate,
              sellRate: inForce.sellRate,
              sellFeePercent: inForce.sellFeePercent,
              setBy: inForce.setBy,
              setAt: inForce.createdAt,
            }
          : null,
        signupsPerDay: dates.map((date) => ({ date, count: byDay.get(date) ?? 0 })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
