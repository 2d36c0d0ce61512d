export { createDeskAlerts, type DeskAlert, type DeskAlerts, deskRecipients } from './desk-alerts.ts';
export { breakGlassUsed, ordersWaitingLong, orderWaitingLong, payoutAwaitingApproval } from './messages.ts';
export { createOutageWatch, OUTAGE_TIMING, type OutageTiming, type OutageWatch } from './outage.ts';
