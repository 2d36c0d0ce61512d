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
  type RateReference,
  type RateResult,
  type RateSet,
  type RatesInput,
  SELL_USDT_MAX,
  SELL_USDT_MIN,
  type SetRatesResult,
  sellQuote,
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
  findReferenceRates,
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

/** The rates in force as the database holds them now (not a process's memory); undefined before any. */
export async function ratesInForce(db: Kysely<DB>): Promise<RateResult | undefined> {
  const row = await findCurrentRates(db);
  return row && rateResultOf(row);
}

/** A row of the rates history as getRate answers the rates in force (the amount ranges with them). */
export function rateResultOf(
  row: Pick<InForce, 'buy_rate' | 'sell_rate' | 'sell_fee_percent' | 'created_at'>,
): RateResult {
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
/** Rates as their columns hold them. */
type RatesRow = { buy_rate: string; sell_rate: string; sell_fee_percent: string };

/** The reference of the max bound looks back this far (decision 0090). */
const REFERENCE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How far `to` moves from `from`, in per cent. */
const movePercent = (from: Decimal | string, to: Decimal | string) =>
  new Decimal(to).minus(from).div(from).times(100);
/** Signed, 2 decimals, rounded half up: ('36.50', '3.65') -> '-90.00'. */
const percentText = (d: Decimal) => d.toFixed(2, Decimal.ROUND_HALF_UP);

/** What a seller gets per USDT after the fee, exactly: sellRate × (1 − fee/100). */
const netSellRate = (r: RatesRow) =>
  new Decimal(r.sell_rate).times(new Decimal(100).minus(r.sell_fee_percent)).div(100);

/** How far rates move from `from` to `to`: buy, sell and the net sell rate (which the fee moves). */
function moves(from: RatesRow, to: RatesRow) {
  const percents = {
    buyChangePercent: movePercent(from.buy_rate, to.buy_rate),
    sellChangePercent: movePercent(from.sell_rate, to.sell_rate),
    netSellChangePercent: movePercent(netSellRate(from), netSellRate(to)),
  };
  return {
    largest: Decimal.max(...Object.values(percents).map((d) => d.abs())),
    text: {
      buyChangePercent: percentText(percents.buyChangePercent),
      sellChangePercent: percentText(percents.sellChangePercent),
      netSellChangePercent: percentText(percents.netSellChangePercent),
    },
  };
}

const rowOf = (rates: RatesInput): RatesRow => ({
  buy_rate: rates.buyRate,
  sell_rate: rates.sellRate,
  sell_fee_percent: rates.sellFeePercent,
});

/** Rates as the contract shows them, with what a seller gets for 1 USDT as an order pays it. */
const rateSetOf = (r: RatesRow): RateSet => ({
  buyRate: r.buy_rate,
  sellRate: r.sell_rate,
  sellFeePercent: trimFee(new Decimal(r.sell_fee_percent).toFixed(3)),
  netSellRate: sellQuote('1', r.sell_rate, r.sell_fee_percent).net,
});

/** The reference rates in force since `since`, and how far `to` moves from them. */
const referenceOf = (reference: RatesRow, since: Date, to: RatesRow): RateReference => ({
  rates: rateSetOf(reference),
  since: since.toISOString(),
  ...moves(reference, to).text,
});

const ratesOf = (input: RatesInput): RatesInput => ({
  buyRate: input.buyRate,
  sellRate: input.sellRate,
  sellFeePercent: input.sellFeePercent,
});

const recordedActor = (actor: Actor) => `${actor.type}:${actor.id ?? ''}`;
const staffIdOf = (actor: Actor) => (actor.type === 'staff' && actor.id ? Number(actor.id) : null);

function proposalOf(row: ProposalRow): RateProposal {
  const from = {
    buy_rate: row.from_buy_rate,
    sell_rate: row.from_sell_rate,
    sell_fee_percent: row.from_sell_fee_percent,
  };
  const { buy_rate, sell_rate, sell_fee_percent, reference_at } = row;
  const { reference_buy_rate, reference_sell_rate, reference_sell_fee_percent } = row;
  const to = { buy_rate, sell_rate, sell_fee_percent };
  const reference =
    reference_at && reference_buy_rate && reference_sell_rate && reference_sell_fee_percent
      ? referenceOf(
          {
            buy_rate: reference_buy_rate,
            sell_rate: reference_sell_rate,
            sell_fee_percent: reference_sell_fee_percent,
          },
          reference_at,
          to,
        )
      : null;
  return {
    id: row.id,
    ...rateSetOf(to),
    from: rateSetOf(from),
    ...moves(from, to).text,
    reference,
    proposedBy: row.username ?? row.proposed_by,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The buy and sell rates and the sell fee, set by staff, with their history; an order carries the
 * rate its member saw (docs/product.md, Orders).
 * A person's change (`change`: console, operator CLI, seed) is held to the web settings' bounds
 * (decisions 0045, 0090), on buy, sell and the net sell rate (the sell rate less the fee): past
 * rateChangeConfirmPercent from the rates in force it needs `confirmed`; past rateChangeMaxPercent
 * from the rates in force or from the reference (the rates in force 24 hours ago, or those put in
 * force since by a second admin's approval, whichever is newer) it becomes a proposal that another
 * admin approves. A negative spread is refused everywhere.
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

  /**
   * Inserts the rates row with its audit row; every pending proposal is superseded by it.
   * `boundsReference`: not one person's change, so later changes are measured against it too.
   */
  async function write(
    t: Kysely<DB>,
    actor: Actor,
    rates: RatesInput,
    before: InForce | undefined,
    { boundsReference, note = {} }: { boundsReference: boolean; note?: Record<string, unknown> },
  ): Promise<void> {
    if (isNegativeSpread(rates)) throw new AppError(E.RATE_SPREAD_INVALID);
    await supersede(t, actor);
    await insertRates(t, {
      ...rates,
      staffId: staffIdOf(actor),
      setBy: recordedActor(actor),
      boundsReference,
    });
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

  /**
   * The reference of the max bound when it is not the rates in force (decision 0090): the rates in
   * force 24 hours ago, or the newest marked `bounds_reference` since.
   */
  async function referenceFor(t: Kysely<DB>, before: InForce) {
    const row = await findReferenceRates(t, new Date(Date.now() - REFERENCE_WINDOW_MS));
    return row && row.id !== before.id ? row : null;
  }

  /** How far `rates` move from those in force and from the reference, against the web settings' bounds. */
  async function check(t: Kysely<DB>, before: InForce, rates: RatesInput) {
    const [confirmPercent, maxPercent] = [
      await settings.get('rateChangeConfirmPercent', t),
      await settings.get('rateChangeMaxPercent', t),
    ];
    const to = rowOf(rates);
    const reference = await referenceFor(t, before);
    const fromCurrent = moves(before, to);
    const fromReference = reference ? moves(reference, to).largest : new Decimal(0);
    const details: RateChangeCheck = {
      current: rateSetOf(before),
      proposed: rateSetOf(to),
      ...fromCurrent.text,
      reference: reference && referenceOf(reference, reference.created_at, to),
      confirmPercent,
      maxPercent,
      needsApproval: Decimal.max(fromCurrent.largest, fromReference).gt(maxPercent),
    };
    return {
      details,
      reference,
      needsConfirmation: details.needsApproval || fromCurrent.largest.gt(confirmPercent),
    };
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
     * what a person types goes through `change`), as the reference later changes are measured
     * against. Joins `trx` when given; otherwise announces `rates.changed`. Returns the rates now
     * in force.
     */
    async set(actor: Actor, input: RatesInput, trx?: Kysely<DB>): Promise<RateResult> {
      const result = await serialised(trx, async (t) => {
        await write(t, actor, ratesOf(input), await findCurrentRates(t), { boundsReference: true });
        return current(t);
      });
      if (!trx) await events.publish('rates.changed');
      return result;
    },

    /**
     * A person's rate change, held to the bounds: within rateChangeConfirmPercent of the rates in
     * force (or the first rates ever) it takes effect; past it, or past rateChangeMaxPercent from
     * the reference, only when `confirmed` (40011 with a RateChangeCheck otherwise); past
     * rateChangeMaxPercent from either a confirmed change becomes the pending proposal (replacing
     * any other) and the rates in force stay. Announces `rates.changed` only when the rates
     * changed (and only outside a caller's `trx`).
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
            reference: bounds.reference,
            staffId: staffIdOf(actor),
            proposedBy: recordedActor(actor),
          });
          await recordAudit(t, actor, {
            action: 'rates.propose',
            target: `rateProposal:${id}`,
            before: bounds.details.current,
            after: { ...rates, ...bounds.details },
          });
          const row = await findProposal(t, id);
          return row ? proposalOf(row) : null;
        }
        await write(t, actor, rates, before, {
          // The first rates ever are measured against nothing: they are the first reference.
          boundsReference: !before,
          note: bounds?.needsConfirmation ? { confirmed: true } : {},
        });
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
        await write(t, actor, rates, await findCurrentRates(t), {
          boundsReference: true,
          note: { proposal: id },
        });
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
