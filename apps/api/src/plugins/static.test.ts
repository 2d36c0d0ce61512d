import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let root: string;
let app: FastifyInstance;
let bare: FastifyInstance;

async function appServing(webDistDir: string, env: Record<string, string> = {}) {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1000', ...env }),
    webDistDir,
    adminDistDir: join(webDistDir, '..', 'admin'),
  };
  const built = await buildApp({ config, database: await testDatabase() });
  await built.ready();
  return built;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'bahtdesk-static-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  mkdirSync(join(root, 'admin', 'assets'), { recursive: true });
  writeFileSync(join(root, 'admin', 'index.html'), '<!doctype html><title>Back office</title>');
  writeFileSync(join(root, 'admin', 'assets', 'admin-def456.js'), SCRIPT);
  app = await appServing(dist, { API_URL: 'https://api.bahtdesk.example' });
  bare = await appServing(join(root, 'missing'));
});

afterAll(async () => {
  await app.close();
  await bare.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the built member app', () => {
  it('serves index.html at / revalidated on every load', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(SCRIPT);
  });

  it('sends the brotli file to a browser that accepts br, else gzip', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with the 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, result: null });
  });

  it('never serves files outside the build folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/../../package.json' });
    expect(res.statusCode).toBe(404);
    const encoded = await app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fpackage.json' });
    expect(encoded.statusCode).toBeGreaterThanOrEqual(400);
    expect(encoded.statusCode).toBeLessThan(500);
  });
});

describe('serving the built back office', () => {
  it('serves it under /admin/ with the same cache rules', async () => {
    const index = await app.inject({ method: 'GET', url: '/admin/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('Back office');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/admin/assets/admin-def456.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bare = await app.inject({ method: 'GET', url: '/admin' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/admin/');
  });
});

describe('/config.json', () => {
  it('is built at run time from API_URL and never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/config.json' });
    expect(res.json()).toEqual({ API_URL: 'https://api.bahtdesk.example' });
    expect(res.headers['cache-control']).toBe('no-cache');
    const same = await bare.inject({ method: 'GET', url: '/config.json' });
    expect(same.json()).toEqual({ API_URL: '' });
  });
});

describe('without a built member app', () => {
  it('still runs and / explains how to build it', async () => {
    const res = await bare.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
    const health = await bare.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
