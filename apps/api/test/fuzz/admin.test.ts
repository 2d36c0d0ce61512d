import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { resetTables, testApp } from '../harness.ts';
import { createStaff } from '../members.ts';
import { fuzzEndpoints } from './requests.ts';

/**
 * The back-office API (`/api/admin/...`) under generated requests, most of them carrying an admin's
 * staff session (so they reach validation and the handler whatever roles the endpoint allows). Each
 * request gets a fresh session of that admin: sign-out, or resetting the admin's own second factor,
 * ends the session it is called with.
 */
let app: FastifyInstance;
let adminId: number;

beforeAll(async () => {
  ({ app } = await testApp());
  ({ id: adminId } = await createStaff(app, 'admin'));
});

const freshSession = async () =>
  (await app.services.sessions.startStaff(adminId, { ip: '127.0.0.1', userAgent: 'fuzz' }, true)).token;

afterAll(async () => {
  // The generated saves change web settings (maintenance too): later suites of this worker start from the defaults.
  await resetTables(app.database, 'settings');
  await app.events.publish('settings.changed');
  await app.close();
});

fuzzEndpoints(
  adminEndpoints,
  () => app,
  async (_e, kind): Promise<Record<string, string>> => {
    if (kind === 'none') return {};
    return { authorization: kind === 'junk' ? 'Bearer not-a-token' : `Bearer ${await freshSession()}` };
  },
);
