import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { resetTables, testApp } from '../harness.ts';
import { createStaff } from '../members.ts';
import { fuzzEndpoints } from './requests.ts';

/**
 * The back-office API (`/api/admin/...`) under generated requests, most of them carrying an admin's
 * staff session (so they reach validation and the handler whatever roles the endpoint allows).
 */
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  ({ app } = await testApp());
  ({ token } = await createStaff(app, 'admin'));
});

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
    return { authorization: kind === 'junk' ? 'Bearer not-a-token' : `Bearer ${token}` };
  },
);
