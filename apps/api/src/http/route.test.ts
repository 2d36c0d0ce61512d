import { endpoint } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp } from '../../test/harness.ts';
import { csvLine, defineRoute, Kept } from './route.ts';

/** How many times the response schema has checked an answer. */
let checked = 0;
const counted = z.object({
  n: z.number().refine(() => {
    checked += 1;
    return true;
  }),
  variant: z.string(),
});

const keptEndpoint = endpoint({
  method: 'GET',
  path: '/api/test/kept',
  access: 'public',
  summary: 'A kept answer',
  query: z.object({ variant: z.string().default(''), keep: z.enum(['yes', 'no']).default('yes') }),
  result: counted,
});
const brokenEndpoint = endpoint({
  method: 'GET',
  path: '/api/test/kept-broken',
  access: 'public',
  summary: 'A kept answer that breaks its own schema',
  result: z.object({ n: z.number() }),
});

const bodies = new Map<string, string>();
const brokenBodies = new Map<string, string>();
let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await testApp(
    {},
    {
      routes: (app) => {
        defineRoute(app, keptEndpoint, async ({ query }) => {
          const value = { n: 1, variant: query.variant };
          return new Kept(value, query.keep === 'yes' ? bodies : undefined, query.variant);
        });
        defineRoute(
          app,
          brokenEndpoint,
          async () => new Kept({ n: 'one' } as unknown as { n: number }, brokenBodies),
        );
      },
    },
  ));
});
afterAll(() => app.close());

const get = (url: string, lang?: string) =>
  app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });

describe('a kept answer', () => {
  it('is checked by the response schema and serialised once per language and variant, then sent as kept', async () => {
    checked = 0;
    const first = await get('/api/test/kept?variant=a');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 0, message: 'Succeed', result: { period: { n: 1, variant: 'a' } } });
    expect(checked).toBe(1);
    const again = await get('/api/test/kept?variant=a');
    expect(again.body).toBe(first.body);
    expect(checked).toBe(1);

    const thai = await get('/api/test/kept?variant=a', 'th');
    expect(thai.json().message).not.toBe('Succeed');
    expect((await get('/api/test/kept?variant=b')).json().result.period.variant).toBe('b');
    expect(checked).toBe(3);
    expect([...bodies.keys()].sort()).toEqual(['en:a', 'en:b', 'th:a']);
  });

  it('goes out as API JSON with every header any answer has', async () => {
    const res = await get('/api/test/kept?variant=a');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('is serialised every time when there is nowhere to keep it', async () => {
    checked = 0;
    await get('/api/test/kept?variant=c&keep=no');
    await get('/api/test/kept?variant=c&keep=no');
    expect(checked).toBe(2);
  });

  it('that breaks its schema is refused like any answer, and nothing is kept', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/test/kept-broken');
      expect(res.statusCode).toBe(500);
      expect(res.json().code).not.toBe(0);
    }
    expect(brokenBodies.size).toBe(0);
  });
});

describe('CSV cells a spreadsheet would run as a formula', () => {
  const cell = (v: string | number) => csvLine([v]).slice(1, -3);

  it.each([
    ['=1+1'],
    ['+1'],
    ['-1+2'],
    ['-1e5'],
    ['-5.50)'],
    ['-'],
    ['+5.50'],
    ['@SUM(A1)'],
    ['\t=1'],
    ['\r=1'],
    // Full-width forms, which some spreadsheets read as the ASCII ones.
    ['\uFF1DHYPERLINK("http://evil")'],
    ['\uFF0B1'],
    ['\uFF0D1'],
    ['\uFF20SUM(A1)'],
    // Behind invisible format characters or spaces.
    ['\u200B=1+1'],
    ['\u200D\u200C+1'],
    ['\uFEFF=1'],
    ['\u202E=1'],
    ['\u2060@x'],
    [' =1'],
  ])('are shown as text: %j', (value) => {
    expect(cell(value)).toBe(`'${value.replaceAll('"', '""')}`);
  });

  it.each([['plain text'], ['1=1'], ['a\u200B=b'], ['\u200Bplain']])(
    'leaves other text alone: %j',
    (value) => {
      expect(cell(value)).toBe(value);
    },
  );

  it('leaves numbers alone, negative ones too', () => {
    expect(cell(-5)).toBe('-5');
  });

  it.each([['-5.50'], ['-1'], ['-0.001'], ['12500.50']])(
    'leaves a plain signed decimal a number a spreadsheet can add: %j',
    (value) => {
      expect(cell(value)).toBe(value);
    },
  );
});
