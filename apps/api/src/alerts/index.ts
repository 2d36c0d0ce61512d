export { createDeskAlerts, type DeskAlert, type DeskAlerts } from './desk-alerts.ts';
export { orderWaiting, payoutAwaitingApproval } from './messages.ts';
