import { createHash, randomInt } from 'node:crypto';
import {
  bangkokClock,
  bangkokDate,
  bangkokInstants,
  buyQuote,
  type confirmTransactionBodySchema,
  type createTransactionBodySchema,
  customRangeOf,
  Decimal,
  depositTimeAllowed,
  E,
  historyDateRange,
  normaliseTxHash,
  ORDER_ID_ALPHABET,
  ORDER_ID_PREFIX,
  ORDER_ID_TAIL_LENGTH,
  type OrderTerms,
  orderTransitionAllowed,
  type RateResult,
  type receivePaymentSchema,
  type SettingKey,
  type SettingValue,
  sellQuote,
  type Transaction,
  type transactionEndpoints,
  type transactionListBodySchema,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { lockMemberForOrder } from '../../db/locks.ts';
import { pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { KeptMemberReads } from '../../http/kept-member-reads.ts';
import type { Kept } from '../../http/route.ts';
import type { Notices } from '../../notifications/index.ts';
import type { Actor } from '../audit/index.ts';
import type { CalendarService } from '../calendar/index.ts';
import { hasActiveFlag } from '../flags/index.ts';
import type { PublicReads } from '../home/index.ts';
import { checkImage, storeImage } from '../images/index.ts';
import type { KycService } from '../kyc/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { rateResultOf, ratesInForce } from '../rates/index.ts';
import { limitPeriods, type RiskService } from '../risk/index.ts';
import { deskBankAccountOf, iso, orderUpdated, toTransaction } from './answers.ts';
import { notifying, orderNotice } from './notices.ts';
import {
  expirePastDeadline,
  findByConfirmKey,
  findByKey,
  findOrder,
  insertOrder,
  lastSellNetwork,
  memberOrders,
  nextPendingOrder,
  type OrderChanges,
  type OrderRow,
  orderChecks,
  PROOF_HASH_INDEX,
  proofHashTaken,
  transition,
  violates,
} from './repository.ts';
import type { SlipScans } from './slip-scan.ts';

type CreateBody = z.output<typeof createTransactionBodySchema>;
type ConfirmBody = z.output<typeof confirmTransactionBodySchema>;
type ListBody = z.output<typeof transactionListBodySchema>;
type HistoryPage = z.input<(typeof transactionEndpoints.getTransactionList)['result']>;
type ReceivePayment = z.input<typeof receivePaymentSchema>;

/** How far ahead a cash appointment may be booked. */
export const APPOINTMENT_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * A new order id (ORDER_ID_PATTERN): the type's letter, the Bangkok day and random letters that
 * read well over the phone; it says nothing of how many orders the day had (decision 0049).
 */
function newOrderId(type: 'buy' | 'sell', now: Date): string {
  const day = bangkokDate(now).slice(2).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < ORDER_ID_TAIL_LENGTH; i++)
    tail += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)];
  return `${ORDER_ID_PREFIX[type]}${day}${tail}`;
}

/**
 * The desk's bank account a new buy is shown to deposit into, as the order keeps it (decision
 * 0096): one of the accounts of the web setting, picked at random so deposits spread over them;
 * none while the desk has none.
 */
function shownDeskAccount(accounts: SettingValue<'deskBankAccounts'>) {
  const account = accounts.length > 0 ? accounts[randomInt(accounts.length)] : undefined;
  return {
    desk_bank_code: account?.bankCode ?? null,
    desk_account_number: account?.accountNumber ?? null,
    desk_account_name: account?.accountName ?? null,
    desk_account_name_th: account?.accountNameTh || null,
  };
}

/** A value as JSON with the keys of every object sorted: one text for one request, however sent. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort();
  return Object.fromEntries(keys.map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
}

/** SHA-256 of a parsed request body, kept with its Idempotency-Key to tell a retry from another request. */
function bodyDigest(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/**
 * The answer to a request whose Idempotency-Key made `row` already: the same order for the same
 * body, 50062 for another (an order made before bodies were kept has no digest and answers as a retry).
 */
function retried(row: OrderRow, stored: string | null, digest: string): Transaction {
  if (stored !== null && stored !== digest) throw new AppError(E.IDEMPOTENCY_KEY_REUSED);
  return toTransaction(row);
}

/** Whether the body names these rates: a buy's rate, or a sell's rate and fee. */
function sameRates(body: CreateBody, rates: Pick<RateResult, 'buyRate' | 'sellRate' | 'sellFeePercent'>) {
  return body.type === 'buy'
    ? new Decimal(body.rate).eq(rates.buyRate)
    : new Decimal(body.rate).eq(rates.sellRate) && new Decimal(body.feePercent).eq(rates.sellFeePercent);
}

/** What a create's transaction ends with: the order it made, or the answer to an earlier send. */
type Created = { row: OrderRow } | { retry: Transaction };

export interface LifecycleDeps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  kyc: Pick<KycService, 'tradingGate'>;
  payments: Pick<PaymentsService, 'payoutDestination'>;
  /** The member's buy and sell limits per day and month (decision 0067). */
  risk: Pick<RiskService, 'checkOrder'>;
  /** The rates and settings in force, from memory that follows the event bus (decision 0039). */
  reads: Pick<PublicReads, 'rates' | 'setting'>;
  /** The desk's closed days (decision 0058): no appointment on them. */
  calendar: Pick<CalendarService, 'closedDays' | 'closedDayOn'>;
  /** A cash-deposit slip's QR code is read after the confirm's answer. */
  slips: Pick<SlipScans, 'after'>;
  /** The member's messages, queued in each change's transaction (decision 0078). */
  notices: Pick<Notices, 'send'>;
  /** The history pages this process answers from memory (decision 0085). */
  kept: Pick<KeptMemberReads, 'find' | 'generation' | 'keep'>;
}

/**
 * The member's side of an order: create it at the rate they saw, read how to pay, confirm the
 * payment, read and list their orders; and the expiry of pending orders past their deadline.
 * Every status change is one conditional update with its audit row, announced after it commits.
 */
export function createOrderLifecycle({
  db,
  events,
  kyc,
  payments,
  risk,
  reads,
  calendar,
  slips,
  notices,
  kept,
}: LifecycleDeps) {
  const withNotices = notifying(db, notices);
  const setting = async <K extends SettingKey>(key: K) => (await reads.setting(key)).value;
  const announce = (row: OrderRow) => events.publish('order.updated', orderUpdated(row));

  async function own(memberId: number, id: string): Promise<OrderRow> {
    const row = await findOrder(db, id, memberId);
    if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
    return row;
  }

  /** Expires one pending order past its deadline (if no one else moved it first), audited. */
  async function expireOne(row: OrderRow, now: Date): Promise<void> {
    const [expired] = await withNotices((t) => expirePastDeadline(t, now, { id: row.id }));
    if (expired) await announce(expired);
  }

  /**
   * The rate the member saw must be the one in force (50017, with the rates in force): first against
   * this process's memory, which refuses most stale rates without a transaction; then inside the
   * order's transaction against the rates read there (decision 0097).
   */
  /**
   * The rate the member sent against this process's memory of the rates in force (the order's
   * transaction checks it again). Memory can be behind or ahead of another send of the same request
   * (decision 0097), so a mismatch is not refused from memory alone: the order that send made is
   * the answer (`made`), and otherwise the rates the database holds now decide, and are what a
   * refusal names.
   */
  async function checkRate(
    body: CreateBody,
    made: () => Promise<Transaction | undefined>,
  ): Promise<Transaction | undefined> {
    if (sameRates(body, (await reads.rates()).value)) return undefined;
    const earlier = await made();
    if (earlier) return earlier;
    const inForce = await ratesInForce(db);
    if (!inForce) throw new AppError(E.BUY_RATE_NOT_FOUND);
    if (!sameRates(body, inForce)) throw new AppError(E.RATE_MISMATCH, inForce);
    return undefined;
  }

  return {
    /** createTransaction: a pending order at the rate the member saw, or nothing at all. */
    async create(actor: Actor, memberId: number, body: CreateBody, key?: string): Promise<Transaction> {
      const digest = key ? bodyDigest(body) : null;
      /** The answer to an earlier send of this request, when one made its order. */
      const madeBefore = async () => {
        const earlier = key && digest ? await findByKey(db, memberId, key) : undefined;
        return earlier && digest ? retried(earlier, earlier.idempotency_sha256, digest) : undefined;
      };
      const before = await madeBefore();
      if (before) return before;
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
      const madeMeanwhile = await checkRate(body, madeBefore);
      if (madeMeanwhile) return madeMeanwhile;
      const [deadlineMinutes, cap, receiving, enabled, limits] = await Promise.all([
        setting('paymentDeadlineMinutes'),
        setting('openOrderCap'),
        setting('receivingAddresses'),
        setting('enabledNetworks'),
        setting('tradeLimits'),
      ]);
      if (body.type === 'sell' && !enabled.includes(body.network)) throw new AppError(E.NETWORK_DISABLED);
      if (body.type === 'sell' && !receiving[body.network]) throw new AppError(E.RECEIVE_ADDRESS_NOT_FOUND);
      const payout = await destination;
      // USDT is sent only on a network the desk takes now; an address saved on another stays readable.
      if ('network' in payout && !(enabled as readonly string[]).includes(payout.network)) {
        throw new AppError(E.NETWORK_DISABLED);
      }
      let values: Omit<Parameters<typeof insertOrder>[1], 'member_id' | 'deadline_at'>;
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
          ...shownDeskAccount(await setting('deskBankAccounts')),
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
          desk_address: receiving[body.network] ?? null,
        };
      }
      const made = await db.transaction().execute(async (t): Promise<Created> => {
        // The member's row, then the rates held still until the commit (decision 0097).
        await lockMemberForOrder(t, memberId);
        // After the lock, in a statement of its own (its own snapshot): orders racing in are
        // counted and summed one after the other, and the rates read are those in force until the
        // commit.
        const checks = await orderChecks(t, memberId, limitPeriods(now), now, key ?? null);
        // Another send of this request took the lock first and made the order: it is the answer,
        // whatever the checks below would say now that it counts (decision 0097).
        const earlier = key && checks?.earlier != null ? await findByKey(t, memberId, key) : undefined;
        if (earlier && digest) return { retry: retried(earlier, earlier.idempotency_sha256, digest) };
        if (!checks) throw new AppError(E.MEMBER_NOT_FOUND);
        const { rates } = checks;
        if (!rates) throw new AppError(E.BUY_RATE_NOT_FOUND);
        // The rates changed after this process's memory answered: the member gets the new ones.
        const inForce = {
          buyRate: rates.buy_rate,
          sellRate: rates.sell_rate,
          sellFeePercent: rates.sell_fee_percent,
        };
        if (!sameRates(body, inForce)) throw new AppError(E.RATE_MISMATCH, rateResultOf(rates));
        // Decision 0068: a member whose trading staff blocked places no order.
        if (checks.blocked) throw new AppError(E.TRADING_BLOCKED);
        if (checks.open >= cap) throw new AppError(E.OPEN_ORDER_LIMIT);
        risk.checkOrder(checks.level, { type: values.type, amountThb: values.amount_thb }, limits);
        const inserted = await insertOrder(
          t,
          {
            ...values,
            member_id: memberId,
            deadline_at: new Date(now.getTime() + deadlineMinutes * 60_000),
            idempotency_key: key ?? null,
            idempotency_sha256: digest,
          },
          () => newOrderId(body.type, now),
          {
            actor,
            after: { status: 'pending', type: values.type, rate: values.rate, total: values.total },
          },
        );
        await notices.send(t, [orderNotice(inserted)], checks.recipient ? [checks.recipient] : []);
        return { row: inserted };
      });
      if ('retry' in made) return made.retry;
      const { row } = made;
      await announce(row);
      return toTransaction(row);
    },

    /**
     * getOrderTerms: what the member should know before an order (the deadline in minutes, the
     * cash-deposit ceiling, the networks taken, the network of their last sell) and their pending
     * order with the nearest deadline, for the countdown every page shows.
     */
    async terms(memberId: number, now = new Date()): Promise<OrderTerms> {
      const [paymentDeadlineMinutes, cashDepositCeilingThb, enabledNetworks, lastSell, pending] =
        await Promise.all([
          setting('paymentDeadlineMinutes'),
          setting('cashDepositCeilingThb'),
          setting('enabledNetworks'),
          lastSellNetwork(db, memberId),
          nextPendingOrder(db, memberId, now),
        ]);
      return {
        paymentDeadlineMinutes,
        cashDepositCeilingThb,
        enabledNetworks: [...enabledNetworks],
        lastSellNetwork: (lastSell?.network as OrderTerms['lastSellNetwork'] | undefined) ?? null,
        pendingOrder: pending
          ? { id: pending.public_id, type: pending.type, deadlineAt: iso(pending.deadline_at) }
          : null,
      };
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
        const network = row.network as Transaction['network'];
        // The address kept with the order; an order placed before one was kept reads the setting.
        const address = row.desk_address ?? (await setting('receivingAddresses'))[network];
        if (!address) throw new AppError(E.RECEIVE_ADDRESS_NOT_FOUND);
        return {
          type: 'sell',
          amountUsdt: row.amount_usdt,
          deadlineAt: iso(row.deadline_at),
          network,
          address,
        };
      }
      // The account kept with the order; an order placed before one was kept shows every account.
      const kept = deskBankAccountOf(row);
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
        bankAccounts: kept ? [kept] : accounts,
        locations,
        holidays: (await calendar.closedDays(today, lastAppointmentDate)).map(({ date, name }) => ({
          date,
          name,
        })),
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
      const digest = key ? bodyDigest(body) : null;
      if (key && digest) {
        // The key names one confirm of one order: on another order it is another request.
        const earlier = row.confirm_key === key ? row : await findByConfirmKey(db, memberId, key);
        if (earlier && earlier.id !== row.id) throw new AppError(E.IDEMPOTENCY_KEY_REUSED);
        if (earlier) return retried(earlier, earlier.confirm_sha256, digest);
      }
      if (row.status === 'expired') throw new AppError(E.TRANSACTION_EXPIRED);
      if (!orderTransitionAllowed('confirm', row.status)) throw new AppError(E.TRANSACTION_STATUS_INVALID);
      if (row.deadline_at <= now) {
        await expireOne(row, now);
        throw new AppError(E.TRANSACTION_EXPIRED);
      }
      const buyMethod = body.method === 'cash_deposit' || body.method === 'cash_appointment';
      if (buyMethod !== (row.type === 'buy')) throw new AppError(E.TRANSACTION_INVALID);

      const set: OrderChanges = {
        payment_method: body.method,
        confirm_key: key ?? null,
        confirm_sha256: digest,
      };
      let image: Awaited<ReturnType<typeof checkImage>> | undefined;
      if (body.method === 'cash_deposit') {
        if (new Decimal(row.amount_thb).gt(await setting('cashDepositCeilingThb'))) {
          throw new AppError(E.CASH_APPOINTMENT_ONLY);
        }
        if (!new Decimal(body.depositAmount).eq(row.amount_thb))
          throw new AppError(E.DEPOSIT_AMOUNT_MISMATCH);
        const depositAt = new Date(body.depositAt);
        if (!depositTimeAllowed(depositAt, row.created_at, now)) throw new AppError(E.DEPOSIT_TIME_INVALID);
        image = await checkImage(body.slipImage);
        set.deposit_amount = body.depositAmount;
        set.deposit_at = depositAt;
        set.proof_sha256 = image.sha256;
      } else if (body.method === 'cash_appointment') {
        const location = (await setting('locations')).find((l) => l.id === body.locationId);
        if (!location) throw new AppError(E.LOCATION_NOT_FOUND);
        const at = new Date(body.appointmentAt);
        if (await calendar.closedDayOn(bangkokDate(at))) throw new AppError(E.HOLIDAY_NOT_ALLOWED);
        const clock = bangkokClock(at);
        if (
          at <= now ||
          at.getTime() > now.getTime() + APPOINTMENT_DAYS * DAY_MS ||
          clock < location.opens ||
          clock > location.closes
        ) {
          throw new AppError(E.APPOINTMENT_TIME_INVALID);
        }
        set.appointment_at = at;
        // The booked appointment is the order's deadline now: the member pays there, not online.
        set.deadline_at = at;
        set.appointment_location = JSON.stringify({
          id: location.id,
          name: location.name,
          address: location.address,
        });
      } else {
        // One spelling per network, so a transfer sent again in another case or without 0x is found.
        const hash = body.txHash === undefined ? null : normaliseTxHash(row.network ?? '', body.txHash);
        if (hash === undefined) throw new AppError(E.WRONG_FORMAT);
        if (hash !== null && (await proofHashTaken(db, hash, row.id))) throw new AppError(E.TX_HASH_USED);
        if (body.proofImage) image = await checkImage(body.proofImage);
        set.proof_hash = hash;
        set.proof_sha256 = image?.sha256 ?? null;
      }

      const move = (t: Kysely<DB>) =>
        transition(
          t,
          row.id,
          { from: 'pending', to: 'request' },
          { ...set, confirmed_at: now },
          {
            actor,
            entry: {
              action: 'order.confirm',
              before: { status: 'pending' },
              after: { status: 'request', method: body.method },
            },
          },
          // Decision 0068: a member whose trading staff blocked confirms no order either, checked in
          // the move itself, so a block that commits before it stops it.
          { before: now, unflagged: 'trading_blocked' },
        );
      // A photo is stored and the member's message queued in the move's transaction. The desk is
      // told only of an order that really waits (wait-alerts.ts), not of every confirmation.
      let confirmed: OrderRow | undefined;
      try {
        confirmed = await withNotices(async (t) => {
          if (image && body.method === 'cash_deposit')
            set.slip_file_id = await storeImage(t, memberId, 'slip', image);
          else if (image) set.proof_file_id = await storeImage(t, memberId, 'proof', image);
          const moved = await move(t);
          // Refused for the block: the photo stored above goes with the rest of the transaction.
          if (!moved && (await hasActiveFlag(t, memberId, 'trading_blocked')))
            throw new AppError(E.TRADING_BLOCKED);
          return moved;
        });
      } catch (error) {
        // The same hash raced in on another order, which confirmed first.
        if (violates(error, PROOF_HASH_INDEX)) throw new AppError(E.TX_HASH_USED);
        throw error;
      }
      if (!confirmed) {
        // Another request moved it first: the same retry gets its answer, any other a clear code.
        const now2 = await own(memberId, body.id);
        if (key && digest && now2.confirm_key === key) return retried(now2, now2.confirm_sha256, digest);
        if (now2.status === 'pending' && now2.deadline_at <= now) await expireOne(now2, now);
        throw new AppError(
          now2.status === 'expired' || now2.deadline_at <= now
            ? E.TRANSACTION_EXPIRED
            : E.TRANSACTION_STATUS_INVALID,
        );
      }
      await announce(confirmed);
      // The slip's QR code is read after this answer (slip-scan.ts): most slips need seconds of it.
      if (body.method === 'cash_deposit' && image) slips.after(confirmed.id, image.bytes);
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
     * shows 'pending' for an order that can no longer be paid, and the status filter agrees: the
     * page's one statement also gives the member's first pending deadline (decision 0083); only
     * once it has passed are they expired, in their own transaction, and the page read again.
     * The page is answered from memory until a row of the member's orders changes or that first
     * deadline passes (decision 0085); the key holds the range's dates, so a new day reads afresh.
     */
    async list(memberId: number, body: ListBody, now = new Date()) {
      const range = historyDateRange(body.filter, now, customRangeOf(body));
      const key = `history:${memberId}:${range.from}:${range.to}:${body.type ?? ''}:${body.status ?? ''}:${body.page}:${body.pageSize}`;
      const hit = kept.find(key);
      if (hit) return hit as Kept<HistoryPage>;
      const readAt = kept.generation();
      const { start, end } = bangkokInstants(range);
      const { offset, limit } = pageWindow(body);
      // Real time, not the filter's `now`: the deadline is a fact of the clock.
      const read = () =>
        memberOrders(db, {
          memberId,
          start,
          end,
          type: body.type,
          status: body.status,
          offset,
          limit,
        });
      let page = await read();
      if (page.nextDeadline !== null && page.nextDeadline <= new Date()) {
        const expired = await withNotices((t) => expirePastDeadline(t, new Date(), { memberId }));
        for (const row of expired) await announce(row);
        // Read again, even when the sweeper expired them first.
        page = await read();
      }
      const answer: HistoryPage = {
        items: page.items,
        total: page.total,
        page: body.page,
        pageSize: body.pageSize,
        from: range.from,
        to: range.to,
      };
      return kept.keep(
        key,
        memberId,
        answer,
        page.nextDeadline?.getTime() ?? Number.POSITIVE_INFINITY,
        readAt,
      );
    },

    /** The sweeper: every pending order past its deadline becomes expired, each audited and announced. */
    async expireDue(now = new Date()): Promise<number> {
      const expired = await withNotices((t) => expirePastDeadline(t, now));
      for (const row of expired) await announce(row);
      return expired.length;
    },
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
