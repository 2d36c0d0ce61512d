import {
  type MemberFlag,
  OPEN_ORDER_STATUSES,
  type TransactionStatus,
  type TransactionType,
  type transactionSummarySchema,
} from '@bahtdesk/contract';
import {
  type Compilable,
  expressionBuilder,
  type Insertable,
  type Kysely,
  type OperationNodeSource,
  type Selectable,
  sql,
  type Updateable,
} from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { compiledOnce } from '../../db/compiled-once.ts';
import { isoTime } from '../../db/json.ts';
import { likeLiteral } from '../../db/like.ts';
import type { DB, TransactionsTable } from '../../db/schema.ts';
import { recipientOf } from '../../notifications/index.ts';
import { type Actor, type AuditEntry, auditInsertFrom } from '../audit/index.ts';
import { activeFlagOf } from '../flags/index.ts';
import { levelAndTotalsOf } from '../risk/index.ts';

/** SQL of orders: every status change is one conditional update that names the status it leaves. */

export type OrderRow = Selectable<TransactionsTable>;

/** An order as a line of the member's history, in its wire form. */
export type Summary = z.input<typeof transactionSummarySchema>;

/**
 * What createTransaction checks under the member's row lock, in one statement built once: the order
 * the member already made with this Idempotency-Key (null: none, or no key), the rates in force
 * (the newest row of the rates history, read through its index; decision 0097), whether staff
 * blocked their trading (decision 0068), their open orders at `now` (pending ones still within their
 * deadline, and requests), and their level with the totals that count toward their trade limits
 * (risk's levelAndTotalsOf over `dayStart` and `monthStart`), and what the new order's notice needs
 * (recipientOf), so queuing it reads nothing more. Undefined: no such member.
 */
export const orderChecksOf = compiledOnce(
  (db: Kysely<DB>, memberId: number, dayStart: Date, monthStart: Date, now: Date, key: string | null) =>
    levelAndTotalsOf(db, dayStart, monthStart, now)
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('rates')
            .select(['buy_rate', 'sell_rate', 'sell_fee_percent', 'created_at'])
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(1)
            .as('in_force'),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        eb
          .selectFrom('transactions as k')
          .select('k.id')
          .whereRef('k.member_id', '=', 'm.id')
          .where('k.idempotency_key', '=', key)
          .$asScalar()
          .as('earlier'),
        'in_force.buy_rate',
        'in_force.sell_rate',
        'in_force.sell_fee_percent',
        'in_force.created_at as rates_at',
        activeFlagOf(sql.ref('m.id'), 'trading_blocked').as('blocked'),
        recipientOf(sql.ref('m.id')).as('recipient'),
        eb
          .selectFrom('transactions')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('transactions.member_id', '=', 'm.id')
          .where('transactions.status', 'in', OPEN_ORDER_STATUSES)
          .where((w) =>
            w.or([w('transactions.status', '=', 'request'), w('transactions.deadline_at', '>', now)]),
          )
          .$asScalar()
          .as('open'),
      ])
      .where('m.id', '=', memberId),
);

export async function orderChecks(
  t: Kysely<DB>,
  memberId: number,
  range: { dayStart: Date; monthStart: Date },
  now: Date,
  key: string | null,
) {
  const [row] = await orderChecksOf(t, memberId, range.dayStart, range.monthStart, now, key);
  if (!row) return undefined;
  const { earlier, buy_rate, sell_rate, sell_fee_percent, rates_at, blocked, open, recipient, ...level } =
    row;
  return {
    earlier,
    rates:
      buy_rate === null || sell_rate === null || sell_fee_percent === null || rates_at === null
        ? undefined
        : { buy_rate, sell_rate, sell_fee_percent, created_at: rates_at },
    blocked: Boolean(blocked),
    open: Number(open ?? 0),
    level,
    recipient,
  };
}

/** An audit entry of an order, written in the statement that changes it (its target is the order). */
export type OrderAudit = { actor: Actor; entry: Omit<AuditEntry, 'target'> };

/** The audit target of the order in the CTE `source`: `order:<public id>`. */
const orderTarget = sql<string>`'order:' || public_id`;

/** Runs `change` (returning the order rows) with `audit`'s row for each, in one statement. */
async function audited(db: Kysely<DB>, change: Compilable & OperationNodeSource, audit: OrderAudit) {
  const log = auditInsertFrom('changed', audit.actor, { ...audit.entry, target: orderTarget });
  const { rows } = await sql<OrderRow>`with changed as (${change}), audited as (${log})
    select * from changed`.execute(db);
  return rows;
}

/** How many fresh ids an insert tries before it gives up: each one is taken with a tiny chance. */
const ID_TRIES = 5;

type NewOrder = Omit<Insertable<TransactionsTable>, 'public_id'>;
type RunCreate = ReturnType<typeof compiledOnce<DB, unknown[], OrderRow>>;

/**
 * The order's insert with its `order.create` audit row, one statement built once per set of
 * columns (a buy's, a sell's): later orders only bind their values. Arguments: the public id, the
 * actor's type, id and IP, the audit's `after` as JSON text, then the columns' values in order.
 */
const createStatements = new Map<string, RunCreate>();
export function createStatement(columns: readonly (keyof NewOrder)[]): RunCreate {
  const key = columns.join();
  let run = createStatements.get(key);
  if (!run) {
    run = compiledOnce((db: Kysely<DB>, ...args: unknown[]) => {
      const [publicId, actorType, actorId, actorIp, after, ...values] = args;
      const row = Object.fromEntries(columns.map((column, i) => [column, values[i]]));
      const insert = db
        .insertInto('transactions')
        .values({ ...(row as NewOrder), public_id: publicId as string })
        .onConflict((oc) => oc.column('public_id').doNothing())
        .returningAll();
      const actor = { type: actorType, id: actorId, ip: actorIp } as Actor;
      const log = auditInsertFrom('changed', actor, {
        action: 'order.create',
        after: sql`${after}`,
        target: orderTarget,
      });
      const statement = sql<OrderRow>`with changed as (${insert}), audited as (${log}) select * from changed`;
      return { compile: () => statement.compile(db) };
    });
    createStatements.set(key, run);
  }
  return run;
}

/**
 * Adds an order with its audit row (`order.create` by `actor`, `after` as its after) under the
 * first id of `newId` that no order has yet: an id taken already inserts nothing (and audits
 * nothing), and the next one is tried.
 */
export async function insertOrder(
  t: Kysely<DB>,
  values: NewOrder,
  newId: () => string,
  audit: { actor: Actor; after: Record<string, unknown> },
) {
  const columns = (Object.keys(values) as (keyof NewOrder)[]).filter((c) => values[c] !== undefined);
  const run = createStatement(columns);
  const after = JSON.stringify(audit.after);
  const { actor } = audit;
  for (let i = 0; i < ID_TRIES; i++) {
    const [row] = await run(
      t,
      newId(),
      actor.type,
      actor.id,
      actor.ip ?? null,
      after,
      ...columns.map((c) => values[c]),
    );
    if (row) return row;
  }
  throw new Error(`no free order id in ${ID_TRIES} tries`);
}

export function findByKey(db: Kysely<DB>, memberId: number, key: string) {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The member's order that was confirmed with this Idempotency-Key, if any. */
export function findByConfirmKey(db: Kysely<DB>, memberId: number, key: string) {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('confirm_key', '=', key)
    .executeTakeFirst();
}

/** The unique index that keeps one transaction hash on one order that is not rejected or expired. */
export const PROOF_HASH_INDEX = 'transactions_proof_hash';

/** Whether `error` is PostgreSQL's unique violation (23505) of `index`. */
export function violates(error: unknown, index: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return false;
  return e.constraint === index || String(e.message ?? '').includes(`"${index}"`);
}

/** Whether another order that is not rejected or expired has this transaction hash as its proof. */
export async function proofHashTaken(db: Kysely<DB>, hash: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('transactions')
    .select('id')
    .where('proof_hash', '=', hash)
    .where('status', 'not in', ['reject', 'expired'])
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An order by its public id; with `memberId`, only if it is theirs. */
export function findOrder(db: Kysely<DB>, publicId: string, memberId?: number) {
  let query = db.selectFrom('transactions').selectAll().where('public_id', '=', publicId);
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  return query.executeTakeFirst();
}

/** What a status change writes beside the status (typed by the table; the status is the move's). */
export type OrderChanges = Omit<Updateable<TransactionsTable>, 'status' | 'updated_at' | 'version'>;

/**
 * The condition that the order's member does not have `flag` active (decision 0068), for the
 * statement that moves the order: a flag set between a check and the move cannot be raced past.
 */
const memberNotFlagged = (flag: MemberFlag) =>
  expressionBuilder<DB, 'transactions'>().not(activeFlagOf(sql.ref('transactions.member_id'), flag));

/**
 * Moves an order from one status to another with `set`, if it is still in `from` (and before
 * `guard.before`; with `guard.unprepared`, if no payout awaits approval; with `guard.unflagged`,
 * if its member does not have that flag active), with its audit row, in one statement: atomic on
 * its own, no transaction needed.
 */
export async function transition(
  db: Kysely<DB>,
  id: number,
  move: { from: TransactionStatus; to: TransactionStatus },
  set: OrderChanges,
  audit: OrderAudit,
  guard: { before?: Date; unprepared?: true; unflagged?: MemberFlag } = {},
): Promise<OrderRow | undefined> {
  let query = db
    .updateTable('transactions')
    .set({ ...set, status: move.to, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('status', '=', move.from);
  if (guard.before) query = query.where('deadline_at', '>', guard.before);
  // A payout prepared for a second staff member's approval moves only by approve or send back.
  if (guard.unprepared) query = query.where('payout_prepared_by', 'is', null);
  if (guard.unflagged) query = query.where(memberNotFlagged(guard.unflagged));
  const [row] = await audited(db, query.returningAll(), audit);
  return row;
}

/**
 * Every pending order past its deadline at `now` (with `id`, that one only) becomes expired, each
 * with its audit row by the system, in one statement; answers the ones that did.
 */
export function expirePastDeadline(db: Kysely<DB>, now: Date, only: { id?: number; memberId?: number } = {}) {
  let query = db
    .updateTable('transactions')
    .set({ status: 'expired', updated_at: now, version: sql`version + 1` })
    .where('status', '=', 'pending')
    .where('deadline_at', '<=', now);
  if (only.id !== undefined) query = query.where('id', '=', only.id);
  if (only.memberId !== undefined) query = query.where('member_id', '=', only.memberId);
  return audited(db, query.returningAll(), {
    actor: { type: 'system', id: null },
    entry: { action: 'order.expire', before: { status: 'pending' }, after: { status: 'expired' } },
  });
}

/** The network of the member's latest sell order, if they have sold. */
export function lastSellNetwork(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('transactions')
    .select('network')
    .where('member_id', '=', memberId)
    .where('type', '=', 'sell')
    .where('network', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The member's pending order that can still be paid, with the nearest deadline. */
export function nextPendingOrder(db: Kysely<DB>, memberId: number, now: Date) {
  return db
    .selectFrom('transactions')
    .select(['public_id', 'type', 'deadline_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('deadline_at', '>', now)
    .orderBy('deadline_at')
    .limit(1)
    .executeTakeFirst();
}

export interface MemberListQuery {
  memberId: number;
  start: Date;
  end: Date;
  type?: TransactionType;
  status?: TransactionStatus;
  offset: number;
  limit: number;
}

/**
 * The statement of one page of a member's history, with or without the type and status filters,
 * in one row: the page as a JSON array of lines in their wire form (as answers.ts `toSummary`
 * writes them; amounts as text, never JSON numbers), the count of every matching order, and the
 * earliest deadline of the member's pending orders (any order, not only the page's): past it the
 * page may say something else with no row changed (decision 0085). One JSON value instead of a row of columns per order: PGlite decodes each column of
 * each row in JavaScript (decision 0083). Built and compiled once per shape.
 */
function memberPageOf(byType: boolean, byStatus: boolean) {
  return compiledOnce(
    (
      db: Kysely<DB>,
      memberId: number,
      start: Date,
      end: Date,
      type: TransactionType | undefined,
      status: TransactionStatus | undefined,
      offset: number,
      limit: number,
    ) => {
      const matching = (alias: 'p' | 'c') => {
        let query = db
          .selectFrom(`transactions as ${alias}`)
          .where(`${alias}.member_id`, '=', memberId)
          .where(`${alias}.created_at`, '>=', start)
          .where(`${alias}.created_at`, '<', end);
        if (byType) query = query.where(`${alias}.type`, '=', type as TransactionType);
        if (byStatus) query = query.where(`${alias}.status`, '=', status as TransactionStatus);
        return query;
      };
      const asText = (column: string) => sql<string>`${sql.ref(column)}::text`;
      return db.selectNoFrom((eb) => [
        jsonArrayFrom(
          matching('p')
            .select((p) => [
              'p.public_id as id',
              'p.type',
              'p.status',
              isoTime(p.ref('p.created_at')).as('createdAt'),
              sql<'USDT'>`'USDT'`.as('currency'),
              asText('p.rate').as('rate'),
              asText('p.amount_thb').as('amountThb'),
              asText('p.amount_usdt').as('amountUsdt'),
              asText('p.fee').as('fee'),
              asText('p.total').as('total'),
            ])
            .orderBy('p.created_at', 'desc')
            .orderBy('p.id', 'desc')
            .offset(offset)
            .limit(limit),
        )
          .$castTo<Summary[]>()
          .as('items'),
        matching('c')
          .select((c) => c.fn.countAll<string>().as('n'))
          .$asScalar()
          .as('total'),
        eb
          .selectFrom('transactions as due')
          .select((due) => due.fn.min('due.deadline_at').as('at'))
          .where('due.member_id', '=', memberId)
          .where('due.status', '=', 'pending')
          .$asScalar()
          .as('nextDeadline'),
      ]);
    },
  );
}

/** The four shapes: without filters, by type, by status, by both. */
const memberPages = [
  memberPageOf(false, false),
  memberPageOf(true, false),
  memberPageOf(false, true),
  memberPageOf(true, true),
];

/**
 * One page of a member's orders, newest first, in their wire form, with the count of all that
 * match and the earliest deadline of the member's pending orders (null: none pending): one
 * statement.
 */
export async function memberOrders(db: Kysely<DB>, q: MemberListQuery) {
  const read = memberPages[(q.type ? 1 : 0) + (q.status ? 2 : 0)] as (typeof memberPages)[0];
  const [row] = await read(db, q.memberId, q.start, q.end, q.type, q.status, q.offset, q.limit);
  if (!row) throw new Error('a select without FROM answers one row');
  return { items: row.items, total: Number(row.total), nextDeadline: row.nextDeadline };
}

export interface QueueQuery {
  status?: TransactionStatus;
  type?: TransactionType;
  start?: Date;
  end?: Date;
  q?: string;
  /** Cash appointments first, soonest first, then the rest in the usual order. */
  byAppointment?: boolean;
  memberId?: number;
  /** Only orders of members with this flag active. */
  flag?: MemberFlag;
  offset: number;
  limit: number;
}

/**
 * Orders for the staff queue with their member. Without a status: the open ones, `request` first
 * by confirmation time (oldest first), then `pending` by deadline; with one, newest first. By
 * appointment: the orders with an appointment first, soonest first, before that order.
 */
export async function queue(db: Kysely<DB>, q: QueueQuery) {
  let query = db.selectFrom('transactions as t').innerJoin('members as m', 'm.id', 't.member_id');
  query = q.status
    ? query.where('t.status', '=', q.status)
    : query.where('t.status', 'in', OPEN_ORDER_STATUSES);
  if (q.type) query = query.where('t.type', '=', q.type);
  if (q.memberId !== undefined) query = query.where('t.member_id', '=', q.memberId);
  const flag = q.flag;
  if (flag) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('member_flags as f')
          .select('f.id')
          .whereRef('f.member_id', '=', 't.member_id')
          .where('f.flag', '=', flag)
          .where('f.lifted_at', 'is', null),
      ),
    );
  }
  if (q.start) query = query.where('t.created_at', '>=', q.start);
  if (q.end) query = query.where('t.created_at', '<', q.end);
  if (q.q) {
    const like = `%${likeLiteral(q.q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['t.public_id']), 'like', like),
        eb(eb.fn('lower', ['m.username']), 'like', like),
        eb(eb.fn('lower', ['m.first_name']), 'like', like),
        eb(eb.fn('lower', ['m.last_name']), 'like', like),
        eb('m.phone', 'like', like),
      ]),
    );
  }
  let rows = query.selectAll('t').select(['m.username', 'm.first_name', 'm.last_name']);
  if (q.byAppointment) {
    rows = rows
      .orderBy((eb) => eb.case().when('t.appointment_at', 'is', null).then(1).else(0).end())
      .orderBy('t.appointment_at');
  }
  rows = q.status
    ? rows.orderBy('t.created_at', 'desc')
    : rows
        .orderBy((eb) => eb.case().when('t.status', '=', 'request').then(0).else(1).end())
        .orderBy(sql`coalesce(t.confirmed_at, t.deadline_at)`)
        .orderBy('t.id');
  const [items, count] = await Promise.all([
    rows.offset(q.offset).limit(q.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(count.n) };
}

/** An order of the staff queue with its member's username and name. */
export type QueueRow = Awaited<ReturnType<typeof queue>>['rows'][number];

/**
 * Other orders whose slip or screenshot had the same bytes or the same QR payload, or with the same
 * transaction hash (rejected and expired ones too), oldest first.
 */
export async function sameSlip(db: Kysely<DB>, order: OrderRow) {
  if (!order.proof_sha256 && !order.slip_qr && !order.proof_hash) return [];
  return db
    .selectFrom('transactions')
    .select(['public_id', 'status', 'proof_sha256', 'slip_qr', 'proof_hash'])
    .where('id', '!=', order.id)
    .where((eb) =>
      eb.or([
        ...(order.proof_sha256 ? [eb('proof_sha256', '=', order.proof_sha256)] : []),
        ...(order.slip_qr ? [eb('slip_qr', '=', order.slip_qr)] : []),
        ...(order.proof_hash ? [eb('proof_hash', '=', order.proof_hash)] : []),
      ]),
    )
    .orderBy('created_at')
    .limit(20)
    .execute();
}

/** Which of these orders share a slip or a transaction hash with another order. */
export async function withDuplicateSlips(db: Kysely<DB>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('transactions as a')
    .innerJoin('transactions as b', (join) =>
      join
        .onRef('a.id', '!=', 'b.id')
        .on((eb) =>
          eb.or([
            eb.and([
              eb('a.proof_sha256', 'is not', null),
              eb('a.proof_sha256', '=', eb.ref('b.proof_sha256')),
            ]),
            eb.and([eb('a.slip_qr', 'is not', null), eb('a.slip_qr', '=', eb.ref('b.slip_qr'))]),
            eb.and([eb('a.proof_hash', 'is not', null), eb('a.proof_hash', '=', eb.ref('b.proof_hash'))]),
          ]),
        ),
    )
    .select('a.id')
    .distinct()
    .where('a.id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The member's newest orders other than this one, newest first: staff read the order beside them. */
export function otherOrdersOfMember(
  db: Kysely<DB>,
  order: Pick<OrderRow, 'id' | 'member_id'>,
  limit: number,
) {
  return db
    .selectFrom('transactions')
    .select(['public_id', 'type', 'status', 'amount_thb', 'amount_usdt', 'created_at'])
    .where('member_id', '=', order.member_id)
    .where('id', '!=', order.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The member an order belongs to, as staff see them beside the slip. */
export function orderMember(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'first_name', 'last_name', 'phone'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

export function staffName(db: Kysely<DB>, staffId: number | null) {
  if (staffId === null) return Promise.resolve(undefined);
  return db.selectFrom('staff').select('username').where('id', '=', staffId).executeTakeFirst();
}

/** Orders created in [start, end) with their member, in creation order, `limit` after `afterId`. */
export function reportBatch(db: Kysely<DB>, start: Date, end: Date, afterId: number, limit: number) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .selectAll('t')
    .select(['m.username', 'm.first_name', 'm.last_name'])
    .where('t.created_at', '>=', start)
    .where('t.created_at', '<', end)
    .where('t.id', '>', afterId)
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

const BANGKOK_DAY = sql<string>`to_char((created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

/** Per Bangkok day and type over [start, end): orders, completed ones and their THB, USDT and fees. */
export function reportTotals(db: Kysely<DB>, start: Date, end: Date) {
  return db
    .selectFrom('transactions')
    .select((eb) => {
      const completed = (column: 'amount_thb' | 'amount_usdt' | 'fee') =>
        eb.fn.coalesce(eb.fn.sum<string>(column).filterWhere('status', '=', 'success'), sql<string>`0`);
      return [
        BANGKOK_DAY.as('day'),
        'type',
        eb.fn.countAll<string>().as('orders'),
        eb.fn.countAll<string>().filterWhere('status', '=', 'success').as('completed'),
        completed('amount_thb').as('thb'),
        completed('amount_usdt').as('usdt'),
        completed('fee').as('fee'),
      ];
    })
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy([BANGKOK_DAY, 'type'])
    .orderBy(BANGKOK_DAY)
    .orderBy('type')
    .execute();
}

/**
 * When an order in `request` began to wait for staff: a cash appointment at its appointment's time
 * (the member comes then; booking it days ahead is no wait), any other order when the member
 * confirmed it. Unqualified, for any statement over `transactions` (aliased or not).
 */
export const WAITING_SINCE = sql<Date>`coalesce(appointment_at, confirmed_at)`;

/** How many orders each status holds, and when the longest waiting of them began to wait (one scan). */
export function countByStatus(db: Kysely<DB>) {
  return db
    .selectFrom('transactions')
    .select([
      'status',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.min(WAITING_SINCE).as('first_waiting_since'),
    ])
    .groupBy('status')
    .execute();
}

/**
 * Records a large payout as prepared by `staffId` (the order stays `request` and waits for a second
 * staff member), if it awaits staff, is not prepared yet and its member's payouts are not held,
 * with its audit row: one statement.
 */
export async function preparePayout(
  db: Kysely<DB>,
  id: number,
  staffId: number,
  set: Pick<OrderChanges, 'payout_reference' | 'slip_name_checked'>,
  audit: OrderAudit,
): Promise<OrderRow | undefined> {
  const query = db
    .updateTable('transactions')
    .set({
      ...set,
      payout_prepared_by: staffId,
      payout_prepared_at: new Date(),
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('status', '=', 'request')
    .where('payout_prepared_by', 'is', null)
    .where(memberNotFlagged('payouts_held'))
    .returningAll();
  const [row] = await audited(db, query, audit);
  return row;
}

/**
 * Completes a payout prepared by `preparer` ('request' -> 'success'), approved by `staffId`, never
 * the preparer, while its member's payouts are not held: one conditional update, so of two
 * approvals, or an approval and a send-back, one wins, and a hold set first always stops it.
 */
export async function approvePrepared(
  db: Kysely<DB>,
  id: number,
  preparer: number,
  staffId: number,
  audit: OrderAudit,
): Promise<OrderRow | undefined> {
  const query = db
    .updateTable('transactions')
    .set({
      status: 'success',
      reviewed_by: staffId,
      reviewed_at: new Date(),
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('status', '=', 'request')
    .where('payout_prepared_by', '=', preparer)
    .where('payout_prepared_by', '!=', staffId)
    .where(memberNotFlagged('payouts_held'))
    .returningAll();
  const [row] = await audited(db, query, audit);
  return row;
}

/** Sends a payout prepared by `preparer` back: the order awaits staff again, unprepared. */
export async function unpreparePayout(
  db: Kysely<DB>,
  id: number,
  preparer: number,
  audit: OrderAudit,
): Promise<OrderRow | undefined> {
  const query = db
    .updateTable('transactions')
    .set({
      payout_prepared_by: null,
      payout_prepared_at: null,
      payout_reference: null,
      slip_name_checked: false,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('status', '=', 'request')
    .where('payout_prepared_by', '=', preparer)
    .returningAll();
  const [row] = await audited(db, query, audit);
  return row;
}

/** Payouts prepared and awaiting approval, oldest first, with the member and the preparer. */
export function awaitingApproval(db: Kysely<DB>) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .innerJoin('staff as s', 's.id', 't.payout_prepared_by')
    .select([
      't.public_id',
      't.type',
      't.member_id',
      't.amount_thb',
      't.payout_prepared_at',
      'm.username',
      's.username as prepared_by',
    ])
    .where('t.status', '=', 'request')
    .where('t.payout_prepared_by', 'is not', null)
    .orderBy('t.payout_prepared_at')
    .limit(200)
    .execute();
}

/** The stored bytes of an order's slip, or undefined when it has none. */
export async function slipBytes(db: Kysely<DB>, orderId: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('transactions as t')
    .innerJoin('files as f', 'f.id', 't.slip_file_id')
    .select('f.bytes')
    .where('t.id', '=', orderId)
    .executeTakeFirst();
  return row?.bytes;
}

/** Stores the payload of an order's slip QR (null: none found), once; answers the order, or undefined if already read. */
export function recordSlipQr(db: Kysely<DB>, orderId: number, qr: string | null, at: Date) {
  return db
    .updateTable('transactions')
    .set({ slip_qr: qr, slip_qr_read_at: at })
    .where('id', '=', orderId)
    .where('slip_qr_read_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
