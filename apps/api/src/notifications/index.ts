export { enqueue, type QueuedMessage } from './queue.ts';
export { createNotificationWorker, type NotificationWorker, retryDelayMs } from './worker.ts';
