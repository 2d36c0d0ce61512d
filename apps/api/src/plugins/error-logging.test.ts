import { E, endpoint } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp } from '../../test/harness.ts';
import { AppError } from '../http/app-error.ts';
import { defineRoute } from '../http/route.ts';

const SECRET_TOKEN = 'tok_5f0c1d2e3a4b';
const SECRET_PASSWORD = 'hunter2hunter2';
const ACCOUNT_NUMBER = '7301946285';

const boom = endpoint({
  method: 'POST',
  path: '/api/test/boom',
  access: 'public',
  summary: 'Throws an unexpected error',
  body: z.object({ password: z.string() }),
  result: z.null(),
});
const closed = endpoint({
  method: 'POST',
  path: '/api/test/closed',
  access: 'public',
  summary: 'Refused while the site is in maintenance',
  body: z.object({ password: z.string() }),
  result: z.null(),
});
const taken = endpoint({
  method: 'POST',
  path: '/api/test/taken',
  access: 'public',
  summary: 'Fails with a catalogue error',
  body: z.object({ password: z.string() }),
  result: z.null(),
});

const failingRow = endpoint({
  method: 'POST',
  path: '/api/test/failing-row',
  access: 'public',
  summary: 'Fails as the database does when a row breaks a constraint, after logging bank accounts',
  body: z.object({ password: z.string() }),
  result: z.null(),
});

let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  ({ app } = await testApp(
    { LOG_LEVEL: 'info' },
    {
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
      routes: (app) => {
        defineRoute(app, boom, async () => {
          throw Object.assign(new Error('duplicate key value violates unique constraint "members_pkey"'), {
            password: SECRET_PASSWORD,
          });
        });
        defineRoute(app, closed, async () => {
          throw new AppError(E.UNAVAILABLE);
        });
        defineRoute(app, taken, async () => {
          throw new AppError(E.USERNAME_TAKEN);
        });
        defineRoute(app, failingRow, async ({ req }) => {
          req.log.info(
            {
              entry: { accountNumber: ACCOUNT_NUMBER },
              setting: { value: [{ bankCode: 'KBANK', accountNumber: ACCOUNT_NUMBER }] },
              order: { bank_account_number: ACCOUNT_NUMBER },
            },
            'bank accounts at hand',
          );
          throw Object.assign(
            new Error(
              'null value in column "account_name" of relation "bank_accounts" violates not-null constraint',
            ),
            { code: '23502', detail: `Failing row contains (12, 7, KBANK, ${ACCOUNT_NUMBER}, null).` },
          );
        });
      },
    },
  ));
});

afterAll(async () => {
  await app.close();
});

const send = (url: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: { password: SECRET_PASSWORD },
    headers: { authorization: `Bearer ${SECRET_TOKEN}`, cookie: `session=${SECRET_TOKEN}` },
  });

const failures = (reqId: string) =>
  lines.filter((l) => l.reqId === reqId && (l.msg === 'request failed' || l.msg === 'request rejected'));

describe('error logging', () => {
  it('logs an unexpected error once, at error level, with the request id and the real cause', async () => {
    const res = await send('/api/test/boom');
    const logged = failures(String(res.headers['x-request-id']));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, code: 998 });
    expect(JSON.stringify(logged[0])).toContain('members_pkey');
    expect(res.body).not.toContain('members_pkey');
  });

  it('logs a rejected request once, at info level, with its code', async () => {
    const res = await send('/api/test/taken');
    const logged = failures(String(res.headers['x-request-id']));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      code: E.USERNAME_TAKEN.code,
      status: E.USERNAME_TAKEN.status,
    });
  });

  it('logs a call refused during maintenance (997) as a rejection at info level, not as a failure', async () => {
    const res = await send('/api/test/closed');
    expect(res.json().code).toBe(E.UNAVAILABLE.code);
    const logged = failures(String(res.headers['x-request-id']));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, msg: 'request rejected', code: E.UNAVAILABLE.code });
  });

  it('never writes a bank account number: not in a field logged, nor in the failing row a database error repeats', async () => {
    const res = await send('/api/test/failing-row');
    const reqId = String(res.headers['x-request-id']);
    const ofRequest = lines.filter((l) => l.reqId === reqId);
    expect(ofRequest.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['bank accounts at hand', 'request failed']),
    );
    // The cause is still there to read: the constraint and the table, without the row's values.
    expect(JSON.stringify(failures(reqId))).toContain('violates not-null constraint');
    expect(JSON.stringify(ofRequest)).not.toContain(ACCOUNT_NUMBER);
  });

  it('never writes a password, token or cookie to the log', () => {
    const all = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThan(0);
    expect(all).not.toContain(SECRET_PASSWORD);
    expect(all).not.toContain(SECRET_TOKEN);
  });
});
