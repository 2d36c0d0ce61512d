import type { Envelope } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';

/** A back-office call with a staff session, as the console makes it: HTTP status and envelope. */
export async function staffCall<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...headers,
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

/** The newest audit rows of one action on one target, newest first. */
export function auditRows(app: FastifyInstance, action: string, target: string) {
  return app.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .execute();
}

/** `result.period` of a successful answer; throws with the envelope otherwise. */
export function periodOf<T>(envelope: Envelope<T>): T {
  if (!envelope.result) throw new Error(`no result: ${JSON.stringify(envelope)}`);
  return envelope.result.period;
}
