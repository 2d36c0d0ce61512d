import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';

const FRONT = 'https://app.bahtdesk.example';

let app: FastifyInstance;
let sameOrigin: FastifyInstance;

beforeAll(async () => {
  ({ app } = await testApp({ CORS_ORIGINS: `${FRONT}, https://admin.bahtdesk.example` }));
  ({ app: sameOrigin } = await testApp());
});

afterAll(async () => {
  await app.close();
  await sameOrigin.close();
});

const preflight = (target: FastifyInstance, origin: string) =>
  target.inject({
    method: 'OPTIONS',
    url: '/api/external/home/getRate',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, authorization',
    },
  });

describe('cross-origin calls (CORS_ORIGINS)', () => {
  it('answers the preflight of a listed origin with the methods and headers the app sends', async () => {
    const res = await preflight(app, FRONT);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT);
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(res.headers['access-control-allow-headers']).toContain('authorization');
    expect(res.headers['access-control-allow-headers']).toContain('x-client-signature');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a listed origin read API answers, error envelopes included', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: '/api/external/home/maintenanceStatus',
      headers: { origin: FRONT },
    });
    expect(ok.headers['access-control-allow-origin']).toBe(FRONT);
    expect(ok.headers.vary).toContain('origin');
    const missing = await app.inject({ method: 'POST', url: '/api/nope', headers: { origin: FRONT } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(FRONT);
  });

  it('gives an unlisted origin nothing', async () => {
    const res = await preflight(app, 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('is off without CORS_ORIGINS: same origin only', async () => {
    const res = await preflight(sameOrigin, FRONT);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 405 });
  });
});
