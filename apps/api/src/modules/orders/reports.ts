import { bangkokInstants, E, type ordersReportQuerySchema, toMoneyString } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { iso, isoOrNull } from './answers.ts';
import { reportBatch, reportTotals } from './repository.ts';

type ReportQuery = z.output<typeof ordersReportQuerySchema>;
type CsvLine = (values: readonly (string | number | null)[]) => string;

const DAY_MS = 86_400_000;
/** The longest report range, in days (60001 beyond it). */
const REPORT_MAX_DAYS = 366;
/** Orders read per query while writing a report, so any number streams in bounded memory. */
const REPORT_BATCH = 500;
const ORDER_COLUMNS = [
  'id',
  'created_at',
  'type',
  'status',
  'username',
  'member_name',
  'rate',
  'amount_thb',
  'amount_usdt',
  'fee',
  'total',
  'payment_method',
  'confirmed_at',
  'payout_reference',
  'reason_code',
  'decided_at',
] as const;
const TOTAL_COLUMNS = [
  'date',
  'type',
  'orders',
  'completed',
  'completed_thb',
  'completed_usdt',
  'completed_fee',
] as const;

/** The staff's order reports: one line per order, or totals per Bangkok day and type. */
export function createOrderReports(db: Kysely<DB>) {
  return {
    /**
     * The orders report as CSV lines (header first), validated before the first line (60001 for a
     * range that ends before it starts or spans more than 366 days), then read in batches.
     */
    report(query: ReportQuery, line: CsvLine): AsyncIterable<string> {
      const { start } = bangkokInstants({ from: query.from, to: query.from });
      const { end } = bangkokInstants({ from: query.to, to: query.to });
      if (start >= end || end.getTime() - start.getTime() > REPORT_MAX_DAYS * DAY_MS) {
        throw new AppError(E.REPORT_INCORRECT);
      }
      if (query.kind === 'totals') {
        return (async function* () {
          yield line(TOTAL_COLUMNS);
          for (const r of await reportTotals(db, start, end)) {
            yield line([
              r.day,
              r.type,
              Number(r.orders),
              Number(r.completed),
              toMoneyString(r.thb),
              toMoneyString(r.usdt),
              toMoneyString(r.fee),
            ]);
          }
        })();
      }
      return (async function* () {
        yield line(ORDER_COLUMNS);
        let afterId = 0;
        for (;;) {
          const rows = await reportBatch(db, start, end, afterId, REPORT_BATCH);
          for (const r of rows) {
            yield line([
              r.public_id,
              iso(r.created_at),
              r.type,
              r.status,
              r.username,
              `${r.first_name} ${r.last_name}`,
              r.rate,
              r.amount_thb,
              r.amount_usdt,
              r.fee,
              r.total,
              r.payment_method,
              isoOrNull(r.confirmed_at),
              r.payout_reference,
              r.reason_code,
              isoOrNull(r.reviewed_at),
            ]);
          }
          if (rows.length < REPORT_BATCH) return;
          afterId = rows.at(-1)?.id ?? afterId;
        }
      })();
    },
  };
}

export type OrderReports = ReturnType<typeof createOrderReports>;
