import { type AuditEntry, type AuditFilter, bangkokInstants, E, isIsoDate } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { maskedAuditValue } from './mask.ts';
import { type AuditQuery, countAuditRows, findAuditRows } from './repository.ts';

/** The longest date range the audit log is read over at once (60001 beyond it). */
const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
/** Rows read per query while writing the CSV, so any number of rows streams in bounded memory. */
const CSV_BATCH = 500;

type Row = Awaited<ReturnType<typeof findAuditRows>>[number];

/** A row as staff read it: account numbers masked, whichever process wrote it (mask.ts). */
function toEntry(row: Row): AuditEntry {
  return {
    id: row.id,
    actorType: row.actor_type,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    target: row.target,
    before: maskedAuditValue(row.before),
    after: maskedAuditValue(row.after),
    reason: row.reason,
    ip: row.ip,
    outcome: row.outcome,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The filters as a query: Bangkok calendar days, both ends included. 60001 for a date that does not
 * exist, `from` after `to`, or a range longer than 366 days.
 */
function toQuery(filter: AuditFilter): AuditQuery {
  const { from, to } = filter;
  for (const date of [from, to])
    if (date !== undefined && !isIsoDate(date)) throw new AppError(E.REPORT_INCORRECT);
  const start = from === undefined ? undefined : bangkokInstants({ from, to: from }).start;
  const end = to === undefined ? undefined : bangkokInstants({ from: to, to }).end;
  if (start && end && (start >= end || end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS)) {
    throw new AppError(E.REPORT_INCORRECT);
  }
  return { actor: filter.actor, action: filter.action, target: filter.target, from: start, to: end };
}

const CSV_HEADER = [
  'id',
  'created_at',
  'actor_type',
  'actor_id',
  'actor_name',
  'action',
  'target',
  'before',
  'after',
  'reason',
  'ip',
  'outcome',
] as const;

/** The audit log as staff read it (back office): filtered, paged, and exported as CSV. */
export function createAuditLog(db: Kysely<DB>) {
  return {
    async search(filter: AuditFilter & PageRequest): Promise<Page<AuditEntry>> {
      const query = toQuery(filter);
      const [rows, total] = await Promise.all([
        findAuditRows(db, query, pageWindow(filter)),
        countAuditRows(db, query),
      ]);
      return { page: filter.page, pageSize: filter.pageSize, total, items: rows.map(toEntry) };
    },

    /** The newest `limit` rows by or about a member. */
    async ofMember(memberId: number, limit: number): Promise<AuditEntry[]> {
      return (await findAuditRows(db, { member: memberId }, { limit })).map(toEntry);
    },

    /**
     * Every matching row, newest first, as CSV rows (header first): validated before the first
     * row, then read in batches. `line` encodes one row (csvLine: RFC 4180, formulas defused).
     */
    csv(
      filter: AuditFilter,
      line: (values: readonly (string | number | null)[]) => string,
    ): AsyncIterable<string> {
      const query = toQuery(filter);
      return (async function* () {
        yield line(CSV_HEADER);
        let beforeId: number | undefined;
        for (;;) {
          const rows = await findAuditRows(db, query, {
            limit: CSV_BATCH,
            ...(beforeId === undefined ? {} : { beforeId }),
          });
          for (const row of rows) {
            const e = toEntry(row);
            yield line([
              e.id,
              e.createdAt,
              e.actorType,
              e.actorId,
              e.actorName,
              e.action,
              e.target,
              e.before === null ? null : JSON.stringify(e.before),
              e.after === null ? null : JSON.stringify(e.after),
              e.reason,
              e.ip,
              e.outcome,
            ]);
          }
          if (rows.length < CSV_BATCH) return;
          beforeId = rows.at(-1)?.id;
        }
      })();
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
