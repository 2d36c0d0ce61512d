import { E, endpoint } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp } from '../../test/harness.ts';
import { createMember, signIn } from '../../test/members.ts';
import { defineRoute } from '../http/route.ts';

const STAFF_ONLY = endpoint({
  method: 'POST',
  path: '/api/admin/probe',
  access: { staff: ['admin'] },
  summary: 'A staff route, as the back office will add them.',
  result: z.object({ secret: z.string() }),
});

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp(
    {},
    { routes: (app) => defineRoute(app, STAFF_ONLY, async () => ({ secret: 'staff data' })) },
  ));
});
afterAll(() => app.close());

describe('access control', () => {
  it("refuses a 'staff' route to anyone until staff sessions check it: never open by default", async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await app.inject({ method: 'POST', url: STAFF_ONLY.path, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: E.NOT_ALLOWED.code, message: E.NOT_ALLOWED.en, result: null });
      expect(res.body).not.toContain('staff data');
    }
  });
});
