import type { RateHistoryEntry } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { staffCall } from '../../../test/staff-calls.ts';

let app: FastifyInstance;
let admin: TestStaff;
let viewer: TestStaff;

beforeAll(async () => {
  ({ app } = await testApp());
  admin = await createStaff(app, 'admin');
  viewer = await createStaff(app, 'viewer');
});

afterAll(async () => {
  await app.close();
});

describe('the rates history', () => {
  it('lists every change newest first, with the username of the staff member who set it', async () => {
    // Near the rates in force, so neither change needs a confirmation.
    await app.services.rates.set(
      { type: 'system', id: null },
      { buyRate: '36.00', sellRate: '35.00', sellFeePercent: '1' },
    );
    await staffCall(app, admin.token, 'POST', '/api/admin/rates', {
      buyRate: '36.10',
      sellRate: '35.10',
      sellFeePercent: '1.5',
    });
    await staffCall(app, admin.token, 'POST', '/api/admin/rates', {
      buyRate: '36.20',
      sellRate: '35.20',
      sellFeePercent: '0.25',
    });
    const { body } = await staffCall<{ items: RateHistoryEntry[]; total: number }>(
      app,
      viewer.token,
      'GET',
      '/api/admin/rates?pageSize=2',
    );
    const [newest, previous] = body.result?.period.items ?? [];
    expect(newest).toMatchObject({
      buyRate: '36.20',
      sellRate: '35.20',
      sellFeePercent: '0.25',
      setBy: admin.username,
    });
    expect(previous).toMatchObject({ buyRate: '36.10', sellFeePercent: '1.50', setBy: admin.username });
    expect(body.result?.period.total).toBeGreaterThanOrEqual(2);
  });

  it('names the recorded setter when no staff account set the rates', async () => {
    await app.services.rates.set(
      { type: 'operator', id: 'root' },
      { buyRate: '37.00', sellRate: '36.00', sellFeePercent: '1' },
    );
    const { body } = await staffCall<{ items: RateHistoryEntry[] }>(
      app,
      viewer.token,
      'GET',
      '/api/admin/rates?pageSize=1',
    );
    expect(body.result?.period.items[0]?.setBy).toBe('operator:root');
  });

  it('only lets admins set the rates', async () => {
    const res = await staffCall(app, viewer.token, 'POST', '/api/admin/rates', {
      buyRate: '36.20',
      sellRate: '35.20',
      sellFeePercent: '1',
    });
    expect(res.status).toBe(403);
  });
});
