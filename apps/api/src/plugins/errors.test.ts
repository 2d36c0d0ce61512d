import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { codeMessage, E, endpoint } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp } from '../../test/harness.ts';
import type { Database } from '../db/connection.ts';
import { AppError } from '../http/app-error.ts';
import { defineRoute } from '../http/route.ts';

const echo = endpoint({
  method: 'POST',
  path: '/api/test/echo',
  access: 'public',
  summary: 'Echo a name',
  body: z.object({ name: z.string().min(2), bank: z.object({ accountNo: z.string().regex(/^\d+$/) }) }),
  result: z.object({ name: z.string() }),
});
const coded = endpoint({
  method: 'POST',
  path: '/api/test/coded',
  access: 'public',
  summary: 'Validates with catalogue-coded messages',
  body: z.object({ otp: z.string().regex(/^\d{6}$/, codeMessage(E.OTP_INCORRECT)), n: z.number() }),
  result: z.null(),
});
const lookup = endpoint({
  method: 'GET',
  path: '/api/test/lookup',
  access: 'public',
  summary: 'Look something up',
  query: z.object({ link: z.string().min(1) }),
  result: z.object({ link: z.string() }),
});
const refuse = endpoint({
  method: 'POST',
  path: '/api/test/refuse',
  access: 'public',
  summary: 'Always fails with a catalogue error',
  result: z.null(),
});
const crash = endpoint({
  method: 'POST',
  path: '/api/test/crash',
  access: 'public',
  summary: 'Throws an unexpected error',
  result: z.null(),
});
const badResult = endpoint({
  method: 'GET',
  path: '/api/test/bad-result',
  access: 'public',
  summary: 'Returns a result that breaks its own schema',
  result: z.object({ n: z.number() }),
});
const dbDown = endpoint({
  method: 'GET',
  path: '/api/test/db-down',
  access: 'public',
  summary: 'Fails like a lost database connection',
  result: z.null(),
});

const storeText = endpoint({
  method: 'POST',
  path: '/api/test/store-text',
  access: 'public',
  summary: 'Hands its text to the database unchecked',
  body: z.object({ text: z.string() }),
  result: z.string(),
});

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await testApp({}, { routes: addTestRoutes }));
});

function addTestRoutes(app: FastifyInstance, database: Database) {
  defineRoute(app, echo, async ({ body }) => ({ name: body.name }));
  defineRoute(app, coded, async () => null);
  defineRoute(app, lookup, async ({ query }) => ({ link: query.link }));
  defineRoute(app, refuse, async () => {
    throw new AppError(E.USERNAME_TAKEN, { field: 'username' });
  });
  defineRoute(app, crash, async () => {
    throw new Error('relation "members" does not exist at character 15 SELECT password_hash FROM members');
  });
  defineRoute(app, badResult, async () => ({ n: 'not a number' }) as unknown as { n: number });
  defineRoute(app, dbDown, async () => {
    throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
  });
  defineRoute(app, storeText, async ({ body }) => {
    const { rows } = await sql<{ t: string }>`select ${body.text}::text as t`.execute(database.db);
    return rows[0]?.t ?? '';
  });
}

afterAll(async () => {
  await app.close();
});

const postJson = (url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

function expectEnvelope(body: unknown, code: number) {
  expect(body).toMatchObject({ code, message: expect.any(String) });
  expect(Object.keys(body as object).sort()).toEqual(['code', 'message', 'result']);
}

describe('the one error path', () => {
  it('answers a valid request with code 0 and result.period', async () => {
    const res = await postJson(
      '/api/test/echo',
      JSON.stringify({ name: 'Somchai', bank: { accountNo: '123' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'Succeed', result: { period: { name: 'Somchai' } } });
  });

  it('answers a schema failure with code 400, HTTP 400 and the failing field paths', async () => {
    const res = await postJson('/api/test/echo', JSON.stringify({ name: 'S', bank: { accountNo: 'x1' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: 'Please enter correct information.',
      result: { period: { fields: ['name', 'bank.accountNo'] } },
    });
  });

  it('answers a schema failure with the catalogue code its first issue carries', async () => {
    const res = await postJson('/api/test/coded', JSON.stringify({ otp: '12a', n: 'x' }), {
      'accept-language': 'th',
    });
    expect(res.statusCode).toBe(E.OTP_INCORRECT.status);
    expect(res.json()).toEqual({
      code: E.OTP_INCORRECT.code,
      message: E.OTP_INCORRECT.th,
      result: { period: { fields: ['otp', 'n'] } },
    });
  });

  it('answers a query schema failure with code 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/lookup' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.period.fields).toEqual(['link']);
  });

  it('gives the message in Thai when Accept-Language asks for it', async () => {
    const res = await postJson('/api/test/echo', '{}', { 'accept-language': 'th-TH,th;q=0.9' });
    expect(res.json().message).toBe(E.INVALID_INPUT.th);
  });

  it('answers malformed JSON with code 400', async () => {
    const res = await postJson('/api/test/echo', '{"name": "Somchai",');
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), 400);
    expect(res.body).not.toMatch(/JSON|Unexpected|position/);
  });

  it('answers an empty JSON body with code 400', async () => {
    const res = await postJson('/api/test/echo', '');
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), 400);
  });

  it('answers a prototype-poisoning body with code 400', async () => {
    const res = await postJson('/api/test/echo', '{"__proto__": {"admin": true}, "name": "ab"}');
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), 400);
  });

  it('answers an unsupported content type with code 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '<name>x</name>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expectEnvelope(res.json(), 415);
  });

  it('answers a body over the limit with code 413', async () => {
    const res = await postJson('/api/test/echo', JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.json(), 413);
  });

  it('answers text the database cannot store (a NUL byte) with code 400, never a 5xx', async () => {
    const res = await postJson('/api/test/store-text', JSON.stringify({ text: 'a\u0000b' }));
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), 400);
  });

  it('answers an unknown route with code 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: E.NOT_FOUND.en, result: null });
  });

  it('answers a known path with the wrong method with code 405 and an Allow header', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/echo' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expectEnvelope(res.json(), 405);
    const del = await app.inject({ method: 'DELETE', url: '/api/test/lookup?link=a' });
    expect(del.statusCode).toBe(405);
    expect(String(del.headers.allow).split(', ').sort()).toEqual(['GET', 'HEAD']);
  });

  it('answers a malformed URL encoding with code 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.json(), 400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an AppError with its catalogue code, status and details', async () => {
    const res = await postJson('/api/test/refuse', '{}');
    expect(res.statusCode).toBe(E.USERNAME_TAKEN.status);
    expect(res.json()).toEqual({
      code: E.USERNAME_TAKEN.code,
      message: E.USERNAME_TAKEN.en,
      result: { period: { field: 'username' } },
    });
  });

  it('answers an unexpected exception with code 998, HTTP 500 and nothing of the error', async () => {
    const res = await postJson('/api/test/crash', '{}');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 998, message: E.SOMETHING_WRONG.en, result: null });
    expect(res.body).not.toMatch(/relation|SELECT|password|stack|at /);
  });

  it('answers a result that breaks its schema with code 998, not the validation detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/bad-result' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 998, message: E.SOMETHING_WRONG.en, result: null });
  });

  it('answers a lost database connection with code 505 and HTTP 503', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/db-down' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 505, message: E.DATABASE_PROBLEM.en, result: null });
  });

  it('tags every response with a request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a request the HTTP parser rejects with the envelope and the security headers', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 400,
      message: E.INVALID_INPUT.en,
      result: null,
    });
  });
});
