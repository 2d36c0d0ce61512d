import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/connection.ts';
import { testApp } from '../harness.ts';
import { createStaff } from '../members.ts';
import { fuzzEndpoints } from './requests.ts';

/**
 * The back-office API (`/api/admin/...`) under generated requests, most of them carrying an admin's
 * staff session (so they reach validation and the handler whatever roles the endpoint allows). Each
 * request gets a fresh session of that admin: sign-out, or resetting the admin's own second factor,
 * ends the session it is called with.
 */
let app: FastifyInstance;
let database: Database;
let adminId: number;
let settingsBefore: { key: string; value: unknown; updated_at: Date }[];

beforeAll(async () => {
  ({ app, database } = await testApp());
  ({ id: adminId } = await createStaff(app, 'admin'));
  settingsBefore = await database.db.selectFrom('settings').selectAll().execute();
});

const freshSession = async () =>
  (await app.services.sessions.startStaff(adminId, { ip: '127.0.0.1', userAgent: 'fuzz' }, true)).token;

// Generated bodies save real settings (maintenance among them): put them back as they were, so the
// suites that run after this one on the worker's database see the site as they left it.
afterAll(async () => {
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('settings').execute();
    if (settingsBefore.length > 0) {
      await trx
        .insertInto('settings')
        .values(settingsBefore.map((r) => ({ ...r, value: JSON.stringify(r.value) })))
        .execute();
    }
  });
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
