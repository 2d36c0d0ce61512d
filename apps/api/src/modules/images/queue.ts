import { E } from '@bahtdesk/contract';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.ts';

/**
 * The image work of this process (full decodes, re-encodes, slip QR reads) runs one job at a time,
 * and at most IMAGE_JOBS_WAITING_MAX jobs wait (decision 0048). sharp runs each job on a thread of
 * libuv's pool, the pool password hashing (argon2) and file reads use too: one job at a time leaves
 * the rest of the pool and the other core to sign-ins and every other request, and holds one
 * decoded image in memory instead of one per upload in flight.
 */
export const IMAGE_JOBS_AT_ONCE = 1;
/** Past this many waiting jobs an upload answers 50050 at once instead of holding its body longer. */
export const IMAGE_JOBS_WAITING_MAX = 16;

// libvips: one thread per job, and no operation cache, so a job's pixels are freed when it ends.
sharp.concurrency(1);
sharp.cache(false);

const queue = pLimit(IMAGE_JOBS_AT_ONCE);

/** Runs `job` when its turn comes; 50050 (nothing run) when too many jobs already wait. */
export function imageWork<T>(job: () => Promise<T>): Promise<T> {
  if (queue.pendingCount >= IMAGE_JOBS_WAITING_MAX) return Promise.reject(new AppError(E.UPLOADS_BUSY));
  return queue(job);
}

const later = pLimit(1);
const IDLE_POLL_MS = 25;

/**
 * Image work no request waits for (a slip's QR read after the confirm answered, decision 0062):
 * one at a time, and each starts only when no other image job runs or waits, so it never holds
 * an upload back in the queue; an upload that arrives while one runs waits for that one only.
 */
export function imageWorkWhenIdle<T>(job: () => Promise<T>): Promise<T> {
  return later(async () => {
    while (queue.activeCount > 0 || queue.pendingCount > 0) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    }
    return imageWork(job);
  });
}

/** Jobs running and waiting now. */
export function imageQueueState(): { running: number; waiting: number } {
  return { running: queue.activeCount, waiting: queue.pendingCount };
}
