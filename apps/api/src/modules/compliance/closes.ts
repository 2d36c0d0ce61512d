import {
  accountChannel,
  bangkokDate,
  bangkokInstants,
  type CloseChannel,
  closeChannelParts,
  type DailyClose,
  Decimal,
  E,
  NETWORK_IDS,
  roundMoney,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import type { PublicReads } from '../home/index.ts';

/** The channels every day has: the bank channel without an account, cash, and each network. */
const FIXED_CHANNELS = ['bank', 'cash', ...NETWORK_IDS.map((n) => `network:${n}`)];

type OrderRow = {
  public_id: string;
  type: 'buy' | 'sell';
  payment_method: string | null;
  network: string | null;
  total: string;
  amount_usdt: string;
  deposit_at: Date | null;
  confirmed_at: Date | null;
  reviewed_at: Date | null;
  desk_bank_code: string | null;
  desk_account_number: string | null;
};

/** Money of one completed order through one channel, at the time it moved. */
interface Movement {
  channel: string;
  direction: 'in' | 'out';
  amount: string;
  at: Date;
}

/**
 * Where and when a completed order moved money (decision 0096). A buy's THB comes in at the
 * member's payment: a cash deposit into the desk account kept with the order (the `bank` channel
 * when none was kept) at the deposit's time, as the member gave it from the slip; cash at the desk
 * when staff completed the appointment. Its USDT goes out on its network at completion. A sell's
 * USDT comes in on its network when the member confirmed sending it; its THB goes out of the
 * desk's bank accounts (which one is not recorded: the `bank` channel) at completion.
 */
function movements(o: OrderRow): Movement[] {
  const completed = o.reviewed_at ?? new Date(0);
  const network = `network:${o.network}`;
  if (o.type === 'sell') {
    return [
      { channel: network, direction: 'in', amount: o.amount_usdt, at: o.confirmed_at ?? completed },
      { channel: 'bank', direction: 'out', amount: o.total, at: completed },
    ];
  }
  const deposit =
    o.payment_method === 'cash_appointment'
      ? { channel: 'cash', at: completed }
      : {
          channel:
            o.desk_bank_code && o.desk_account_number
              ? accountChannel(o.desk_bank_code, o.desk_account_number)
              : 'bank',
          at: o.deposit_at ?? o.confirmed_at ?? completed,
        };
  return [
    { ...deposit, direction: 'in', amount: o.total },
    { channel: network, direction: 'out', amount: o.amount_usdt, at: completed },
  ];
}

type Figures = Pick<CloseChannel, 'orders' | 'totalIn' | 'totalOut' | 'expected'>;

const noFigures = (): Figures => ({ orders: [], totalIn: '0.00', totalOut: '0.00', expected: '0.00' });

/** The order of channels on the screen and in the file: accounts, then bank, cash and networks. */
function channelOrder(a: string, b: string): number {
  const rank = (c: string) => (closeChannelParts(c).kind === 'account' ? -1 : FIXED_CHANNELS.indexOf(c));
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** A day's close per desk channel (decisions 0069, 0096): what the orders say, and what the statement said. */
export function createDailyCloses(db: Kysely<DB>, reads: Pick<PublicReads, 'setting'>) {
  /**
   * The money of completed orders that moved on each Bangkok day of [from, to], per day and
   * channel. An order's deposit comes before its completion, so every order with money in the
   * range was completed at its start or later.
   */
  async function figures(from: string, to: string): Promise<Map<string, Map<string, Figures>>> {
    const { start, end } = bangkokInstants({ from, to });
    const orders = await db
      .selectFrom('transactions')
      .select([
        'public_id',
        'type',
        'payment_method',
        'network',
        'total',
        'amount_usdt',
        'deposit_at',
        'confirmed_at',
        'reviewed_at',
        'desk_bank_code',
        'desk_account_number',
      ])
      .where('status', '=', 'success')
      .where('reviewed_at', '>=', start)
      .where((eb) =>
        eb.or([eb('reviewed_at', '<', end), eb('deposit_at', '<', end), eb('confirmed_at', '<', end)]),
      )
      .orderBy('reviewed_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    const days = new Map<string, Map<string, Figures>>();
    for (const o of orders) {
      for (const m of movements(o)) {
        if (m.at < start || m.at >= end) continue;
        const day = bangkokDate(m.at);
        const channels = days.get(day) ?? new Map<string, Figures>();
        days.set(day, channels);
        const c = channels.get(m.channel) ?? noFigures();
        channels.set(m.channel, c);
        c.orders.push({
          id: o.public_id,
          type: o.type,
          direction: m.direction,
          amount: m.amount,
          at: m.at.toISOString(),
        });
        if (m.direction === 'in') c.totalIn = new Decimal(c.totalIn).plus(m.amount).toFixed(2);
        else c.totalOut = new Decimal(c.totalOut).plus(m.amount).toFixed(2);
        c.expected = new Decimal(c.totalIn).minus(c.totalOut).toFixed(2);
      }
    }
    for (const channels of days.values()) {
      for (const c of channels.values()) c.orders.sort((a, b) => a.at.localeCompare(b.at));
    }
    return days;
  }

  async function read(day: string, now: Date): Promise<DailyClose> {
    const [counted, closes, accounts] = await Promise.all([
      figures(day, day),
      storedCloses(db).where('c.day', '=', day).execute(),
      reads.setting('deskBankAccounts'),
    ]);
    const today = counted.get(day) ?? new Map<string, Figures>();
    // Every channel the desk has now, had money through that day, or was closed for that day.
    const names = new Set([
      ...accounts.value.map((a) => accountChannel(a.bankCode, a.accountNumber)),
      ...FIXED_CHANNELS,
      ...today.keys(),
      ...closes.map((r) => r.channel),
    ]);
    const closed = new Map(closes.map((r) => [r.channel, r]));
    const channels = [...names].sort(channelOrder).map((channel): CloseChannel => {
      const r = closed.get(channel);
      return {
        channel,
        currency: channel.startsWith('network:') ? 'USDT' : 'THB',
        ...(today.get(channel) ?? noFigures()),
        close: r
          ? {
              statementTotal: roundMoney(r.statement_total),
              difference: roundMoney(r.difference),
              expected: roundMoney(r.expected),
              orders: r.orders,
              closedBy: r.username,
              closedAt: r.closed_at.toISOString(),
            }
          : null,
      };
    });
    return { day, ended: day < bangkokDate(now), channels };
  }

  return {
    /** A day's figures per channel and its closes: today's as they stand, no day after today (40032). */
    read: (day: string, now = new Date()): Promise<DailyClose> => {
      if (day > bangkokDate(now)) throw new AppError(E.CLOSE_INVALID);
      return read(day, now);
    },

    /**
     * Closes a channel of an ended Bangkok day (40050 for today and later) with the statement's
     * total: once (40033), for a channel the day has (40032). Audited.
     */
    async close(
      actor: Actor,
      staffId: number,
      input: { day: string; channel: string; statementTotal: string },
      now = new Date(),
    ): Promise<DailyClose> {
      if (input.day >= bangkokDate(now)) throw new AppError(E.CLOSE_DAY_NOT_ENDED);
      const current = (await read(input.day, now)).channels.find((c) => c.channel === input.channel);
      if (!current) throw new AppError(E.CLOSE_INVALID);
      if (current.close) throw new AppError(E.CLOSE_ALREADY_DONE);
      // At most 2 decimals (the contract), so the difference is exact: stored as it is shown.
      const statement = new Decimal(input.statementTotal);
      const difference = statement.minus(current.expected);
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('daily_closes')
          .values({
            day: input.day,
            channel: input.channel,
            orders: current.orders.length,
            expected: current.expected,
            statement_total: statement.toFixed(2),
            difference: difference.toFixed(2),
            closed_by: staffId,
          })
          .onConflict((oc) => oc.columns(['day', 'channel']).doNothing())
          .returning('day')
          .executeTakeFirst();
        if (!inserted) throw new AppError(E.CLOSE_ALREADY_DONE);
        await recordAudit(trx, actor, {
          action: 'compliance.day_closed',
          target: `close:${input.day}:${input.channel}`,
          before: null,
          after: {
            orders: current.orders.length,
            expected: current.expected,
            statementTotal: statement.toFixed(2),
            difference: difference.toFixed(2),
          },
        });
      });
      return read(input.day, now);
    },

    /**
     * The recorded closes of Bangkok days `from`-`to`, oldest first, with who closed them and the
     * channel's figures as they stand now beside the ones of the close.
     */
    async recorded(from: string, to: string) {
      const [rows, now] = await Promise.all([
        storedCloses(db)
          .where('c.day', '>=', from)
          .where('c.day', '<=', to)
          .orderBy('c.day', 'asc')
          .orderBy('c.channel', 'asc')
          .execute(),
        figures(from, to),
      ]);
      return rows.map((r) => {
        const current = now.get(r.day)?.get(r.channel) ?? noFigures();
        return { ...r, ordersNow: current.orders.length, expectedNow: current.expected };
      });
    },
  };
}

export type DailyCloses = ReturnType<typeof createDailyCloses>;

/** The closes recorded, with who closed each: one row per day and channel. */
function storedCloses(db: Kysely<DB>) {
  return db
    .selectFrom('daily_closes as c')
    .innerJoin('staff as s', 's.id', 'c.closed_by')
    .select([
      'c.day',
      'c.channel',
      'c.orders',
      'c.expected',
      'c.statement_total',
      'c.difference',
      'c.closed_at',
      's.username',
    ]);
}
