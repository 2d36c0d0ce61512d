import {
  accountNameMatches,
  bangkokClock,
  bangkokDate,
  bangkokInstants,
  buyQuote,
  type CompleteOrderBody,
  type confirmTransactionBodySchema,
  type createTransactionBodySchema,
  customRangeOf,
  Decimal,
  E,
  fileEndpoints,
  fillPath,
  historyDateRange,
  ORDER_ID_PREFIX,
  ORDER_REJECT_REASON_CODES,
  type OrderQueueItem,
  type OrderRejectReason,
  type orderQueueQuerySchema,
  type ordersReportQuerySchema,
  orderTransitionAllowed,
  type RejectOrderBody,
  type receivePaymentSchema,
  rejectNoteIncomplete,
  type SettingKey,
  type StaffOrder,
  sellQuote,
  type Transaction,
  toMoneyString,
  type transactionListBodySchema,
  type transactionSummarySchema,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../db/paging.ts';
import { pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import type { PublicReads } from '../home/index.ts';
import { checkImage, readSlipQr, storeImage } from '../images/index.ts';
import type { KycService } from '../kyc/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { thaiHolidayOn, thaiHolidays } from './holidays.ts';
import {
  countOpen,
  expirePastDeadline,
  findByKey,
  findOrder,
  insertOrder,
  lockMember,
  memberOrders,
  nextOrderNumber,
  type OrderRow,
  orderMember,
  otherOrdersOfMember,
  queue,
  reportBatch,
  reportTotals,
  sameSlip,
  staffName,
  transition,
  withDuplicateSlips,
} from './repository.ts';

type CreateBody = z.output<typeof createTransactionBodySchema>;
type ConfirmBody = z.output<typeof confirmTransactionBodySchema>;
type ListBody = z.output<typeof transactionListBodySchema>;
type QueueQuery = z.output<typeof orderQueueQuerySchema>;
type ReportQuery = z.output<typeof ordersReportQuerySchema>;
type CsvLine = (values: readonly (string | number | null)[]) => string;
type Summary = z.input<typeof transactionSummarySchema>;
type ReceivePayment = z.input<typeof receivePaymentSchema>;

/** How far ahead a cash appointment may be booked. */
export const APPOINTMENT_DAYS = 30;
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
/** A deposit time may be this far ahead of the server's clock (phones' clocks drift). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** How many of the member's other orders the staff order screen shows. */
const OTHER_ORDERS_SHOWN = 10;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(row: OrderRow): Summary {
  return {
    id: row.public_id,
    type: row.type,
    status: row.status,
    createdAt: iso(row.created_at),
    currency: 'USDT',
    rate: row.rate,
    amountThb: row.amount_thb,
    amountUsdt: row.amount_usdt,
    fee: row.fee,
    total: row.total,
  };
}

const reasonCode = (code: string | null): OrderRejectReason | null =>
  code && (ORDER_REJECT_REASON_CODES as string[]).includes(code) ? (code as OrderRejectReason) : null;

function parseLocation(text: string | null) {
  if (!text) return null;
  try {
    return JSON.parse(text) as {
      id: string;
      name: { en: string; th: string };
      address: { en: string; th: string };
    };
  } catch {
    return null;
  }
}

/** An order in full; `proofUrl` is the member's own read path (staff read the file by its id). */
function toTransaction(row: OrderRow): Transaction {
  const proofFile = row.slip_file_id ?? row.proof_file_id;
  return {
    ...toSummary(row),
    feePercent: new Decimal(row.fee_percent).toFixed(),
    deadlineAt: iso(row.deadline_at),
    network: (row.network ?? 'TETHER') as Transaction['network'],
    usdtAddress: row.usdt_address,
    bankAccount:
      row.bank_code && row.bank_account_number && row.bank_account_name
        ? {
            bankCode: row.bank_code as NonNullable<Transaction['bankAccount']>['bankCode'],
            accountNumber: row.bank_account_number,
            accountName: row.bank_account_name,
          }
        : null,
    payment: row.payment_method
      ? {
          method: row.payment_method,
          depositAmount: row.deposit_amount,
          depositAt: isoOrNull(row.deposit_at),
          location: parseLocation(row.appointment_location),
          appointmentAt: isoOrNull(row.appointment_at),
          txHash: row.proof_hash,
          proofUrl: proofFile ? fillPath(fileEndpoints.memberFile.path, { id: proofFile }) : null,
        }
      : null,
    confirmedAt: isoOrNull(row.confirmed_at),
    payoutReference: row.payout_reference,
    reasonCode: reasonCode(row.reason_code),
    reason:
      row.reason !== null || row.reason_th !== null
        ? { en: row.reason ?? '', th: row.reason_th ?? '' }
        : null,
  } as Transaction;
}

/** 'B' + Bangkok 'YYMMDD' + the day's number, at least 4 digits: read over the phone. */
function publicId(type: 'buy' | 'sell', day: string, n: number): string {
  return `${ORDER_ID_PREFIX[type]}${day}${String(n).padStart(4, '0')}`;
}

const target = (publicId: string) => `order:${publicId}`;

interface Deps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  kyc: Pick<KycService, 'tradingGate' | 'status' | 'history'>;
  payments: Pick<PaymentsService, 'payoutDestination'>;
  /** The rates and settings in force, from memory that follows the event bus (decision 0039). */
  reads: Pick<PublicReads, 'rates' | 'setting'>;
  auditLog: Pick<AuditLog, 'search'>;
}

/**
 * Buy and sell orders (issue 13, design section 4). Every status change is one conditional update
 * with its audit row in one transaction, announced (`order.updated`, with the member's id) after
 * it commits; ORDER_TRANSITIONS in the contract says which change starts from which status.
 */
export function createOrdersService({ db, events, kyc, payments, reads, auditLog }: Deps) {
  const setting = async <K extends SettingKey>(key: K) => (await reads.setting(key)).value;
  const announce = (row: Pick<OrderRow, 'member_id' | 'public_id' | 'status'>) =>
    events.publish('order.updated', { memberId: row.member_id, id: row.public_id, status: row.status });

  async function own(memberId: number, id: string): Promise<OrderRow> {
    const row = await findOrder(db, id, memberId);
    if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
    return row;
  }

  /** Expires one pending order past its deadline (if no one else moved it first), audited. */
  async function expireOne(row: OrderRow, now: Date): Promise<void> {
    const [expired] = await expirePastDeadline(db, now, { id: row.id });
    if (expired) await announce(expired);
  }

  /** Whether an order's payout account is in the member's current legal name (decision 0035). */
  async function nameMatches(row: OrderRow): Promise<boolean> {
    const member = await orderMember(db, row.member_id);
    return accountNameMatches(row.bank_account_name ?? '', member.first_name, member.last_name);
  }

  /** The rate the member saw must be the one in force (50017, with the rates in force). */
  async function checkRate(body: CreateBody) {
    const live = (await reads.rates()).value;
    const same =
      body.type === 'buy'
        ? new Decimal(body.rate).eq(live.buyRate)
        : new Decimal(body.rate).eq(live.sellRate) && new Decimal(body.feePercent).eq(live.sellFeePercent);
    if (!same) throw new AppError(E.RATE_MISMATCH, live);
    return live;
  }

  async function staffOrder(row: OrderRow): Promise<StaffOrder> {
    const [member, duplicates, history, decidedBy, kycStatus, kycHistory, others] = await Promise.all([
      orderMember(db, row.member_id),
      sameSlip(db, row),
      auditLog.search({ target: target(row.public_id), page: 1, pageSize: 100 }),
      staffName(db, row.reviewed_by),
      kyc.status(row.member_id),
      // The same list as the member's page (KycService.history), so both screens agree.
      kyc.history(row.member_id),
      otherOrdersOfMember(db, row, OTHER_ORDERS_SHOWN),
    ]);
    return {
      order: toTransaction(row),
      member: {
        id: member.id,
        username: member.username,
        firstName: member.first_name,
        lastName: member.last_name,
        phone: member.phone,
        kycStatus,
      },
      proofFileId: row.slip_file_id ?? row.proof_file_id,
      slipNameChecked: row.slip_name_checked,
      duplicates: duplicates.map((d) => ({
        id: d.public_id,
        status: d.status,
        by: row.proof_sha256 && d.proof_sha256 === row.proof_sha256 ? ('image' as const) : ('qr' as const),
      })),
      history: history.items.filter((e) => e.target === target(row.public_id)).reverse(),
      kycHistory,
      otherOrders: others.map((o) => ({
        id: o.public_id,
        type: o.type,
        status: o.status,
        amountThb: o.amount_thb,
        amountUsdt: o.amount_usdt,
        createdAt: iso(o.created_at),
      })),
      decidedBy: decidedBy?.username ?? null,
      decidedAt: isoOrNull(row.reviewed_at),
    };
  }

  /** Completes or rejects an order awaiting staff: one winner (50014 for the other), audited, announced. */
  async function decide(
    actor: Actor,
    staffId: number,
    id: string,
    to: 'success' | 'reject',
    set: Record<string, unknown>,
    reason: string | null,
    /** Facts of the decision for its audit row only (nothing stored on the order). */
    noted: Record<string, unknown> = {},
  ): Promise<StaffOrder> {
    const before = await findOrder(db, id);
    if (!before) throw new AppError(E.TRANSACTION_NOT_FOUND);
    if (!orderTransitionAllowed(to === 'success' ? 'complete' : 'reject', before.status)) {
      throw new AppError(E.TRANSACTION_STATUS_INVALID);
    }
    const after = await transition(
      db,
      before.id,
      'request',
      { ...set, status: to, reviewed_by: staffId, reviewed_at: new Date() },
      {
        actor,
        entry: {
          action: to === 'success' ? 'order.complete' : 'order.reject',
          before: { status: 'request' },
          after: { status: to, ...set, ...noted },
          reason,
        },
      },
    );
    if (!after) throw new AppError(E.TRANSACTION_STATUS_INVALID);
    await announce(after);
    return staffOrder(after);
  }

  return {
    /** createTransaction: a pending order at the rate the member saw, or nothing at all. */
    async create(actor: Actor, memberId: number, body: CreateBody, key?: string): Promise<Transaction> {
      if (key) {
        const earlier = await findByKey(db, memberId, key);
        if (earlier) return toTransaction(earlier);
      }
      const now = new Date();
      // The reads go out together; their refusals keep the order of the checks (identity and
      // address, rate, receiving address, then the payout destination).
      const gate = kyc.tradingGate(memberId);
      const destination =
        body.type === 'buy'
          ? payments.payoutDestination(memberId, 'usdt', body.usdtAddressId, now)
          : payments.payoutDestination(memberId, 'bank', body.bankAccountId, now);
      destination.catch(() => {}); // thrown below, in its turn
      await gate;
      await checkRate(body);
      const [deadlineMinutes, cap, receiving] = await Promise.all([
        setting('paymentDeadlineMinutes'),
        setting('openOrderCap'),
        setting('receivingAddresses'),
      ]);
      if (body.type === 'sell' && !receiving[body.network]) throw new AppError(E.RECEIVE_ADDRESS_NOT_FOUND);
      const payout = await destination;
      let values: Omit<Parameters<typeof insertOrder>[1], 'public_id' | 'member_id' | 'deadline_at'>;
      if (body.type === 'buy') {
        if (!('network' in payout)) throw new AppError(E.TRANSACTION_INVALID);
        const quote = buyQuote(body.amountThb, body.rate);
        if (!new Decimal(quote.usdt).gt(0)) throw new AppError(E.TRANSACTION_INVALID);
        values = {
          type: 'buy',
          rate: quote.rate,
          amount_thb: quote.thb,
          amount_usdt: quote.usdt,
          total: quote.thb,
          network: payout.network,
          usdt_address_id: payout.id,
          usdt_address: payout.address,
        };
      } else {
        if (!('bankCode' in payout)) throw new AppError(E.TRANSACTION_INVALID);
        const quote = sellQuote(body.amountUsdt, body.rate, body.feePercent);
        if (!new Decimal(quote.net).gt(0)) throw new AppError(E.TRANSACTION_INVALID);
        values = {
          type: 'sell',
          rate: quote.rate,
          amount_usdt: quote.usdt,
          amount_thb: quote.gross,
          fee_percent: quote.feePercent,
          fee: quote.fee,
          total: quote.net,
          network: body.network,
          bank_account_id: payout.id,
          bank_code: payout.bankCode,
          bank_account_number: payout.accountNumber,
          bank_account_name: payout.accountName,
        };
      }
      const day = bangkokDate(now).slice(2).replaceAll('-', '');
      // The day's number is taken in its own statement before the order's transaction, so creates
      // never wait on one counter row while another commits; a create refused below leaves a gap.
      const n = await nextOrderNumber(db, day);
      let row: OrderRow;
      try {
        row = await db.transaction().execute(async (t) => {
          await lockMember(t, memberId);
          if ((await countOpen(t, memberId, now)) >= cap) throw new AppError(E.OPEN_ORDER_LIMIT);
          return insertOrder(
            t,
            {
              ...values,
              public_id: publicId(body.type, day, n),
              member_id: memberId,
              deadline_at: new Date(now.getTime() + deadlineMinutes * 60_000),
              idempotency_key: key ?? null,
            },
            {
              actor,
              entry: {
                action: 'order.create',
                after: { status: 'pending', type: values.type, rate: values.rate, total: values.total },
              },
            },
          );
        });
      } catch (error) {
        // The same Idempotency-Key raced in: the other request made the order.
        const earlier =
          key && (error as { code?: string }).code === '23505' && (await findByKey(db, memberId, key));
        if (earlier) return toTransaction(earlier);
        throw error;
      }
      await announce(row);
      return toTransaction(row);
    },

    /** getReceivePayment: where and how the member pays a pending order. */
    async receivePayment(memberId: number, id: string): Promise<ReceivePayment> {
      const row = await own(memberId, id);
      if (row.status !== 'pending') {
        throw new AppError(row.status === 'expired' ? E.TRANSACTION_EXPIRED : E.TRANSACTION_STATUS_INVALID);
      }
      if (row.deadline_at <= new Date()) {
        await expireOne(row, new Date());
        throw new AppError(E.TRANSACTION_EXPIRED);
      }
      if (row.type === 'sell') {
        const receiving = await setting('receivingAddresses');
        const network = row.network as keyof typeof receiving;
        const address = receiving[network];
        if (!address) throw new AppError(E.RECEIVE_ADDRESS_NOT_FOUND);
        return {
          type: 'sell',
          amountUsdt: row.amount_usdt,
          deadlineAt: iso(row.deadline_at),
          network,
          address,
        };
      }
      const [ceiling, accounts, locations] = await Promise.all([
        setting('cashDepositCeilingThb'),
        setting('deskBankAccounts'),
        setting('locations'),
      ]);
      const today = bangkokDate(new Date());
      const lastAppointmentDate = bangkokDate(new Date(Date.now() + APPOINTMENT_DAYS * DAY_MS));
      return {
        type: 'buy',
        amountThb: row.amount_thb,
        deadlineAt: iso(row.deadline_at),
        cashDepositAllowed: new Decimal(row.amount_thb).lte(ceiling),
        bankAccounts: accounts,
        locations,
        holidays: thaiHolidays(today, lastAppointmentDate),
        lastAppointmentDate,
      };
    },

    /** confrimTransaction: the payment and its proof; the order awaits staff, or nothing changes. */
    async confirm(
      actor: Actor,
      memberId: number,
      body: ConfirmBody,
      key?: string,
      now = new Date(),
    ): Promise<Transaction> {
      const row = await own(memberId, body.id);
      if (key && row.confirm_key === key) return toTransaction(row);
      if (row.status === 'expired') throw new AppError(E.TRANSACTION_EXPIRED);
      if (!orderTransitionAllowed('confirm', row.status)) throw new AppError(E.TRANSACTION_STATUS_INVALID);
      if (row.deadline_at <= now) {
        await expireOne(row, now);
        throw new AppError(E.TRANSACTION_EXPIRED);
      }
      const buyMethod = body.method === 'cash_deposit' || body.method === 'cash_appointment';
      if (buyMethod !== (row.type === 'buy')) throw new AppError(E.TRANSACTION_INVALID);

      const set: Record<string, unknown> = { payment_method: body.method, confirm_key: key ?? null };
      let image: Awaited<ReturnType<typeof checkImage>> | undefined;
      if (body.method === 'cash_deposit') {
        if (new Decimal(row.amount_thb).gt(await setting('cashDepositCeilingThb'))) {
          throw new AppError(E.CASH_APPOINTMENT_ONLY);
        }
        if (!new Decimal(body.depositAmount).eq(row.amount_thb))
          throw new AppError(E.DEPOSIT_AMOUNT_MISMATCH);
        const depositAt = new Date(body.depositAt);
        if (depositAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
          throw new AppError(E.PAYMENT_DETAILS_REQUIRED);
        image = await checkImage(body.slipImage);
        Object.assign(set, {
          deposit_amount: body.depositAmount,
          deposit_at: depositAt,
          proof_sha256: image.sha256,
          slip_qr: await readSlipQr(image.bytes),
        });
      } else if (body.method === 'cash_appointment') {
        const location = (await setting('locations')).find((l) => l.id === body.locationId);
        if (!location) throw new AppError(E.LOCATION_NOT_FOUND);
        const at = new Date(body.appointmentAt);
        if (thaiHolidayOn(at)) throw new AppError(E.HOLIDAY_NOT_ALLOWED);
        const clock = bangkokClock(at);
        if (
          at <= now ||
          at.getTime() > now.getTime() + APPOINTMENT_DAYS * DAY_MS ||
          clock < location.opens ||
          clock > location.closes
        ) {
          throw new AppError(E.APPOINTMENT_TIME_INVALID);
        }
        Object.assign(set, {
          appointment_at: at,
          appointment_location: JSON.stringify({
            id: location.id,
            name: location.name,
            address: location.address,
          }),
        });
      } else {
        if (body.proofImage) image = await checkImage(body.proofImage);
        Object.assign(set, { proof_hash: body.txHash ?? null, proof_sha256: image?.sha256 ?? null });
      }

      const move = (t: Kysely<DB>) =>
        transition(
          t,
          row.id,
          'pending',
          { ...set, status: 'request', confirmed_at: now },
          {
            actor,
            entry: {
              action: 'order.confirm',
              before: { status: 'pending' },
              after: { status: 'request', method: body.method },
            },
          },
          { before: now },
        );
      // With a photo, the file is stored in the move's transaction.
      const confirmed = image
        ? await db.transaction().execute(async (t) => {
            const purpose = body.method === 'cash_deposit' ? 'slip' : 'proof';
            set[`${purpose}_file_id`] = await storeImage(t, memberId, purpose, image);
            return move(t);
          })
        : await move(db);
      if (!confirmed) {
        // Another request moved it first: the same retry gets its answer, any other a clear code.
        const now2 = await own(memberId, body.id);
        if (key && now2.confirm_key === key) return toTransaction(now2);
        if (now2.status === 'pending' && now2.deadline_at <= now) await expireOne(now2, now);
        throw new AppError(
          now2.status === 'expired' || now2.deadline_at <= now
            ? E.TRANSACTION_EXPIRED
            : E.TRANSACTION_STATUS_INVALID,
        );
      }
      await announce(confirmed);
      return toTransaction(confirmed);
    },

    /** getTransaction: a pending order past its deadline reads as expired, whether swept yet or not. */
    async get(memberId: number, id: string): Promise<Transaction> {
      const row = await own(memberId, id);
      const now = new Date();
      if (row.status !== 'pending' || row.deadline_at > now) return toTransaction(row);
      await expireOne(row, now);
      return toTransaction(await own(memberId, id));
    },

    /**
     * getTransactionList: the member's orders over a history filter's Bangkok dates, newest first.
     * Their pending orders past the deadline are expired first, as get() does, so the history never
     * shows 'pending' for an order that can no longer be paid, and the status filter agrees.
     */
    async list(memberId: number, body: ListBody, now = new Date()) {
      // Real time, not the filter's `now`: the deadline is a fact of the clock.
      const expired = await expirePastDeadline(db, new Date(), { memberId });
      for (const row of expired) await announce(row);
      const range = historyDateRange(body.filter, now, customRangeOf(body));
      const { start, end } = bangkokInstants(range);
      const { offset, limit } = pageWindow(body);
      const { rows, total } = await memberOrders(db, {
        memberId,
        start,
        end,
        type: body.type,
        status: body.status,
        offset,
        limit,
      });
      return {
        items: rows.map(toSummary),
        total,
        page: body.page,
        pageSize: body.pageSize,
        from: range.from,
        to: range.to,
      };
    },

    /** The sweeper: every pending order past its deadline becomes expired, each audited and announced. */
    async expireDue(now = new Date()): Promise<number> {
      const expired = await expirePastDeadline(db, now);
      for (const row of expired) await announce(row);
      return expired.length;
    },

    async queue(query: QueueQuery): Promise<Page<OrderQueueItem>> {
      const start = query.from ? bangkokInstants({ from: query.from, to: query.from }).start : undefined;
      const end = query.to ? bangkokInstants({ from: query.to, to: query.to }).end : undefined;
      if (start && end && start >= end) throw new AppError(E.INVALID_INPUT);
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await queue(db, {
        status: query.status,
        type: query.type,
        start,
        end,
        q: query.q || undefined,
        offset,
        limit,
      });
      const duplicated = await withDuplicateSlips(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((r) => ({
          ...toSummary(r),
          memberId: r.member_id,
          username: r.username,
          memberName: `${r.first_name} ${r.last_name}`,
          deadlineAt: iso(r.deadline_at),
          confirmedAt: isoOrNull(r.confirmed_at),
          paymentMethod: r.payment_method,
          duplicateSlip: duplicated.has(r.id),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

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

    async staffOrder(id: string): Promise<StaffOrder> {
      const row = await findOrder(db, id);
      if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
      return staffOrder(row);
    },

    async complete(actor: Actor, staffId: number, id: string, body: CompleteOrderBody): Promise<StaffOrder> {
      const row = await findOrder(db, id);
      if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
      const slipCheck = row.payment_method === 'cash_deposit';
      if (slipCheck && body.slipNameMatches !== true) throw new AppError(E.SLIP_NAME_CHECK_REQUIRED);
      // Decision 0035: a payout into an account in another name is the staff's explicit choice.
      const otherName = row.bank_account_name !== null && !(await nameMatches(row));
      if (otherName && body.otherNameAccepted !== true) throw new AppError(E.PAYOUT_NAME_CHECK_REQUIRED);
      return decide(
        actor,
        staffId,
        id,
        'success',
        { payout_reference: body.payoutReference.trim(), slip_name_checked: slipCheck },
        null,
        otherName ? { other_name_accepted: true } : {},
      );
    },

    async reject(actor: Actor, staffId: number, id: string, body: RejectOrderBody): Promise<StaffOrder> {
      // The route's schema refuses these already; checked again for callers other than the route.
      if (rejectNoteIncomplete(body)) throw new AppError(E.ORDER_REASON_REQUIRED);
      const note = body.note && (body.note.en || body.note.th) ? body.note : null;
      return decide(
        actor,
        staffId,
        id,
        'reject',
        { reason_code: body.reasonCode, reason: note?.en ?? null, reason_th: note?.th ?? null },
        note?.en ?? body.reasonCode,
      );
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
