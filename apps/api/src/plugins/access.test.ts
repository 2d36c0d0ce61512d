import { type Access, ANY_STAFF, adminEndpoints, E, endpoint, STAFF_ROLES } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp } from '../../test/harness.ts';
import { clientSignature, createMember, createStaff, signIn } from '../../test/members.ts';
import { defineRoute } from '../http/route.ts';

/** One probe route per kind of access, as modules declare them in the contract. */
const PROBES = {
  public: 'public',
  signed: 'signed',
  member: 'member',
  admin: { staff: ['admin'] },
  operator: { staff: ['admin', 'operator'] },
  anyStaff: { staff: ANY_STAFF },
  enrolling: { staff: ANY_STAFF, secondFactor: false },
} as const satisfies Record<string, Access>;
type Probe = keyof typeof PROBES;

const probe = (name: Probe) =>
  endpoint({
    method: 'POST',
    path: `/api/test/access/${name}`,
    access: PROBES[name],
    summary: `probe of ${name} access`,
    result: z.object({ reached: z.literal(true), who: z.string() }),
  });

type Caller =
  | 'visitor'
  | 'signed visitor'
  | 'member'
  | 'admin'
  | 'operator'
  | 'viewer'
  | 'staff before second factor'
  | 'disabled staff'
  | 'expired staff session';

let app: FastifyInstance;
const headersOf = {} as Record<Caller, Record<string, string>>;

beforeAll(async () => {
  ({ app } = await testApp(
    {},
    {
      routes: (app) => {
        for (const name of Object.keys(PROBES) as Probe[]) {
          defineRoute(app, probe(name), async ({ req }) => ({
            reached: true as const,
            who: req.staff ? `staff:${req.staff.role}` : req.member ? 'member' : 'anyone',
          }));
        }
      },
    },
  ));
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const m = await createMember(app);
  headersOf.visitor = {};
  headersOf['signed visitor'] = { 'x-client-signature': await clientSignature(app) };
  headersOf.member = bearer(await signIn(app, m.username, m.password));
  for (const role of STAFF_ROLES) headersOf[role] = bearer((await createStaff(app, role)).token);
  headersOf['staff before second factor'] = bearer(
    (await createStaff(app, 'admin', { secondFactor: false })).token,
  );
  headersOf['disabled staff'] = bearer((await createStaff(app, 'admin', { disabled: true })).token);
  const expired = await createStaff(app, 'admin');
  await app.database.db
    .updateTable('staff_sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('staff_id', '=', expired.id)
    .execute();
  headersOf['expired staff session'] = bearer(expired.token);
});
afterAll(() => app.close());

/** What each caller gets from each probe: 0 is reached; otherwise the body code. */
const EXPECTED: Record<Caller, Record<Probe, number>> = {
  visitor: { public: 0, signed: 403, member: 500, admin: 500, operator: 500, anyStaff: 500, enrolling: 500 },
  'signed visitor': {
    public: 0,
    signed: 0,
    member: 500,
    admin: 500,
    operator: 500,
    anyStaff: 500,
    enrolling: 500,
  },
  // A member token is unknown to the staff table, and the reverse.
  member: { public: 0, signed: 403, member: 0, admin: 500, operator: 500, anyStaff: 500, enrolling: 500 },
  admin: { public: 0, signed: 403, member: 500, admin: 0, operator: 0, anyStaff: 0, enrolling: 0 },
  operator: { public: 0, signed: 403, member: 500, admin: 403, operator: 0, anyStaff: 0, enrolling: 0 },
  viewer: { public: 0, signed: 403, member: 500, admin: 403, operator: 403, anyStaff: 0, enrolling: 0 },
  'staff before second factor': {
    public: 0,
    signed: 403,
    member: 500,
    admin: 403,
    operator: 403,
    anyStaff: 403,
    enrolling: 0,
  },
  'disabled staff': {
    public: 0,
    signed: 403,
    member: 500,
    admin: 500,
    operator: 500,
    anyStaff: 500,
    enrolling: 500,
  },
  'expired staff session': {
    public: 0,
    signed: 403,
    member: 500,
    admin: 501,
    operator: 501,
    anyStaff: 501,
    enrolling: 501,
  },
};

describe('access control: every kind of access against every kind of caller', () => {
  it('answers exactly the table: reached, or the code the apps act on', async () => {
    const actual = {} as Record<Caller, Record<Probe, number>>;
    for (const caller of Object.keys(EXPECTED) as Caller[]) {
      actual[caller] = {} as Record<Probe, number>;
      for (const name of Object.keys(PROBES) as Probe[]) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/test/access/${name}`,
          headers: { 'content-type': 'application/json', ...headersOf[caller] },
          payload: '{}',
        });
        actual[caller][name] = res.json<{ code: number }>().code;
        if (res.json<{ code: number }>().code !== 0) expect(res.body).not.toContain('reached');
      }
    }
    expect(actual).toEqual(EXPECTED);
  });

  it('tells a staff session without its second factor why it is refused', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/access/anyStaff',
      headers: { ...headersOf['staff before second factor'], 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: E.ACCESS_DENIED.code,
      result: { period: { secondFactor: 'required' } },
    });
  });

  it('gives the handler who is calling: the staff role, or the member', async () => {
    const call = async (name: Probe, caller: Caller) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/test/access/${name}`,
          headers: { ...headersOf[caller], 'content-type': 'application/json' },
          payload: '{}',
        })
      ).json<{ result: { period: { who: string } } }>().result.period.who;
    expect(await call('anyStaff', 'viewer')).toBe('staff:viewer');
    expect(await call('member', 'member')).toBe('member');
  });

  it('refuses to start when an /api/ route declares no access', async () => {
    await expect(
      testApp(
        {},
        {
          routes: (app) => {
            app.post('/api/test/undeclared', async () => ({ open: true }));
          },
        },
      ),
    ).rejects.toThrow(/declares no access/);
  });

  it('every admin endpoint of the contract but staff sign-in names at least one staff role', () => {
    const { staffLogin, ...staffOnly } = adminEndpoints;
    expect(staffLogin.access).toBe('public');
    for (const e of Object.values(staffOnly)) {
      expect(typeof e.access === 'object' && e.access.staff.length > 0, e.path).toBe(true);
    }
  });
});
