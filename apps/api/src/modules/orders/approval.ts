import {
  Decimal,
  E,
  type ErrorDef,
  type PayoutApproval,
  type PayoutAwaiting,
  type StaffOrder,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { type DeskAlerts, payoutAwaitingApproval } from '../../alerts/index.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../audit/index.ts';
import { hasActiveFlag } from '../flags/index.ts';
import type { PublicReads } from '../home/index.ts';
import { iso, orderUpdated } from './answers.ts';
import type { notifying } from './notices.ts';
import {
  approvePrepared,
  awaitingApproval,
  findOrder,
  type OrderRow,
  preparePayout,
  staffName,
  unpreparePayout,
} from './repository.ts';

export interface ApprovalDeps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  reads: Pick<PublicReads, 'setting'>;
  /** The order screen's answer for a row (desk.ts). */
  staffOrder: (row: OrderRow) => Promise<StaffOrder>;
  /** Runs a change with the member's message in one transaction (notices.ts). */
  withNotices: ReturnType<typeof notifying>;
  /** The desk alert channel: a prepared payout awaits approval (decision 0080). */
  alerts: Pick<DeskAlerts, 'raise'>;
}

/**
 * The second pair of eyes on large payouts (decision 0068): an order awaiting staff whose THB
 * amount is at or above the web setting payoutApprovalThb is completed in two steps. The first
 * staff member's complete records the payout (reference and ticks) and the order waits, still
 * `request` for the member ("being checked"); another staff member approves it (-> `success`) or
 * sends it back with a note. The same person never takes both steps: each step is one conditional
 * update that names the preparer, so two racing requests can never both win.
 */
export function createPayoutApproval({ db, events, reads, staffOrder, withNotices, alerts }: ApprovalDeps) {
  const threshold = async () => (await reads.setting('payoutApprovalThb')).value;

  /** The order, awaiting staff, prepared by someone other than `staffId`: the preparer's id. */
  async function preparedByAnother(
    id: string,
    staffId: number,
  ): Promise<{ row: OrderRow; preparer: number }> {
    const row = await findOrder(db, id);
    if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
    if (row.status !== 'request') throw new AppError(E.TRANSACTION_STATUS_INVALID);
    const preparer = row.payout_prepared_by;
    if (preparer === null) throw new AppError(E.APPROVAL_NOT_AWAITED);
    if (preparer === staffId) throw new AppError(E.APPROVAL_SAME_STAFF);
    return { row, preparer };
  }

  /**
   * The answer when a conditional step matched nothing: someone else moved the order first (50014
   * once it is decided, else `moved`); or, for a step that pays out (`paysOut`, the preparer the
   * step expected), a hold on the member's payouts set after the step's check, which the step's
   * update checks again (50057).
   */
  async function lost(id: string, moved: ErrorDef, paysOut?: { preparer: number | null }): Promise<never> {
    const now = await findOrder(db, id);
    if (now?.status !== 'request') throw new AppError(E.TRANSACTION_STATUS_INVALID);
    const unmoved = paysOut !== undefined && now.payout_prepared_by === paysOut.preparer;
    if (unmoved && (await hasActiveFlag(db, now.member_id, 'payouts_held'))) {
      throw new AppError(E.PAYOUTS_HELD);
    }
    throw new AppError(moved);
  }

  async function announced(row: OrderRow): Promise<StaffOrder> {
    await events.publish('order.updated', orderUpdated(row));
    return staffOrder(row);
  }

  return {
    /** Whether this order's payout needs two staff (its THB amount at or above the setting). */
    async needsApproval(row: Pick<OrderRow, 'amount_thb'>): Promise<boolean> {
      return new Decimal(row.amount_thb).gte(await threshold());
    },

    /** The first step: the payout recorded by `staffId`, waiting for another's approval. */
    async prepare(
      actor: Actor,
      staffId: number,
      row: OrderRow,
      set: { payout_reference: string; slip_name_checked: boolean },
      noted: Record<string, unknown>,
    ): Promise<StaffOrder> {
      // The alert is queued in the step's transaction, so only a prepare that won alerts the desk.
      const after = await db.transaction().execute(async (t) => {
        const prepared = await preparePayout(t, row.id, staffId, set, {
          actor,
          entry: {
            action: 'order.payout.prepare',
            before: { status: 'request' },
            after: { status: 'request', awaitingApproval: true, ...set, ...noted },
          },
        });
        if (prepared) {
          const preparer = (await staffName(t, staffId))?.username ?? `#${staffId}`;
          await alerts.raise(t, payoutAwaitingApproval(prepared, preparer));
        }
        return prepared;
      });
      return after ? announced(after) : lost(row.public_id, E.APPROVAL_PENDING, { preparer: null });
    },

    async approve(actor: Actor, staffId: number, id: string): Promise<StaffOrder> {
      const { row, preparer } = await preparedByAnother(id, staffId);
      // Answered first; the approving update checks the hold again, so one set from now on stops it.
      if (await hasActiveFlag(db, row.member_id, 'payouts_held')) throw new AppError(E.PAYOUTS_HELD);
      const after = await withNotices((t) =>
        approvePrepared(t, row.id, preparer, staffId, {
          actor,
          entry: {
            action: 'order.complete',
            before: { status: 'request', preparedBy: preparer },
            after: { status: 'success', approvedBy: staffId, payout_reference: row.payout_reference },
          },
        }),
      );
      return after ? announced(after) : lost(id, E.APPROVAL_NOT_AWAITED, { preparer });
    },

    async sendBack(actor: Actor, staffId: number, id: string, note: string): Promise<StaffOrder> {
      const { row, preparer } = await preparedByAnother(id, staffId);
      const after = await unpreparePayout(db, row.id, preparer, {
        actor,
        entry: {
          action: 'order.payout.send_back',
          before: { status: 'request', preparedBy: preparer, payout_reference: row.payout_reference },
          after: { status: 'request', awaitingApproval: false },
          reason: note,
        },
      });
      return after ? announced(after) : lost(id, E.APPROVAL_NOT_AWAITED);
    },

    async approvalOf(id: string): Promise<PayoutApproval> {
      const row = await findOrder(db, id);
      if (!row) throw new AppError(E.TRANSACTION_NOT_FOUND);
      const limit = await threshold();
      const awaiting = row.status === 'request' && row.payout_prepared_by !== null;
      const preparer = awaiting ? await staffName(db, row.payout_prepared_by) : undefined;
      return {
        required: new Decimal(row.amount_thb).gte(limit),
        thresholdThb: limit,
        awaiting,
        preparedBy: preparer?.username ?? null,
        preparedAt: awaiting && row.payout_prepared_at ? iso(row.payout_prepared_at) : null,
      };
    },

    /** Payouts awaiting approval, oldest first, each overdue past payoutApprovalAlertMinutes. */
    async awaiting(now = new Date()): Promise<{ alertMinutes: number; items: PayoutAwaiting[] }> {
      const [rows, alertMinutes] = await Promise.all([
        awaitingApproval(db),
        reads.setting('payoutApprovalAlertMinutes').then((s) => s.value),
      ]);
      const cutoff = now.getTime() - alertMinutes * 60_000;
      return {
        alertMinutes,
        items: rows.map((r) => {
          const at = r.payout_prepared_at ?? now;
          return {
            id: r.public_id,
            type: r.type,
            memberId: r.member_id,
            username: r.username,
            amountThb: r.amount_thb,
            preparedBy: r.prepared_by,
            preparedAt: iso(at),
            overdue: at.getTime() <= cutoff,
          };
        }),
      };
    },
  };
}

export type PayoutApprovalDesk = ReturnType<typeof createPayoutApproval>;
