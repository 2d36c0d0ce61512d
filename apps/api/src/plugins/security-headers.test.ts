import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';
import { contentSecurityPolicy } from './security-headers.ts';

let app: FastifyInstance;
let proxied: FastifyInstance;

beforeAll(async () => {
  ({ app } = await testApp());
  ({ app: proxied } = await testApp({ TRUST_PROXY: 'true', API_URL: 'https://api.bahtdesk.example/v1/' }));
});

afterAll(async () => {
  await app.close();
  await proxied.close();
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).not.toContain('unsafe');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers.server).toBeUndefined();
}

describe('security headers', () => {
  it('are on API JSON, which is never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are on error envelopes, which are never cached', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are on event streams, as on every other answer', async () => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const res = await fetch(`${url}/api/live`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expectSecurityHeaders(Object.fromEntries(res.headers));
    controller.abort();
  });

  it('are on HTML pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(res.headers);
  });

  it('send HSTS only for a request that came over TLS', async () => {
    const plain = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await proxied.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('let the browser connect to API_URL when it is another origin', async () => {
    const res = await proxied.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api.bahtdesk.example;",
    );
    expect(contentSecurityPolicy('')).toContain("connect-src 'self';");
  });
});
