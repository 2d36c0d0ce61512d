import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { testApp } from './harness.ts';

/**
 * A test file's app listening on a free local port, for tests that read its event streams over
 * HTTP: started before the file's tests (handed to `started` with its address), closed after.
 */
export function listeningTestApp(
  started: (listening: { app: FastifyInstance; url: string }) => void | Promise<void>,
) {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    ({ app } = await testApp());
    await started({ app, url: await app.listen({ host: '127.0.0.1', port: 0 }) });
  });
  afterAll(() => app?.close());
}
