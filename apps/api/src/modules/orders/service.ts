import { TRANSACTION_STATUSES, type TransactionStatus } from '@bahtdesk/contract';
import { createOrderDesk, type DeskDeps } from './desk.ts';
import { createOrderLifecycle, type LifecycleDeps } from './lifecycle.ts';
import { createOrderReports } from './reports.ts';
import { countByStatus } from './repository.ts';
import { slipScans } from './slip-scan.ts';
import { createWaitAlerts, type WaitAlertDeps } from './wait-alerts.ts';

/** What /metrics reports of orders: how many in each status, and the queue staff must work. */
export interface OrderCounts {
  byStatus: Record<TransactionStatus, number>;
  /** Confirmed by the member (`request`), waiting for staff to complete or reject. */
  waitingForStaff: number;
  /** How long the oldest of those has waited since its confirmation (a cash appointment: its time); 0 when none waits. */
  oldestWaitSeconds: number;
}

/**
 * Buy and sell orders, by job: the member's lifecycle (lifecycle.ts), the staff desk (desk.ts) and
 * the reports (reports.ts) and the alert for orders waiting too long (wait-alerts.ts), over one repository; answers.ts maps rows to what the calls answer.
 * ORDER_TRANSITIONS in the contract says which change starts from which status.
 */
export function createOrdersService(deps: Omit<LifecycleDeps & DeskDeps, 'slips'> & WaitAlertDeps) {
  const slips = slipScans(deps);
  return {
    ...createOrderLifecycle({ ...deps, slips }),
    ...createOrderDesk({ ...deps, slips }),
    ...createOrderReports(deps.db),
    ...createWaitAlerts(deps),
    async counts(now = new Date()): Promise<OrderCounts> {
      const rows = await countByStatus(deps.db);
      const byStatus = Object.fromEntries(
        TRANSACTION_STATUSES.map((status) => [status, Number(rows.find((r) => r.status === status)?.n ?? 0)]),
      ) as Record<TransactionStatus, number>;
      const oldest = rows.find((r) => r.status === 'request')?.first_waiting_since;
      return {
        byStatus,
        waitingForStaff: byStatus.request,
        oldestWaitSeconds: oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0,
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
