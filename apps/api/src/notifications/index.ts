export {
  channelsFor,
  createNotices,
  type LineLinks,
  type Notice,
  type Notices,
  noLine,
  type Recipient,
  recipientOf,
} from './notices.ts';
export { enqueue, type QueuedMessage } from './queue.ts';
export { createNotificationWorker, type NotificationWorker, retryDelayMs } from './worker.ts';
