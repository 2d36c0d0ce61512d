import {
  accountNameMatches,
  bangkokInstants,
  beforeAppointmentDay,
  type CompleteOrderBody,
  E,
  issueDef,
  normaliseTxHash,
  type OrderQueueItem,
  type orderQueueQuerySchema,
  orderTransitionAllowed,
  payoutHashIssue,
  type RejectOrderBody,
  rejectNoteIncomplete,
  rejectReasonFits,
  type StaffOrder,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DeskAlerts } from '../../alerts/index.ts';
import type { Page } from '../../db/paging.ts';
import { pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { Notices } from '../../notifications/index.ts';
import { type Actor, type AuditLog, recordAudit } from '../audit/index.ts';
import { activeFlagsOf, hasActiveFlag } from '../flags/index.ts';
import type { PublicReads } from '../home/index.ts';
import type { KycService } from '../kyc/index.ts';
import { deskBankAccountOf, orderTarget, orderUpdated, toQueueItem, toStaffOrder } from './answers.ts';
import { createPayoutApproval } from './approval.ts';
import { notifying } from './notices.ts';
import {
  findOrder,
  type OrderChanges,
  type OrderRow,
  orderMember,
  otherOrdersOfMember,
  queue,
  sameSlip,
  staffName,
  transition,
  withDuplicateSlips,
} from './repository.ts';
import type { SlipScans } from './slip-scan.ts';

type QueueQuery = z.output<typeof orderQueueQuerySchema>;

/** How many of the member's other orders the staff order screen shows. */
const OTHER_ORDERS_SHOWN = 10;

export interface DeskDeps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  kyc: Pick<KycService, 'status' | 'history'>;
  auditLog: Pick<AuditLog, 'search'>;
  /** The desk's bank accounts a cash deposit goes into (web settings). */
  reads: Pick<PublicReads, 'setting'>;
  /** Slip QR reads after the confirm's answer: the order screen waits for them. */
  slips: Pick<SlipScans, 'settled'>;
  /** The member's messages, queued in each decision's transaction (decision 0078). */
  notices: Pick<Notices, 'send'>;
  /** The desk alert channel (decision 0080). */
  alerts: Pick<DeskAlerts, 'raise'>;
}

/**
 * The staff's order desk: the queue, the order screen, and the decisions on an order awaiting
 * staff (complete, reject), each one conditional update with its audit row, announced after.
 */
export function createOrderDesk({ db, events, kyc, auditLog, reads, slips, notices, alerts }: DeskDeps) {
  const withNotices = notifying(db, notices);
  /** Whether an order's payout account is in the member's current legal name (decision 0035). */
  async function nameMatches(row: OrderRow): Promise<boolean> {
    const member = await orderMember(db, row.member_id);
    return accountNameMatches(row.bank_account_name ?? '', member.first_name, member.last_name);
  }

  /**
   * The desk's accounts a cash deposit may be in: the one kept with the order, or, for an order
   * placed before one was kept, every account of the web setting.
   */
  async function deskAccountsOf(row: OrderRow): Promise<StaffOrder['deskAccounts']> {
    if (row.payment_method !== 'cash_deposit') return [];
    const kept = deskBankAccountOf(row);
    const accounts = kept ? [kept] : (await reads.setting('deskBankAccounts')).value;
    return accounts.map(({ bankCode, accountNumber, accountName }) => ({
      bankCode,
      accountNumber,
      accountName,
    }));
  }

  async function staffOrder(row: OrderRow): Promise<StaffOrder> {
    const [member, duplicates, history, decidedBy, kycStatus, kycHistory, others, deskAccounts] =
      await Promise.all([
        orderMember(db, row.member_id),
        sameSlip(db, row),
        auditLog.search({ target: orderTarget(row.public_id), page: 1, pageSize: 100 }),
        staffName(db, row.reviewed_by),
        kyc.status(row.member_id),
        // The same list as the member's page (KycService.history), so both screens agree.
        kyc.history(row.member_id),
        otherOrdersOfMember(db, row, OTHER_ORDERS_SHOWN),
        deskAccountsOf(row),
      ]);
    return toStaffOrder(row, {
      member,
      kycStatus,
      kycHistory,
      duplicates,
      history: history.items,
      others,
      decidedBy: decidedBy?.username ?? null,
      deskAccounts,
    });
  }

  /**
   * Completes or rejects an order awaiting staff: one winner (50014 for the other), audited,
   * announced. A completion is also conditional on the member's payouts not being held (decision
   * 0068): a hold set after complete's check still stops it (50057).
   */
  async function decide(
    actor: Actor,
    staffId: number,
    id: string,
    to: 'success' | 'reject',
    set: OrderChanges,
    reason: string | null,
    /** Facts of the decision for its audit row only (nothing stored on the order). */
    noted: Record<string, unknown> = {},
  ): Promise<StaffOrder> {
    const before = await findOrder(db, id);
    if (!before) throw new AppError(E.TRANSACTION_NOT_FOUND);
    if (!orderTransitionAllowed(to === 'success' ? 'complete' : 'reject', before.status)) {
      throw new AppError(E.TRANSACTION_STATUS_INVALID);
    }
    if (before.payout_prepared_by !== null) throw new AppError(E.APPROVAL_PENDING);
    const after = await withNotices((t) =>
      transition(
        t,
        before.id,
        { from: 'request', to },
        { ...set, reviewed_by: staffId, reviewed_at: new Date() },
        {
          actor,
          entry: {
            action: to === 'success' ? 'order.complete' : 'order.reject',
            before: { status: 'request' },
            after: { status: to, ...set, ...noted },
            reason,
          },
        },
        to === 'success' ? { unprepared: true, unflagged: 'payouts_held' } : { unprepared: true },
      ),
    );
    if (!after) {
      const now = await findOrder(db, id);
      if (now?.status === 'request' && now.payout_prepared_by !== null)
        throw new AppError(E.APPROVAL_PENDING);
      const held =
        now?.status === 'request' &&
        to === 'success' &&
        (await hasActiveFlag(db, now.member_id, 'payouts_held'));
      throw new AppError(held ? E.PAYOUTS_HELD : E.TRANSACTION_STATUS_INVALID);
    }
    await events.publish('order.updated', orderUpdated(after));
    return staffOrder(after);
  }

  const approval = createPayoutApproval({ db, events, reads, staffOrder, withNotices, alerts });

  return {
    /** The staff queue: open orders awaiting staff first, or any status, by date, type or search. */
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
        byAppointment: query.sort === 'appointment',
        memberId: query.memberId,
        flag: query.flag,
        offset,
        limit,
      });
      const [duplicated, flags] = await Promise.all([
        withDuplicateSlips(
          db,
          rows.map((r) => r.id),
        ),
        activeFlagsOf(
          db,
          rows.map((r) => r.member_id),
        ),
      ]);
      return {
        items: rows.map((r) => toQueueItem(r, duplicated.has(r.id), flags.get(r.member_id) ?? [])),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async staffOrder(id: string): Promise<StaffOrder> {
      const row = await findOrder(db, id);
      if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
      return staffOrder(await slips.settled(row));
    },

    async complete(actor: Actor, staffId: number, id: string, body: CompleteOrderBody): Promise<StaffOrder> {
      const row = await findOrder(db, id);
      if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
      if (!orderTransitionAllowed('complete', row.status)) throw new AppError(E.TRANSACTION_STATUS_INVALID);
      if (row.payout_prepared_by !== null) throw new AppError(E.APPROVAL_PENDING);
      // Decision 0068: no order of a member whose payouts are held is completed. Answered here
      // before the ticks; the completing (or preparing) update checks it again, so a hold set
      // from now on stops it too.
      if (await hasActiveFlag(db, row.member_id, 'payouts_held')) throw new AppError(E.PAYOUTS_HELD);
      // A buy pays out USDT: its reference is the transfer's hash on the order's network, checked
      // as members' sell hashes are and kept in the network's one spelling (decision 0094).
      const reference =
        row.type === 'buy'
          ? normaliseTxHash(row.network ?? '', body.payoutReference)
          : body.payoutReference.trim();
      if (reference === undefined) {
        throw new AppError(issueDef(payoutHashIssue(row.network)), { fields: ['payoutReference'] });
      }
      const slipCheck = row.payment_method === 'cash_deposit';
      if (slipCheck && body.slipNameMatches !== true) throw new AppError(E.SLIP_NAME_CHECK_REQUIRED);
      if (slipCheck && body.depositSeen !== true) throw new AppError(E.DEPOSIT_SEEN_CHECK_REQUIRED);
      // An appointment is completed on its Bangkok day or later, or with the staff's word that the
      // member came early.
      const early =
        row.payment_method === 'cash_appointment' &&
        row.appointment_at !== null &&
        beforeAppointmentDay(row.appointment_at, new Date());
      if (early && body.cameEarly !== true) throw new AppError(E.APPOINTMENT_EARLY_CHECK_REQUIRED);
      // Decision 0035: a payout into an account in another name is the staff's explicit choice.
      const otherName = row.bank_account_name !== null && !(await nameMatches(row));
      if (otherName && body.otherNameAccepted !== true) throw new AppError(E.PAYOUT_NAME_CHECK_REQUIRED);
      const set = { payout_reference: reference, slip_name_checked: slipCheck };
      const noted = {
        ...(otherName ? { other_name_accepted: true } : {}),
        ...(slipCheck ? { deposit_seen: true } : {}),
        ...(early ? { came_early: true, appointment_at: row.appointment_at?.toISOString() } : {}),
      };
      // A large payout is only prepared here; another staff member approves it (approval.ts).
      if (await approval.needsApproval(row)) return approval.prepare(actor, staffId, row, set, noted);
      return decide(actor, staffId, id, 'success', set, null, noted);
    },

    /**
     * The full number of the bank account a sell pays out to, with an audit row naming who looked
     * (as the members module's reveal): the order screen shows it masked to every role.
     */
    async revealAccount(actor: Actor, id: string): Promise<{ accountNumber: string }> {
      const row = await findOrder(db, id);
      if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
      const accountNumber = row.bank_account_number;
      if (accountNumber === null) throw new AppError(E.BANK_ACCOUNT_NOT_FOUND);
      await recordAudit(db, actor, {
        action: 'order.bank_account.reveal',
        target: orderTarget(row.public_id),
        after: { bankCode: row.bank_code },
      });
      return { accountNumber };
    },

    approvePayout: approval.approve,
    sendBackPayout: approval.sendBack,
    payoutApproval: approval.approvalOf,
    payoutsAwaiting: approval.awaiting,

    async reject(actor: Actor, staffId: number, id: string, body: RejectOrderBody): Promise<StaffOrder> {
      // The route's schema refuses these already; checked again for callers other than the route.
      if (rejectNoteIncomplete(body)) throw new AppError(E.ORDER_REASON_REQUIRED);
      // A reason of another way of paying (a slip for a sell) would tell the member something untrue.
      const order = await findOrder(db, id);
      if (order?.payment_method && !rejectReasonFits(body.reasonCode, order.payment_method)) {
        throw new AppError(E.REJECT_REASON_NOT_FIT);
      }
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

export type OrderDesk = ReturnType<typeof createOrderDesk>;
