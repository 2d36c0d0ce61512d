import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, testDatabase } from '../../test/harness.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await testApp());
});

afterAll(async () => {
  await app.close();
});

async function appWithPing(ping: () => Promise<void>): Promise<FastifyInstance> {
  const { app } = await testApp({}, { database: { ...(await testDatabase()), ping } });
  return app;
}

describe('health', () => {
  it('/healthz answers without the database', async () => {
    const down = await appWithPing(() => Promise.reject(new Error('down')));
    const res = await down.inject({ method: 'GET', url: '/healthz' });
    await down.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'Succeed', result: { period: { status: 'ok' } } });
  });

  it('/readyz is ready when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.period.status).toBe('ready');
  });

  it('/readyz answers 503 with code 505 when the database fails', async () => {
    const down = await appWithPing(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    const res = await down.inject({ method: 'GET', url: '/readyz' });
    await down.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 505,
      message: 'Database problem',
      result: { period: { status: 'not ready' } },
    });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('/readyz answers 503 within about a second when the database hangs', async () => {
    const hung = await appWithPing(() => new Promise(() => {}));
    const started = Date.now();
    const res = await hung.inject({ method: 'GET', url: '/readyz' });
    await hung.close();
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('/metrics gives Prometheus text with request durations by route and status, and process metrics', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/no/such/page/12345' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} \d+/,
    );
    expect(res.body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status_code="200"\}/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('nodejs_heap_size_used_bytes');
    expect(res.body).not.toContain('12345');
  });
});
