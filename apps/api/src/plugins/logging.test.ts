import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';

type Line = Record<string, unknown>;

async function appLoggingAt(level: string): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const lines: Line[] = [];
  const { app } = await testApp(
    { LOG_LEVEL: level },
    { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
  );
  return { app, lines };
}

describe('request log', () => {
  let app: FastifyInstance;
  let lines: Line[];
  beforeAll(async () => {
    ({ app, lines } = await appLoggingAt('info'));
  });
  afterAll(() => app.close());

  it('writes one line per answered request: id, method, URL, address, status and time', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/external/user/getNetwork_bank',
      payload: {},
      headers: { authorization: 'Bearer tok_never_logged' },
    });
    const reqId = res.headers['x-request-id'];
    const mine = lines.filter((l) => l.reqId === reqId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'POST',
      url: '/api/external/user/getNetwork_bank',
      remoteAddress: '127.0.0.1',
      statusCode: 200,
    });
    expect(typeof mine[0]?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('tok_never_logged');
  });

  it('logs refused and unknown requests too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/route' });
    const mine = lines.filter((l) => l.reqId === res.headers['x-request-id']);
    expect(mine.map((l) => [l.msg, l.statusCode])).toContainEqual(['request completed', 404]);
  });

  it('keeps the health and metrics probes out of the info log', async () => {
    const before = lines.length;
    for (const url of ['/healthz', '/readyz', '/metrics']) await app.inject({ method: 'GET', url });
    expect(lines.slice(before).filter((l) => l.msg === 'request completed')).toEqual([]);
  });
});

describe('request log at debug', () => {
  it('writes the probes at debug level', async () => {
    const { app, lines } = await appLoggingAt('debug');
    try {
      await app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => l.url === '/healthz')).toMatchObject([{ level: 20, statusCode: 200 }]);
    } finally {
      await app.close();
    }
  });
});
