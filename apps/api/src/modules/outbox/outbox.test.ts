import type { OutboxMessage } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { periodOf, staffCall } from '../../../test/staff-calls.ts';

let app: FastifyInstance;
let operator: TestStaff;
let viewer: TestStaff;

beforeAll(async () => {
  ({ app } = await testApp());
  operator = await createStaff(app, 'operator');
  viewer = await createStaff(app, 'viewer');
});

afterAll(async () => {
  await app.close();
});

describe('the outbox in the back office', () => {
  it('lists the messages newest first, paged, to operators; not to viewers', async () => {
    const older = unique('older');
    const newer = unique('newer');
    for (const body of [older, newer]) {
      await app.database.db
        .insertInto('outbox')
        .values({ channel: 'sms', recipient: '0812345678', body })
        .execute();
    }
    const list = async (pageSize: number) =>
      periodOf(
        (
          await staffCall<{ items: OutboxMessage[]; total: number }>(
            app,
            operator.token,
            'GET',
            `/api/admin/outbox?pageSize=${pageSize}`,
          )
        ).body,
      );
    // The worker's database is shared: other suites may queue messages meanwhile, so the test
    // looks for its own two among the newest.
    const page = await list(50);
    const ours = page.items.filter((m) => m.body === older || m.body === newer);
    expect(ours.map((m) => m.body)).toEqual([newer, older]);
    expect(ours[0]).toMatchObject({ channel: 'sms', recipient: '0812345678', sentAt: null });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await list(2)).items).toHaveLength(2);
    expect((await staffCall(app, viewer.token, 'GET', '/api/admin/outbox')).status).toBe(403);
  });
});
