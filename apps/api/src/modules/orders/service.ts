import { createOrderDesk, type DeskDeps } from './desk.ts';
import { createOrderLifecycle, type LifecycleDeps } from './lifecycle.ts';
import { createOrderReports } from './reports.ts';

/**
 * Buy and sell orders, by job: the member's lifecycle (lifecycle.ts), the staff desk (desk.ts) and
 * the reports (reports.ts), over one repository; answers.ts maps rows to what the calls answer.
 * ORDER_TRANSITIONS in the contract says which change starts from which status.
 */
export function createOrdersService(deps: LifecycleDeps & DeskDeps) {
  return {
    ...createOrderLifecycle(deps),
    ...createOrderDesk(deps),
    ...createOrderReports(deps.db),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
