import {
  bangkokDate,
  bangkokInstants,
  type CloseChannel,
  type DailyClose,
  Decimal,
  E,
  NETWORK_IDS,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';

const CHANNELS = ['bank', 'cash', ...NETWORK_IDS.map((n) => `network:${n}`)];

type OrderRow = {
  public_id: string;
  type: 'buy' | 'sell';
  payment_method: string | null;
  network: string | null;
  total: string;
  amount_usdt: string;
  reviewed_at: Date | null;
};

/**
 * Where a completed order moved money: a buy paid by cash deposit brings THB into the desk's bank
 * accounts, a cash appointment brings cash to the desk, and its USDT goes out on its network; a
 * sell brings USDT in on its network and pays THB out of the bank accounts.
 */
function movements(o: OrderRow): { channel: string; direction: 'in' | 'out'; amount: string }[] {
  const network = { channel: `network:${o.network}`, amount: o.amount_usdt };
  if (o.type === 'sell') {
    return [
      { ...network, direction: 'in' },
      { channel: 'bank', direction: 'out', amount: o.total },
    ];
  }
  const thb = o.payment_method === 'cash_appointment' ? 'cash' : 'bank';
  return [
    { channel: thb, direction: 'in', amount: o.total },
    { ...network, direction: 'out' },
  ];
}

/** A day's close per desk channel (decision 0069): what the orders say, and what the statement said. */
export function createDailyCloses(db: Kysely<DB>) {
  async function read(day: string): Promise<DailyClose> {
    const { start, end } = bangkokInstants({ from: day, to: day });
    const orders = await db
      .selectFrom('transactions')
      .select(['public_id', 'type', 'payment_method', 'network', 'total', 'amount_usdt', 'reviewed_at'])
      .where('status', '=', 'success')
      .where('reviewed_at', '>=', start)
      .where('reviewed_at', '<', end)
      .orderBy('reviewed_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    const closes = await db
      .selectFrom('daily_closes as c')
      .innerJoin('staff as s', 's.id', 'c.closed_by')
      .select(['c.channel', 'c.statement_total', 'c.difference', 'c.closed_at', 's.username'])
      .where('c.day', '=', day)
      .execute();
    const channels = new Map<string, CloseChannel>(
      CHANNELS.map((channel) => [
        channel,
        {
          channel,
          currency: channel.startsWith('network:') ? 'USDT' : 'THB',
          orders: [],
          totalIn: '0.00',
          totalOut: '0.00',
          expected: '0.00',
          close: null,
        },
      ]),
    );
    for (const o of orders) {
      for (const m of movements(o)) {
        const c = channels.get(m.channel);
        if (!c) continue;
        c.orders.push({
          id: o.public_id,
          type: o.type,
          direction: m.direction,
          amount: m.amount,
          completedAt: (o.reviewed_at ?? start).toISOString(),
        });
        if (m.direction === 'in') c.totalIn = new Decimal(c.totalIn).plus(m.amount).toFixed(2);
        else c.totalOut = new Decimal(c.totalOut).plus(m.amount).toFixed(2);
      }
    }
    for (const c of channels.values()) c.expected = new Decimal(c.totalIn).minus(c.totalOut).toFixed(2);
    for (const r of closes) {
      const c = channels.get(r.channel);
      if (!c) continue;
      c.close = {
        statementTotal: new Decimal(r.statement_total).toFixed(2),
        difference: new Decimal(r.difference).toFixed(2),
        closedBy: r.username,
        closedAt: r.closed_at.toISOString(),
      };
    }
    return { day, channels: [...channels.values()] };
  }

  return {
    read: (day: string, now = new Date()): Promise<DailyClose> => {
      if (day > bangkokDate(now)) throw new AppError(E.CLOSE_INVALID);
      return read(day);
    },

    /** Closes a channel's day with the statement's total: once (40033), never a day after today (40032). Audited. */
    async close(
      actor: Actor,
      staffId: number,
      input: { day: string; channel: string; statementTotal: string },
      now = new Date(),
    ): Promise<DailyClose> {
      if (input.day > bangkokDate(now) || !CHANNELS.includes(input.channel))
        throw new AppError(E.CLOSE_INVALID);
      const current = (await read(input.day)).channels.find((c) => c.channel === input.channel);
      if (!current) throw new AppError(E.CLOSE_INVALID);
      if (current.close) throw new AppError(E.CLOSE_ALREADY_DONE);
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
            statement_total: statement.toFixed(),
            difference: difference.toFixed(),
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
      return read(input.day);
    },

    /** The recorded closes of Bangkok days `from`-`to`, oldest first, with who closed them. */
    recorded: (from: string, to: string) =>
      db
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
        ])
        .where('c.day', '>=', from)
        .where('c.day', '<=', to)
        .orderBy('c.day', 'asc')
        .orderBy('c.channel', 'asc')
        .execute(),
  };
}

export type DailyCloses = ReturnType<typeof createDailyCloses>;
