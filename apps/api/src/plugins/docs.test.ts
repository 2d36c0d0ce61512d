import { E, memberEndpoints as endpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await testApp());
});

afterAll(async () => {
  await app.close();
});

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; 'x-access'?: string; responses?: object }>>;
}

/** The contract endpoints this app serves (modules register theirs as they land). */
const served = () => Object.values(endpoints).filter((e) => app.hasRoute({ method: e.method, url: e.path }));

describe('/api/docs', () => {
  it('serves an OpenAPI 3.1 document with every contract endpoint the app serves, and nothing else', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = served().map((e) => `${e.method} ${e.path}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual(expected.sort());
  });

  it('documents each operation with its summary, access and response envelope', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<Doc>();
    for (const e of served()) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op?.summary).toBe(e.summary);
      expect(op?.['x-access']).toBe(e.access);
      expect(JSON.stringify(op?.responses)).toContain('"period"');
    }
  });

  it('serves a browsable page with every operation and no script', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const e of served()) expect(res.body).toContain(`<code>${e.path}</code>`);
    expect(res.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(res.body).toContain(`<td>${E.IP_BANNED.code}</td><td>429</td>`);
    const css = await app.inject({ method: 'GET', url: '/api/docs/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});
