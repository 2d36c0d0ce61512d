export { createDeskAlerts, type DeskAlert, type DeskAlerts, deskRecipients } from './desk-alerts.ts';
export { orderWaiting, orderWaitingLong, payoutAwaitingApproval } from './messages.ts';
