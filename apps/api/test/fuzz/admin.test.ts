import { adminEndpoints } from '@bahtdesk/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { resetTables, testApp } from '../harness.ts';
import { createStaff } from '../members.ts';
import { fuzzEndpoints, type Hints } from './requests.ts';

/**
 * The back-office API (`/api/admin/...`) under generated requests, most of them carrying an admin's
 * staff session (so they reach validation and the handler whatever roles the endpoint allows). Each
 * request gets a fresh session of that admin: sign-out, or resetting the admin's own second factor,
 * ends the session it is called with. The CSV exports are asked for a few days around a past day
 * with rows of their own (EXPORT_DAY), not for everything the worker's other suites wrote.
 */
let app: FastifyInstance;
let adminId: number;

beforeAll(async () => {
  ({ app } = await testApp());
  ({ id: adminId } = await createStaff(app, 'admin'));
});

/** A past day the audit export is asked about, with rows that need quoting and defusing. */
const EXPORT_DAY = '2025-03-14';
const EXPORT_ROWS = [
  'plain',
  '=HYPERLINK("http://evil")',
  'say "hi", then\nleave',
  'ชื่อ, นามสกุล',
  '+1-2',
  '@sum',
].map((target, i) => ({
  actor_type: 'system' as const,
  actor_id: null,
  action: `fuzz.export.${i}`,
  target,
  reason: target,
  created_at: new Date(`${EXPORT_DAY}T${String(i + 1).padStart(2, '0')}:00:00+07:00`),
}));

/** Days around EXPORT_DAY (from after to now and then: 60001), or any text. */
const exportDays = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('2025-03-13', EXPORT_DAY, '2025-03-15') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

async function prepare(name: string): Promise<Hints> {
  if (adminEndpoints[name as keyof typeof adminEndpoints]?.response !== 'csv') return {};
  if (name === 'auditCsv') await app.database.db.insertInto('audit_log').values(EXPORT_ROWS).execute();
  return { 'query:from': exportDays, 'query:to': exportDays };
}

const freshSession = async () =>
  (await app.services.sessions.startStaff(adminId, { ip: '127.0.0.1', userAgent: 'fuzz' }, true)).token;

afterAll(async () => {
  // The generated saves change web settings (maintenance too): later suites of this worker start from the defaults.
  await resetTables(app.database, 'settings');
  // And the closed days they add or open again: later suites book appointments on the seeded calendar.
  await app.database.db.deleteFrom('closed_days').where('source', '=', 'staff').execute();
  await app.database.db.updateTable('closed_days').set({ removed_at: null }).execute();
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
  { prepare },
);
