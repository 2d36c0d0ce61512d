import {
  bangkokInstants,
  Decimal,
  E,
  historyDateRange,
  type LimitRoom,
  limitsOfLevel,
  type MemberLevelResult,
  type SetMemberLevelBody,
  type TradeLimits,
  type TradeLimitsResult,
  type TransactionType,
  tradeLimitRefusal,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { lockMember } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { Notices } from '../../notifications/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import type { PublicReads } from '../home/index.ts';
import {
  type CountedTotals,
  findLevel,
  findLevelAndTotals,
  type LevelAndTotals,
  saveLevel,
} from './repository.ts';

type Level = TradeLimitsResult['level'];
type LevelRow = NonNullable<Awaited<ReturnType<typeof findLevel>>>;

/** Level 0 until identity is verified; then the level staff set, or 1 (decision 0067). */
function levelOf(row: LevelRow): Level {
  if (row.kyc_status !== 'verified') return 0;
  return row.level === 2 ? 2 : 1;
}

/** The Bangkok day and calendar month `now` falls in, as instants: the periods a limit counts. */
export function limitPeriods(now: Date) {
  return {
    dayStart: bangkokInstants(historyDateRange('today', now)).start,
    monthStart: bangkokInstants(historyDateRange('thisMonth', now)).start,
  };
}

const left = (limit: string, used: string) => Decimal.max(0, new Decimal(limit).minus(used)).toFixed(2);

function room(dayLimit: string, monthLimit: string, used: CountedTotals | undefined): LimitRoom {
  return {
    dayLimit,
    monthLimit,
    leftToday: left(dayLimit, used?.day ?? '0'),
    leftThisMonth: left(monthLimit, used?.month ?? '0'),
  };
}

interface Deps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  reads: Pick<PublicReads, 'setting'>;
  /** The member's message when staff set their level (decision 0078). */
  notices: Pick<Notices, 'send'>;
}

/**
 * A member's risk state: their level and what it lets them buy and sell per Bangkok day and
 * month. createTransaction asks `checkOrder` inside its transaction, under the member's row lock,
 * so two orders racing in are summed one after the other and never pass a limit together.
 */
export function createRiskService({ db, events, reads, notices }: Deps) {
  async function row(t: Kysely<DB>, memberId: number): Promise<LevelRow> {
    const found = await findLevel(t, memberId);
    if (!found) throw new AppError(E.MEMBER_NOT_FOUND);
    return found;
  }

  /** The member's level and room for buy and sell at `now` under `limits`, read with `t`. */
  async function limitsWith(t: Kysely<DB>, limits: TradeLimits, memberId: number, now: Date) {
    return limitsOf(await findLevelAndTotals(t, memberId, limitPeriods(now), now), limits);
  }

  /** The level and room for buy and sell that `read` (undefined: no such member) gives under `limits`. */
  function limitsOf(read: LevelAndTotals | undefined, limits: TradeLimits) {
    if (!read) throw new AppError(E.MEMBER_NOT_FOUND);
    const { totals, ...found } = read;
    const level = levelOf(found);
    const own = limitsOfLevel(limits, level === 2 ? 2 : 1);
    const used = (type: TransactionType) => totals.find((r) => r.type === type);
    return {
      found,
      level,
      buy: room(own.buyDayThb, own.buyMonthThb, used('buy')),
      sell: room(own.sellDayThb, own.sellMonthThb, used('sell')),
    };
  }

  const setting = async () => (await reads.setting('tradeLimits')).value;

  async function memberLevel(memberId: number, now = new Date()): Promise<MemberLevelResult> {
    const { found, ...mine } = await limitsWith(db, await setting(), memberId, now);
    return {
      ...mine,
      setBy: found.level_set_by,
      setAt: found.level_set_at ? found.level_set_at.toISOString() : null,
      note: found.level_note,
    };
  }

  /**
   * Sets a verified member's level inside `t` (40023 when not verified): under the member's row
   * lock, with an audit row `member.level.set` (before, after, the note as reason). The one path
   * of a level change: staff setting it by hand and an accepted proof of income (decision 0071).
   */
  async function setLevelIn(
    t: Kysely<DB>,
    actor: Actor,
    memberId: number,
    body: SetMemberLevelBody,
    now: Date,
  ): Promise<void> {
    await lockMember(t, memberId);
    const found = await row(t, memberId);
    const before = levelOf(found);
    if (before === 0) throw new AppError(E.MEMBER_LEVEL_NOT_VERIFIED);
    await saveLevel(t, memberId, {
      level: body.level,
      note: body.note,
      staffId: actor.type === 'staff' ? Number(actor.id) : null,
      at: now,
    });
    await recordAudit(t, actor, {
      action: 'member.level.set',
      target: `member:${memberId}`,
      before: { level: before },
      after: { level: body.level },
      reason: body.note,
    });
    if (before !== body.level) {
      await notices.send(t, [{ memberId, template: 'levelChanged', params: { level: String(body.level) } }]);
    }
  }

  return {
    /** getTradeLimits: the member's level and what is left today and this month. */
    async limits(memberId: number, now = new Date()): Promise<TradeLimitsResult> {
      const { found: _, ...mine } = await limitsWith(db, await setting(), memberId, now);
      return mine;
    },

    /**
     * Refuses (50051 buy, 50052 sell, saying what is left) an order of `amountThb` that would pass
     * the member's daily or monthly limit under `limits` (the setting, read before the
     * transaction). `read` is the member's level and counted totals over `limitPeriods(now)`
     * (findLevelAndTotals), read inside the create's transaction after the member's row is locked.
     */
    checkOrder(
      read: LevelAndTotals | undefined,
      order: { type: TransactionType; amountThb: string },
      limits: TradeLimits,
    ): void {
      const mine = limitsOf(read, limits);
      const side = mine[order.type];
      if (new Decimal(order.amountThb).gt(Decimal.min(side.leftToday, side.leftThisMonth))) {
        throw new AppError(tradeLimitRefusal(order.type, side), side);
      }
    },

    /** The member's level as staff see it. */
    memberLevel,

    /** Staff set a verified member's level with a note (audited, before and after). */
    async setLevel(actor: Actor, memberId: number, body: SetMemberLevelBody): Promise<MemberLevelResult> {
      const now = new Date();
      await db.transaction().execute((t) => setLevelIn(t, actor, memberId, body, now));
      await events.publish('members.changed', { id: memberId });
      return memberLevel(memberId, now);
    },

    setLevelIn,
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
