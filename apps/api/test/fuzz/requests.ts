import { appendFileSync } from 'node:fs';
import { type Access, bankByCode, type Endpoint, fillPath, thaiIdCheckDigit } from '@bahtdesk/contract';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Generated requests for the property of the fuzz suites (member.test.ts, admin.test.ts): whatever
 * body or query reaches any endpoint of the contract (valid shapes derived
 * from its zod schemas, near misses, arbitrary JSON, malformed JSON, other content types), with
 * or without valid credentials, the answer is never a 5xx and always the envelope
 * {code, message, result}. Most requests carry what the endpoint's access asks for (a member's
 * token, a clientSignature), so they get past authentication to validation and the handler.
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

const MAX_DEPTH = 6;
/**
 * Requests per endpoint under `npm test`, sized so that both databases' runs fit its budget: 150 on
 * PGlite, 100 on PostgreSQL, which runs the same handlers on the same SQL engine through another
 * driver (the deep tier sends 5,000 on each). Below 100 the check that authentication stopped
 * fewer than half of the requests would fail now and then by chance (2 in 7 carry no credentials).
 */
const DEFAULT_RUNS = process.env.TEST_DB === 'pg' ? 100 : 150;

/**
 * Rules a JSON Schema cannot state (checksums, magic bytes, cross-field checks) would make nearly
 * every generated sign-up or payment invalid; these hints, by field name, keep most samples valid
 * so the handlers behind validation are exercised too.
 */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
const ADDRESS_BY_NETWORK: Record<string, string> = {
  BEP20: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
  TETHER: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
  BEP2: 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2',
  SOLANA: 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz',
};
const calendarDate = fc
  .date({ min: new Date('2024-01-01'), max: new Date('2027-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const FIELD_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  phone: fc.stringMatching(/^0[689][0-9]{8}$/),
  email: fc.stringMatching(/^[a-z][a-z0-9]{2,10}@[a-z]{3,8}\.(com|co\.th|net)$/),
  uid: fc.stringMatching(/^[0-9]{5,20}$/),
  amountThb: fc.integer({ min: 1_000, max: 3_000_000 }).map(String),
  amountUsdt: fc.integer({ min: 100, max: 100_000 }).map(String),
  startDate: calendarDate,
  endDate: calendarDate,
  from: calendarDate,
  to: calendarDate,
  day: calendarDate,
  date: calendarDate,
  // A Thai ID card's number with its check digit right.
  idCardNumber: fc.stringMatching(/^[1-8][0-9]{11}$/).map((d) => `${d}${thaiIdCheckDigit(d)}`),
};

function fixUp(value: Record<string, unknown>): Record<string, unknown> {
  const v = { ...value };
  if (typeof v.password === 'string' && 'confirmPassword' in v) v.confirmPassword = v.password;
  const bank = typeof v.bankCode === 'string' ? bankByCode(v.bankCode) : undefined;
  if (bank && 'accountNumber' in v) v.accountNumber = '1234567890123'.slice(0, bank.accountDigits);
  if (typeof v.network === 'string' && 'address' in v) v.address = ADDRESS_BY_NETWORK[v.network] ?? v.address;
  return v;
}

/**
 * A suite's own hints, by field name: values only its data makes right (its member's order ids,
 * the rate in force, its saved entries). A name may start with the value of the object's
 * discriminator, the const field of one variant of a union: 'sell.rate', 'cash_deposit.id'. Each
 * is used three times in four; the schema's own values (or FIELD_HINTS) the fourth, so the
 * handlers' refusals of unknown ids and stale rates keep being exercised too. A name
 * 'header:<name>' (lower case) is a request header instead, sent three times in four. A name
 * 'query:<name>' is a query parameter every request carries, in place of any generated one (an
 * export's date range, kept narrow so that each request does not export every row there is).
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

interface Context {
  defs: Record<string, JsonSchema>;
  hints: Hints;
}

/** An arbitrary of values that fit a JSON Schema (as zod's toJSONSchema writes them). */
function fromSchema(schema: JsonSchema, context: Context, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const { defs, hints } = context;
  const next = (s: JsonSchema) => fromSchema(s, context, depth + 1);
  if (schema.$ref) {
    const target = defs[schema.$ref.replace('#/$defs/', '')];
    return target ? next(target) : fc.jsonValue();
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map(next));
  if (schema.allOf?.[0]) return next(schema.allOf[0]);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => next({ ...schema, type })));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const variant = Object.values(properties).find((p) => typeof p.const === 'string')?.const;
      const field = (k: string, v: JsonSchema) => {
        const own =
          FIELD_HINTS[k] ?? (/image$/i.test(k) && v.type === 'string' ? fc.constant(TINY_PNG) : next(v));
        const hint = (variant === undefined ? undefined : hints[`${variant}.${k}`]) ?? hints[k];
        return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: own }) : own;
      };
      const props = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, field(k, v)]));
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) }).map(fixUp);
    }
    case 'array':
      return fc.array(schema.items ? next(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1e6 - 1) + 1, -1e9),
        max: Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1e6 + 1) - 1, 1e9),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  const max = schema.maxLength ?? 40;
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, max));
    } catch {
      // a pattern fast-check cannot generate from: plain strings below
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 60), unit: 'grapheme' });
}

export function schemaArbitrary(zodSchema: z.ZodType | undefined, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (!zodSchema) return fc.constant(undefined);
  const json = z.toJSONSchema(zodSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromSchema(json, { defs: json.$defs ?? {}, hints });
}

/** A valid-looking value with one key dropped or replaced by arbitrary JSON. */
function nearMiss(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), fc.jsonValue({ maxDepth: 2 }), fc.boolean()).map(([v, n, junk, drop]) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return junk;
    const keys = Object.keys(v);
    if (keys.length === 0) return { [`k${n}`]: junk };
    const key = keys[n % keys.length] as string;
    const copy: Record<string, unknown> = { ...v };
    if (drop) delete copy[key];
    else copy[key] = junk;
    return copy;
  });
}

const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
];

/** What a request carries of what the endpoint's access asks for. */
export type Credentials = 'valid' | 'none' | 'junk';

/**
 * One request to an endpoint: body, query and path params of every kind, with a language, a client address,
 * and credentials (mostly valid ones: the test fills them in); `hints` are the suite's (Hints).
 */
export function requestFor(
  e: Endpoint,
  hints: Hints = {},
): fc.Arbitrary<{ request: InjectOptions; credentials: Credentials }> {
  const validBody = schemaArbitrary(e.body, hints);
  const validQuery = schemaArbitrary(e.query, hints);
  const body: fc.Arbitrary<{ payload?: string; type?: string }> = fc.oneof(
    {
      weight: 4,
      arbitrary: validBody.map((v) =>
        v === undefined ? {} : { payload: JSON.stringify(v), type: 'application/json' },
      ),
    },
    {
      weight: 2,
      arbitrary: nearMiss(validBody).map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc.jsonValue().map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.string().map((s) => ({ payload: s, type: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string(), fc.constantFrom(...OTHER_TYPES))
        .map(([s, type]) => ({ payload: s, type })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const query: fc.Arbitrary<Record<string, string>> = fc.oneof(
    validQuery.map((v) =>
      typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]),
          )
        : {},
    ),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 }), { maxKeys: 3 }),
  );
  // Path params (`:id`): mostly valid values, sometimes any text.
  const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const params: fc.Arbitrary<Record<string, string>> =
    names.length === 0
      ? fc.constant({})
      : fc.oneof(
          {
            weight: 4,
            arbitrary: schemaArbitrary(e.params, hints).map((v) =>
              Object.fromEntries(names.map((n) => [n, String((v as Record<string, unknown>)?.[n] ?? '')])),
            ),
          },
          {
            weight: 1,
            arbitrary: fc.record(Object.fromEntries(names.map((n) => [n, fc.string({ maxLength: 20 })]))),
          },
        );
  const hintedHeaders = fc.record(
    Object.fromEntries(
      Object.entries(hints)
        .filter(([k]) => k.startsWith('header:'))
        .map(([k, a]) => [k.slice('header:'.length), fc.option(a, { freq: 4, nil: undefined })]),
    ),
  );
  const hintedQuery = fc.record(
    Object.fromEntries(
      Object.entries(hints)
        .filter(([k]) => k.startsWith('query:'))
        .map(([k, a]) => [k.slice('query:'.length), a.map(String)]),
    ),
  );
  return fc
    .record({
      body,
      query,
      params,
      lang: fc.constantFrom(undefined, 'en', 'th', 'th-TH,th;q=0.9', '*', 'xx'),
      ip: fc.ipV4(),
      credentials: fc.constantFrom<Credentials>('valid', 'valid', 'valid', 'valid', 'valid', 'none', 'junk'),
      hinted: hintedHeaders,
      hintedQuery,
    })
    .map(({ body: b, query: q, params: p, lang, ip, credentials, hinted, hintedQuery: hq }) => ({
      credentials,
      request: {
        method: e.method,
        url: fillPath(e.path, p),
        query: { ...q, ...hq },
        remoteAddress: ip,
        ...(e.method === 'POST' && b.payload !== undefined ? { payload: b.payload } : {}),
        headers: {
          ...(e.method === 'POST' && b.type ? { 'content-type': b.type } : {}),
          ...(lang ? { 'accept-language': lang } : {}),
          ...Object.fromEntries(Object.entries(hinted).filter(([, v]) => v !== undefined)),
        },
      },
    }));
}

const envelopeSchema = z.strictObject({
  code: z.number().int(),
  message: z.string(),
  result: z.object({ period: z.unknown() }).nullable(),
});

/**
 * Generated requests to every endpoint: FUZZ_RUNS of them (`npm run test:deep` sets 5,000), by
 * default as many as fit the budget of `npm test`. Each run has a fresh seed, printed, so that
 * coverage accumulates over runs and FUZZ_SEED=<seed> FUZZ_RUNS=<runs> replays one.
 */
export const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS) || DEFAULT_RUNS;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
/** About 120 ms a request on a busy 2-core machine (argon2 on sign-up and payment changes), at least a minute. */
const fuzzTimeoutMs = (runs: number) => Math.max(60_000, 120 * runs);

/**
 * One endpoint's figures, as a JSON line appended to the file FUZZ_REPORT names (when set), for
 * `npm run test:deep` to sum up: requests, answers that were a 5xx (counted while fast-check
 * shrinks a failure too), milliseconds, the database and the seed.
 */
function recordFigures(figures: { endpoint: string; runs: number; serverErrors: number; ms: number }): void {
  const file = process.env.FUZZ_REPORT;
  if (!file) return;
  const line = { ...figures, ms: Math.round(figures.ms), database: process.env.TEST_DB, seed: SEED };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** What a suite adds to the generated requests of one endpoint, and what it expects of their answers. */
export interface FuzzOptions {
  /**
   * Run just before an endpoint's requests (after beforeAll): makes the data they should reach
   * (the member's orders, say) and gives the hints that point the generated values at it.
   */
  prepare?: (name: string) => Promise<Hints>;
  /** Checks the endpoint's answers, counted by code: that the hints took the requests deep. */
  expectCodes?: (name: string, codes: ReadonlyMap<number, number>, runs: number) => void;
  /**
   * The fewest requests an endpoint gets whatever FUZZ_RUNS says, for one whose expectCodes
   * compares counts that need that many to be steady (and whose cost is mostly in prepare).
   */
  minRuns?: (name: string) => number;
}

/**
 * The two properties over one map of endpoints: the generator makes mostly valid requests, and no
 * request gets a 5xx or anything but the envelope, while most get past authentication.
 * `credentials` gives the headers that satisfy an endpoint's access (or junk in their place).
 */
export function fuzzEndpoints(
  map: Record<string, Endpoint>,
  app: () => FastifyInstance,
  credentials: (e: { readonly access: Access }, kind: Credentials) => Promise<Record<string, string>>,
  { prepare, expectCodes, minRuns }: FuzzOptions = {},
): void {
  // An event stream takes no input and never ends: its access is covered by the access matrix.
  const all = Object.entries(map).filter(([, e]) => e.response !== 'events');
  process.stdout.write(
    `fuzz: ${RUNS_PER_ENDPOINT} requests per endpoint, seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS_PER_ENDPOINT} replays them)\n`,
  );

  describe('the generator of valid requests', () => {
    it('makes mostly valid bodies and queries for every endpoint, so handlers are reached', () => {
      for (const [name, e] of all) {
        for (const schema of [e.body, e.query]) {
          if (!schema) continue;
          const samples = fc.sample(schemaArbitrary(schema), { numRuns: 50, seed: 42 });
          const valid = samples.filter((v) => schema.safeParse(v).success).length;
          expect(valid, name).toBeGreaterThanOrEqual(10);
        }
      }
    });
  });

  // A CSV export answers every matching row: it runs first, before the generated writes of the
  // other endpoints add rows for each of its requests to export again.
  const runsFor = (name: string) => Math.max(RUNS_PER_ENDPOINT, minRuns?.(name) ?? 0);
  const withRuns = (cases: typeof all) => cases.map(([name, e]) => [name, runsFor(name), e] as const);
  const slow = withRuns(all.filter(([, e]) => e.response === 'csv'));
  const rest = withRuns(all.filter(([, e]) => e.response !== 'csv'));
  const longest = (cases: typeof rest) => Math.max(...cases.map(([, runs]) => runs));
  const groups = [
    { cases: slow, timeout: 3 * fuzzTimeoutMs(longest(slow)) },
    { cases: rest, timeout: fuzzTimeoutMs(longest(rest)) },
  ].filter((g) => g.cases.length > 0);

  describe.each(groups)('no request shape gives a 5xx', ({ cases, timeout }) => {
    it.each(cases)(
      '%s: %i generated requests, never a 5xx, always the envelope',
      async (name, runs, e) => {
        const codes = new Map<number, number>();
        const hints = prepare ? await prepare(name) : {};
        const started = performance.now();
        let serverErrors = 0;
        try {
          await fc.assert(
            fc.asyncProperty(requestFor(e, hints), async ({ request, credentials: kind }) => {
              const headers = { ...request.headers, ...(await credentials(e, kind)) };
              const res = await app().inject({ ...request, headers });
              if (res.statusCode >= 500) {
                serverErrors += 1;
                throw new Error(`${name}: HTTP ${res.statusCode} ${res.body}`);
              }
              // A CSV or file call answers CSV or the image when it succeeds, the envelope otherwise.
              if ((e.response === 'csv' || e.response === 'file') && res.statusCode === 200) {
                const type = e.response === 'csv' ? /^text\/csv/ : /^image\/(jpeg|png)$/;
                if (!type.test(String(res.headers['content-type']))) {
                  throw new Error(`${name}: a 200 that is not ${e.response === 'csv' ? 'CSV' : 'an image'}`);
                }
                codes.set(0, (codes.get(0) ?? 0) + 1);
                return;
              }
              const parsed = envelopeSchema.safeParse(JSON.parse(res.body));
              if (!parsed.success) throw new Error(`${name}: not an envelope: ${res.body.slice(0, 200)}`);
              if (parsed.data.code === 0 && parsed.data.result === null)
                throw new Error(`${name}: success without result`);
              codes.set(parsed.data.code, (codes.get(parsed.data.code) ?? 0) + 1);
            }),
            { numRuns: runs, seed: SEED },
          );
        } finally {
          recordFigures({
            endpoint: name,
            runs,
            serverErrors,
            ms: performance.now() - started,
          });
        }
        expect([...codes.values()].reduce((a, b) => a + b, 0)).toBe(runs);
        // Authentication let most requests through: they reached validation or the handler.
        const stopped = (codes.get(500) ?? 0) + (codes.get(403) ?? 0);
        expect(stopped, `${name}: ${JSON.stringify(Object.fromEntries(codes))}`).toBeLessThan(runs / 2);
        expectCodes?.(name, codes, runs);
      },
      // Most requests reach the handler: sign-up and the payment changes hash or verify a password
      // on each (argon2, as in production), which takes longer than the default 30 s on a busy
      // 2-core machine.
      timeout,
    );
  });
}
