import {
  BREAK_GLASS_COMMANDS,
  BREAK_GLASS_SHOWN_DAYS,
  type BreakGlassUse,
  bangkokDate,
  bangkokInstants,
  type Dashboard,
  toMoneyString,
  type Volume,
  type Waiting,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { countWithStatus } from '../../db/review-reads.ts';
import type { DB } from '../../db/schema.ts';
import { recentAudits } from '../audit/index.ts';
import type { RatesService } from '../rates/index.ts';
import type { SetupService } from '../setup/index.ts';
import type { StaffService } from '../staff/index.ts';
import {
  completedThbPerBangkokDay,
  completedVolumes,
  countKycWaiting,
  countMembers,
  countOpenOrders,
  countRequests,
  signupsPerBangkokDay,
} from './repository.ts';

type VolumeRows = Awaited<ReturnType<typeof completedVolumes>>;

function volumeOf(rows: VolumeRows): Volume {
  const side = (type: 'buy' | 'sell') => {
    const row = rows.find((r) => r.type === type);
    return {
      count: Number(row?.n ?? 0),
      thb: toMoneyString(row?.thb ?? '0'),
      usdt: toMoneyString(row?.usdt ?? '0'),
    };
  };
  return { buy: side('buy'), sell: side('sell') };
}

const DAY_MS = 86_400_000;

/** The Bangkok dates of the `days` days ending on `now`'s, oldest first. */
function lastDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) =>
    bangkokDate(new Date(now.getTime() - (days - 1 - i) * DAY_MS)),
  );
}

/** What a `staff.breakGlass` audit row holds besides who and when (cli/desk.ts writes it). */
const breakGlassAfter = z.object({ command: z.enum(BREAK_GLASS_COMMANDS), username: z.string() });
/** More uses than this in a week are still in the audit log; the dashboard shows the newest. */
const BREAK_GLASS_SHOWN_MAX = 20;

/** The uses of break-glass of the last BREAK_GLASS_SHOWN_DAYS days, newest first (decision 0092). */
async function breakGlassUses(db: Kysely<DB>, now: Date): Promise<BreakGlassUse[]> {
  const since = new Date(now.getTime() - BREAK_GLASS_SHOWN_DAYS * DAY_MS);
  const rows = await recentAudits(db, 'staff.breakGlass', since, BREAK_GLASS_SHOWN_MAX);
  return rows.flatMap((row) => {
    const after = breakGlassAfter.safeParse(row.after);
    if (!after.success) return [];
    return [{ at: row.created_at.toISOString(), ...after.data, osUser: row.actor_id ?? '' }];
  });
}

/** The back office's first screen: what the desk looks like now (docs/back-office.md, Dashboard). */
export function createDashboardService(
  db: Kysely<DB>,
  rates: Pick<RatesService, 'history'>,
  setup: Pick<SetupService, 'missing'>,
  staff: Pick<StaffService, 'twoPersonRules'>,
) {
  return {
    /** What waits for staff now (the console's menu and tab title). */
    async waiting(): Promise<Waiting> {
      const [requests, kyc, proofs] = await Promise.all([
        countRequests(db),
        countKycWaiting(db),
        countWithStatus(db, 'income_proofs', 'waiting'),
      ]);
      return { ...requests, kyc, proofs };
    },

    async read(days: number, now = new Date()): Promise<Dashboard> {
      const dates = lastDays(now, days);
      const today = bangkokInstants({ from: dates.at(-1) ?? '', to: dates.at(-1) ?? '' }).start;
      const first = bangkokInstants({ from: dates[0] ?? '', to: dates[0] ?? '' }).start;
      const monthStart = bangkokInstants({
        from: `${bangkokDate(now).slice(0, 8)}01`,
        to: bangkokDate(now),
      }).start;
      const [
        membersTotal,
        membersNewToday,
        kycWaiting,
        proofsWaiting,
        open,
        signups,
        latest,
        todays,
        months,
        perDay,
        setupMissing,
        breakGlass,
        twoPersonRules,
      ] = await Promise.all([
        countMembers(db),
        countMembers(db, today),
        countKycWaiting(db),
        countWithStatus(db, 'income_proofs', 'waiting'),
        countOpenOrders(db, now),
        signupsPerBangkokDay(db, first),
        rates.history({ page: 1, pageSize: 1 }),
        completedVolumes(db, today),
        completedVolumes(db, monthStart),
        completedThbPerBangkokDay(db, first),
        setup.missing(),
        breakGlassUses(db, now),
        staff.twoPersonRules(),
      ]);
      const thbOn = (date: string, type: 'buy' | 'sell') =>
        toMoneyString(perDay.find((r) => r.day === date && r.type === type)?.thb ?? '0');
      const byDay = new Map(signups.map((s) => [s.day, Number(s.n)]));
      const openBy = (status: string) => Number(open.find((o) => o.status === status)?.n ?? 0);
      const inForce = latest.items[0];
      return {
        membersTotal,
        membersNewToday,
        kycWaiting,
        proofsWaiting,
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
        volumes: { today: volumeOf(todays), month: volumeOf(months) },
        volumePerDay: dates.map((date) => ({
          date,
          buyThb: thbOn(date, 'buy'),
          sellThb: thbOn(date, 'sell'),
        })),
        setupMissing,
        breakGlass,
        twoPersonRules,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
