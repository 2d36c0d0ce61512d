import {
  bangkokInstants,
  bangkokTimestamp,
  E,
  type Lang,
  type ordersReportQuerySchema,
  reportWords,
  toMoneyString,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { reportBatch, reportTotals } from './repository.ts';

type ReportQuery = z.output<typeof ordersReportQuerySchema>;
type CsvLine = (values: readonly (string | number | null)[]) => string;

const DAY_MS = 86_400_000;
/** The longest report range, in days (60001 beyond it). */
const REPORT_MAX_DAYS = 366;
/** Orders read per query while writing a report, so any number streams in bounded memory. */
const REPORT_BATCH = 500;
/** The reports' headings, [English, Thai] per column. */
const ORDER_COLUMNS: readonly (readonly [string, string])[] = [
  ['Order', 'เลขที่รายการ'],
  ['Created at', 'เวลาที่สร้าง'],
  ['Type', 'ประเภท'],
  ['Status', 'สถานะ'],
  ['Member', 'ชื่อผู้ใช้'],
  ['Name', 'ชื่อ-นามสกุล'],
  ['Rate', 'อัตราแลกเปลี่ยน'],
  ['Amount (THB)', 'จำนวนเงิน (บาท)'],
  ['Amount (USDT)', 'จำนวน (USDT)'],
  ['Fee', 'ค่าธรรมเนียม'],
  ['Total (THB)', 'ยอดรวม (บาท)'],
  ['Method', 'วิธีชำระเงิน'],
  ['Confirmed at', 'เวลาที่ยืนยันการชำระ'],
  ['Payout reference', 'เลขอ้างอิงการจ่าย'],
  ['Reason', 'เหตุผล'],
  ['Decided at', 'เวลาที่ตัดสิน'],
];
const TOTAL_COLUMNS: readonly (readonly [string, string])[] = [
  ['Bangkok day', 'วันที่ (เวลากรุงเทพฯ)'],
  ['Type', 'ประเภท'],
  ['Orders', 'จำนวนรายการ'],
  ['Completed', 'สำเร็จ'],
  ['Completed (THB)', 'ยอดที่สำเร็จ (บาท)'],
  ['Completed (USDT)', 'ยอดที่สำเร็จ (USDT)'],
  ['Completed fees', 'ค่าธรรมเนียมที่สำเร็จ'],
];
const headings = (columns: readonly (readonly [string, string])[], lang: Lang) =>
  columns.map(([en, th]) => (lang === 'th' ? th : en));
const timeOrNull = (instant: Date | null) => (instant ? bangkokTimestamp(instant) : null);

/** The staff's order reports: one line per order, or totals per Bangkok day and type. */
export function createOrderReports(db: Kysely<DB>) {
  return {
    /**
     * The orders report as CSV lines (header first), validated before the first line (60001 for a
     * range that ends before it starts or spans more than 366 days), then read in batches. Headings,
     * types, statuses, methods and reasons are words in `lang`; times are Bangkok's, with +07:00.
     */
    report(query: ReportQuery, lang: Lang, line: CsvLine): AsyncIterable<string> {
      const { start } = bangkokInstants({ from: query.from, to: query.from });
      const { end } = bangkokInstants({ from: query.to, to: query.to });
      if (start >= end || end.getTime() - start.getTime() > REPORT_MAX_DAYS * DAY_MS) {
        throw new AppError(E.REPORT_INCORRECT);
      }
      if (query.kind === 'totals') {
        return (async function* () {
          yield line(headings(TOTAL_COLUMNS, lang));
          for (const r of await reportTotals(db, start, end)) {
            yield line([
              r.day,
              reportWords.type(r.type, lang),
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
        yield line(headings(ORDER_COLUMNS, lang));
        let afterId = 0;
        for (;;) {
          const rows = await reportBatch(db, start, end, afterId, REPORT_BATCH);
          for (const r of rows) {
            yield line([
              r.public_id,
              bangkokTimestamp(r.created_at),
              reportWords.type(r.type, lang),
              reportWords.status(r.status, lang),
              r.username,
              `${r.first_name} ${r.last_name}`,
              r.rate,
              r.amount_thb,
              r.amount_usdt,
              r.fee,
              r.total,
              reportWords.method(r.payment_method, lang),
              timeOrNull(r.confirmed_at),
              r.payout_reference,
              reportWords.reason(r.reason_code, lang),
              timeOrNull(r.reviewed_at),
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
