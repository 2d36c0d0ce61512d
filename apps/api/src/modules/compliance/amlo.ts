import {
  AMLO_CASH_THRESHOLD_THB,
  type AmloEntry,
  bangkokDate,
  bangkokInstants,
  Decimal,
  E,
  isIsoDate,
  type KycDocumentType,
  toMoneyString,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
const CASH_METHODS = ['cash_deposit', 'cash_appointment'] as const;

/** Bangkok days `from`-`to` as instants: 60001 for a range that ends before it starts or spans over 366 days. */
export function reportRange(from: string, to: string): { start: Date; end: Date } {
  const { start } = bangkokInstants({ from, to: from });
  const { end } = bangkokInstants({ from: to, to });
  if (start >= end || end.getTime() - start.getTime() > MAX_DAYS * DAY_MS)
    throw new AppError(E.REPORT_INCORRECT);
  return { start, end };
}

function parseLocation(text: string | null): { en: string; th: string } | null {
  if (!text) return null;
  try {
    const { name } = JSON.parse(text) as { name?: { en?: string; th?: string } };
    return name?.en && name.th ? { en: name.en, th: name.th } : null;
  } catch {
    return null;
  }
}

/**
 * Each member's identity document: the newest verified submission's type and number (a Thai ID
 * card's 13 digits, a passport's number); the number is null where none was recorded.
 */
async function documents(db: Kysely<DB>, memberIds: number[]) {
  const found = new Map<number, { type: KycDocumentType; number: string | null }>();
  if (memberIds.length === 0) return found;
  const rows = await db
    .selectFrom('kyc_submissions as k')
    .select(['k.member_id', 'k.document_type', 'k.id_card_number', 'k.passport_number'])
    .where('k.member_id', 'in', memberIds)
    .where('k.status', '=', 'verified')
    .orderBy('k.id', 'asc')
    .execute();
  // Oldest first: a member's newest verified submission is the one kept.
  for (const r of rows) {
    found.set(r.member_id, { type: r.document_type, number: r.id_card_number ?? r.passport_number });
  }
  return found;
}

type Entry = Omit<AmloEntry, 'filing'>;

/** The AMLO queue's entries (without filings) for orders completed between `start` and `end`. */
async function entries(db: Kysely<DB>, start: Date, end: Date): Promise<Entry[]> {
  const rows = await db
    .selectFrom('transactions as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .select([
      't.public_id',
      't.type',
      't.payment_method',
      't.amount_thb',
      't.amount_usdt',
      't.reviewed_at',
      't.appointment_location',
      'm.id as member_id',
      'm.username',
      'm.first_name',
      'm.last_name',
      'm.phone',
      'm.email',
    ])
    .where('t.status', '=', 'success')
    .where('t.payment_method', 'in', CASH_METHODS)
    .where('t.reviewed_at', '>=', start)
    .where('t.reviewed_at', '<', end)
    .orderBy('t.reviewed_at', 'asc')
    .orderBy('t.id', 'asc')
    .execute();
  const docs = await documents(db, [...new Set(rows.map((r) => r.member_id))]);
  const threshold = new Decimal(AMLO_CASH_THRESHOLD_THB);
  const cash: Entry[] = [];
  const days = new Map<string, { rows: typeof rows; total: Decimal }>();
  for (const r of rows) {
    const day = bangkokDate(r.reviewed_at ?? new Date(0));
    if (new Decimal(r.amount_thb).gte(threshold)) {
      cash.push(toEntry(`order:${r.public_id}`, 'cash', day, [r]));
      continue;
    }
    const key = `day:${r.member_id}:${day}`;
    const group = days.get(key) ?? { rows: [], total: new Decimal(0) };
    group.rows.push(r);
    group.total = group.total.plus(r.amount_thb);
    days.set(key, group);
  }
  const split = [...days]
    .filter(([, g]) => g.total.gte(threshold))
    .map(([key, g]) => toEntry(key, 'split', key.slice(-10), g.rows));
  return [...cash, ...split].sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key));

  function toEntry(key: string, kind: Entry['kind'], day: string, group: typeof rows): Entry {
    const [first] = group as [(typeof rows)[number]];
    const doc = docs.get(first.member_id);
    return {
      key,
      kind,
      day,
      member: {
        id: first.member_id,
        username: first.username,
        name: `${first.first_name} ${first.last_name}`,
        phone: first.phone,
        email: first.email,
        documentType: doc?.type ?? null,
        documentNumber: doc?.number ?? null,
      },
      orders: group.map((r) => ({
        id: r.public_id,
        type: r.type,
        method: r.payment_method,
        amountThb: r.amount_thb,
        amountUsdt: r.amount_usdt,
        completedAt: (r.reviewed_at ?? new Date(0)).toISOString(),
        location: parseLocation(r.appointment_location),
      })),
      totalThb: toMoneyString(group.reduce((sum, r) => sum.plus(r.amount_thb), new Decimal(0))),
    };
  }
}

async function filings(db: Kysely<DB>, keys: string[]) {
  if (keys.length === 0) return new Map<string, AmloEntry['filing']>();
  const rows = await db
    .selectFrom('amlo_filings as f')
    .innerJoin('staff as s', 's.id', 'f.filed_by')
    .select(['f.entry_key', 'f.reference', 'f.filed_at', 's.username'])
    .where('f.entry_key', 'in', keys)
    .execute();
  return new Map(
    rows.map((r) => [
      r.entry_key,
      { reference: r.reference, filedBy: r.username, filedAt: r.filed_at.toISOString() },
    ]),
  );
}

/** The queue of cash transactions to report to AMLO, and marking an entry filed (decision 0069). */
export function createAmloQueue(db: Kysely<DB>) {
  async function queue(from: string, to: string, state: 'open' | 'filed' | 'all'): Promise<AmloEntry[]> {
    const { start, end } = reportRange(from, to);
    const found = await entries(db, start, end);
    const filed = await filings(
      db,
      found.map((e) => e.key),
    );
    return found
      .map((e) => ({ ...e, filing: filed.get(e.key) ?? null }))
      .filter((e) => state === 'all' || (state === 'filed') === (e.filing !== null));
  }

  /** The entry `key` names, as the queue computes it now; 40030 when it is not in the queue. */
  async function entry(key: string): Promise<AmloEntry> {
    let day = key.startsWith('day:') ? key.slice(-10) : null;
    if (day === null) {
      const order = await db
        .selectFrom('transactions')
        .select('reviewed_at')
        .where('public_id', '=', key.slice('order:'.length))
        .executeTakeFirst();
      day = order?.reviewed_at ? bangkokDate(order.reviewed_at) : null;
    }
    const found =
      day && isIsoDate(day) ? (await queue(day, day, 'all')).find((e) => e.key === key) : undefined;
    if (!found) throw new AppError(E.AMLO_ENTRY_NOT_FOUND);
    return found;
  }

  return {
    thresholdThb: AMLO_CASH_THRESHOLD_THB,
    queue,

    /** Marks an entry filed with AMLO's reference: once (40031 after, and for the loser of a race). Audited. */
    async file(actor: Actor, staffId: number, key: string, reference: string): Promise<AmloEntry> {
      const found = await entry(key);
      if (found.filing) throw new AppError(E.AMLO_ALREADY_FILED);
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('amlo_filings')
          .values({
            entry_key: key,
            member_id: found.member.id,
            day: found.day,
            order_ids: JSON.stringify(found.orders.map((o) => o.id)),
            total_thb: found.totalThb,
            reference,
            filed_by: staffId,
          })
          .onConflict((oc) => oc.column('entry_key').doNothing())
          .returning('entry_key')
          .executeTakeFirst();
        if (!inserted) throw new AppError(E.AMLO_ALREADY_FILED);
        await recordAudit(trx, actor, {
          action: 'compliance.amlo_filed',
          target: `amlo:${key}`,
          before: null,
          after: { reference, orders: found.orders.map((o) => o.id), totalThb: found.totalThb },
        });
      });
      return entry(key);
    },
  };
}

export type AmloQueue = ReturnType<typeof createAmloQueue>;
