import type { FastifyInstance } from 'fastify';
import type { Database } from './db/connection.ts';

/**
 * Stops serving gracefully: the listener closes at once (new connections are refused), requests
 * already in flight run to completion, and only then does the database close. A keep-alive
 * connection whose request finishes during shutdown is closed as soon as it is idle (Node's
 * server.close() only closes the connections idle at the moment it is called). Resolves true when
 * all of it finished within `timeoutMs`, false when it did not (the caller then exits anyway).
 */
export async function stopGracefully(
  app: FastifyInstance,
  database: Database,
  timeoutMs: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const stopped = (async () => {
    await app.close();
    await database.close();
    return true as const;
  })();
  try {
    return await Promise.race([stopped, timedOut]);
  } finally {
    clearTimeout(timer);
    clearInterval(sweeper);
  }
}
