import {
  BUY_THB_MAX,
  BUY_THB_MIN,
  Decimal,
  E,
  isNegativeSpread,
  type RateChangeCheck,
  type RateChangeInput,
  type RateHistoryEntry,
  type RateProposal,
  type RateResult,
  type RatesInput,
  SELL_USDT_MAX,
  SELL_USDT_MIN,
  type SetRatesResult,
  toMoneyString,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  countRates,
  decideProposal,
  findCurrentRates,
  findPendingProposals,
  findProposal,
  findRatesHistory,
  insertProposal,
  insertRates,
  lockRateChanges,
  supersedePendingProposals,
} from './repository.ts';

/** '1.000' -> '1.00', '1.250' -> '1.25', '1.125' stays: the column keeps 3 decimals. */
function trimFee(fee: string): string {
  return fee.replace(/^(\d+\.\d{2}\d*?)0*$/, '$1');
}

/** The rates in force with the amount ranges, as getRate answers them; 40001 when none were ever set. */
async function current(db: Kysely<DB>): Promise<RateResult> {
  const row = await findCurrentRates(db);
  if (!row) throw new AppError(E.BUY_RATE_NOT_FOUND);
  return rateResultOf(row);
}

/** A row of the rates history as getRate answers the rates in force (the amount ranges with them). */
export function rateResultOf(row: InForce): RateResult {
  return {
    buyRate: row.buy_rate,
    sellRate: row.sell_rate,
    sellFeePercent: trimFee(row.sell_fee_percent),
    buyRange: { min: toMoneyString(BUY_THB_MIN), max: toMoneyString(BUY_THB_MAX) },
    sellRange: { min: toMoneyString(SELL_USDT_MIN), max: toMoneyString(SELL_USDT_MAX) },
    updatedAt: row.created_at.toISOString(),
  };
}

type InForce = NonNullable<Awaited<ReturnType<typeof findCurrentRates>>>;
type ProposalRow = NonNullable<Awaited<ReturnType<typeof findProposal>>>;

/** How far `to` moves from `from`, in per cent. */
const movePercent = (from: string, to: string) => new Decimal(to).minus(from).div(from).times(100);
/** Signed, 2 decimals, rounded half up: ('36.50', '3.65') -> '-90.00'. */
const percentText = (d: Decimal) => d.toFixed(2, Decimal.ROUND_HALF_UP);

const ratesOf = (input: RatesInput): RatesInput => ({
  buyRate: input.buyRate,
  sellRate: input.sellRate,
  sellFeePercent: input.sellFeePercent,
});

const recordedActor = (actor: Actor) => `${actor.type}:${actor.id ?? ''}`;
const staffIdOf = (actor: Actor) => (actor.type === 'staff' && actor.id ? Number(actor.id) : null);

function proposalOf(row: ProposalRow): RateProposal {
  return {
    id: row.id,
    buyRate: row.buy_rate,
    sellRate: row.sell_rate,
    sellFeePercent: trimFee(row.sell_fee_percent),
    from: {
      buyRate: row.from_buy_rate,
      sellRate: row.from_sell_rate,
      sellFeePercent: trimFee(row.from_sell_fee_percent),
    },
    buyChangePercent: percentText(movePercent(row.from_buy_rate, row.buy_rate)),
    sellChangePercent: percentText(movePercent(row.from_sell_rate, row.sell_rate)),
    proposedBy: row.username ?? row.proposed_by,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The buy and sell rates and the sell fee, set by staff, with their history; an order carries the
 * rate its member saw (docs/product.md, Orders).
 * A person's change (`change`: console, operator CLI, seed) is held to the web settings' bounds
 * (decision 0045): past rateChangeConfirmPercent it needs `confirmed`, past rateChangeMaxPercent
 * it becomes a proposal that another admin approves. A negative spread is refused everywhere.
 */
export function createRatesService(
  db: Kysely<DB>,
  events: Pick<EventBus, 'publish'>,
  settings: Pick<SettingsService, 'get'>,
) {
  /** Marks the pending proposal superseded by `actor`'s change, one audit row each. */
  async function supersede(t: Kysely<DB>, actor: Actor): Promise<void> {
    for (const id of await supersedePendingProposals(t, recordedActor(actor))) {
      await recordAudit(t, actor, { action: 'rates.supersede', target: `rateProposal:${id}` });
    }
  }

  /** Inserts the rates row with its audit row; every pending proposal is superseded by it. */
  async function write(
    t: Kysely<DB>,
    actor: Actor,
    rates: RatesInput,
    before: InForce | undefined,
    note: Record<string, unknown> = {},
  ): Promise<void> {
    if (isNegativeSpread(rates)) throw new AppError(E.RATE_SPREAD_INVALID);
    await supersede(t, actor);
    await insertRates(t, { ...rates, staffId: staffIdOf(actor), setBy: recordedActor(actor) });
    await recordAudit(t, actor, {
      action: 'rates.set',
      target: 'rates',
      before: before && {
        buyRate: before.buy_rate,
        sellRate: before.sell_rate,
        sellFeePercent: trimFee(before.sell_fee_percent),
      },
      after: { ...rates, ...note },
    });
  }

  /** How far `rates` move from those in force, against the web settings' bounds. */
  async function check(t: Kysely<DB>, before: InForce, rates: RatesInput) {
    const [confirmPercent, maxPercent] = [
      await settings.get('rateChangeConfirmPercent', t),
      await settings.get('rateChangeMaxPercent', t),
    ];
    const buy = movePercent(before.buy_rate, rates.buyRate);
    const sell = movePercent(before.sell_rate, rates.sellRate);
    const largest = Decimal.max(buy.abs(), sell.abs());
    const details: RateChangeCheck = {
      current: { buyRate: before.buy_rate, sellRate: before.sell_rate },
      proposed: { buyRate: rates.buyRate, sellRate: rates.sellRate },
      buyChangePercent: percentText(buy),
      sellChangePercent: percentText(sell),
      confirmPercent,
      maxPercent,
      needsApproval: largest.gt(maxPercent),
    };
    return { details, needsConfirmation: largest.gt(Math.min(confirmPercent, maxPercent)) };
  }

  /** Runs `work` in the caller's transaction or a new one, one rate change at a time. */
  async function serialised<T>(trx: Kysely<DB> | undefined, work: (t: Kysely<DB>) => Promise<T>): Promise<T> {
    const run = async (t: Kysely<DB>) => {
      await lockRateChanges(t);
      return work(t);
    };
    return trx ? run(trx) : db.transaction().execute(run);
  }

  /** The pending proposal `id` that `actor` may decide, or why not (40012, 40014, 40013). */
  async function decidable(t: Kysely<DB>, actor: Actor, id: number): Promise<ProposalRow> {
    const proposal = await findProposal(t, id);
    if (!proposal) throw new AppError(E.RATE_PROPOSAL_NOT_FOUND);
    if (proposal.status !== 'pending') throw new AppError(E.RATE_PROPOSAL_DECIDED);
    const staffId = staffIdOf(actor);
    if (staffId !== null && proposal.proposed_by_staff_id === staffId)
      throw new AppError(E.RATE_PROPOSAL_OWN);
    return proposal;
  }

  async function decide(t: Kysely<DB>, actor: Actor, id: number, status: 'approved' | 'discarded') {
    const done = await decideProposal(t, id, {
      status,
      staffId: staffIdOf(actor),
      decidedBy: recordedActor(actor),
    });
    if (!done) throw new AppError(E.RATE_PROPOSAL_DECIDED);
  }

  return {
    current: () => current(db),

    /** Every change of the rates, newest first, with who made it (a staff username or the recorded text). */
    async history(request: PageRequest): Promise<Page<RateHistoryEntry>> {
      const [rows, total] = await Promise.all([findRatesHistory(db, pageWindow(request)), countRates(db)]);
      return {
        ...request,
        total,
        items: rows.map((row) => ({
          id: row.id,
          buyRate: row.buy_rate,
          sellRate: row.sell_rate,
          sellFeePercent: trimFee(row.sell_fee_percent),
          setBy: row.username ?? row.set_by,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },

    /**
     * Puts `input` in force as given, with no bounds (the system's own writes and test fixtures;
     * what a person types goes through `change`). Joins `trx` when given; otherwise announces
     * `rates.changed`. Returns the rates now in force.
     */
    async set(actor: Actor, input: RatesInput, trx?: Kysely<DB>): Promise<RateResult> {
      const result = await serialised(trx, async (t) => {
        await write(t, actor, ratesOf(input), await findCurrentRates(t));
        return current(t);
      });
      if (!trx) await events.publish('rates.changed');
      return result;
    },

    /**
     * A person's rate change, held to the bounds: within rateChangeConfirmPercent of the rates in
     * force (or the first rates ever) it takes effect; past it, only when `confirmed` (40011 with a
     * RateChangeCheck otherwise); past rateChangeMaxPercent a confirmed change becomes the pending
     * proposal (replacing any other) and the rates in force stay. Announces `rates.changed` only
     * when the rates changed (and only outside a caller's `trx`).
     */
    async change(actor: Actor, input: RateChangeInput, trx?: Kysely<DB>): Promise<SetRatesResult> {
      const rates = ratesOf(input);
      if (isNegativeSpread(rates)) throw new AppError(E.RATE_SPREAD_INVALID);
      const proposal = await serialised(trx, async (t): Promise<RateProposal | null> => {
        const before = await findCurrentRates(t);
        const bounds = before && (await check(t, before, rates));
        if (bounds?.needsConfirmation && input.confirmed !== true) {
          throw new AppError(E.RATE_CHANGE_UNCONFIRMED, bounds.details);
        }
        if (before && bounds?.details.needsApproval) {
          await supersede(t, actor);
          const id = await insertProposal(t, {
            ...rates,
            from: before,
            staffId: staffIdOf(actor),
            proposedBy: recordedActor(actor),
          });
          await recordAudit(t, actor, {
            action: 'rates.propose',
            target: `rateProposal:${id}`,
            before: { buyRate: before.buy_rate, sellRate: before.sell_rate },
            after: { ...rates, ...bounds.details },
          });
          const row = await findProposal(t, id);
          return row ? proposalOf(row) : null;
        }
        await write(t, actor, rates, before, bounds?.needsConfirmation ? { confirmed: true } : {});
        return null;
      });
      if (!proposal && !trx) await events.publish('rates.changed');
      return { ...(await current(trx ?? db)), proposal };
    },

    /** The rate change waiting for a second admin, if any. */
    async proposals(): Promise<{ items: RateProposal[] }> {
      return { items: (await findPendingProposals(db)).map(proposalOf) };
    },

    /** Puts the pending proposal `id` in force, by an admin other than its proposer (audited). */
    async approve(actor: Actor, id: number): Promise<RateResult> {
      await serialised(undefined, async (t) => {
        const proposal = await decidable(t, actor, id);
        await decide(t, actor, id, 'approved');
        const rates = {
          buyRate: proposal.buy_rate,
          sellRate: proposal.sell_rate,
          sellFeePercent: trimFee(proposal.sell_fee_percent),
        };
        await recordAudit(t, actor, {
          action: 'rates.approve',
          target: `rateProposal:${id}`,
          after: { ...rates, proposedBy: proposal.username ?? proposal.proposed_by },
        });
        await write(t, actor, rates, await findCurrentRates(t), { proposal: id });
      });
      await events.publish('rates.changed');
      return current(db);
    },

    /** Closes the pending proposal `id` without a change, by an admin other than its proposer (audited). */
    async discard(actor: Actor, id: number): Promise<null> {
      await serialised(undefined, async (t) => {
        const proposal = await decidable(t, actor, id);
        await decide(t, actor, id, 'discarded');
        await recordAudit(t, actor, {
          action: 'rates.discard',
          target: `rateProposal:${id}`,
          before: proposalOf(proposal),
        });
      });
      return null;
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
