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
export { createMessageSeal, holdsSecret, type MessageSeal, SECRET_KINDS } from './sealing.ts';
export { createNotificationWorker, type NotificationWorker, retryDelayMs } from './worker.ts';
