import { type Dashboard, E, type Waiting } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTables, testApp, unique } from '../../../test/harness.ts';
import { insertKycSubmission } from '../../../test/kyc-rows.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { staffCall } from '../../../test/staff-calls.ts';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

let app: FastifyInstance;
let database: Database;
let viewer: TestStaff;

beforeAll(async () => {
  ({ app, database } = await testApp());
  viewer = await createStaff(app, 'viewer');
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  // Member ids restart at 1, so the audit rows that named the old members go too: a later test
  // file that reads the audit rows of its own member by id must not find another's.
  await resetTables(database, 'members', 'kyc_submissions', 'transactions', 'files', 'audit_log');
});

async function member(db: Kysely<DB>, createdAt: Date): Promise<number> {
  const username = unique('d').slice(0, 20);
  const row = await db
    .insertInto('members')
    .values({
      username,
      password_hash: 'x',
      first_name: 'A',
      last_name: 'B',
      phone: `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      email: `${username.toLowerCase()}@example.com`,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function order(
  db: Kysely<DB>,
  memberId: number,
  status: 'pending' | 'request' | 'success',
  deadline: Date,
) {
  await db
    .insertInto('transactions')
    .values({
      public_id: unique('o'),
      member_id: memberId,
      type: 'buy',
      status,
      rate: '36.00',
      amount_thb: '1000.00',
      amount_usdt: '27.77',
      total: '1000.00',
      deadline_at: deadline,
    })
    .execute();
}

describe('the dashboard', () => {
  // 01:30 on 24 November in Bangkok.
  const now = new Date('2026-11-23T18:30:00Z');

  it('counts new members by the Bangkok day, not the UTC one', async () => {
    const { db } = database;
    await member(db, new Date('2026-11-23T17:10:00Z')); // 00:10 on the 24th in Bangkok: today
    await member(db, new Date('2026-11-23T16:50:00Z')); // 23:50 on the 23rd in Bangkok: yesterday
    await member(db, new Date('2026-10-01T00:00:00Z')); // before the chart's 30 days
    const dashboard = await app.services.dashboard.read(30, now);
    expect(dashboard.membersTotal).toBe(3);
    expect(dashboard.membersNewToday).toBe(1);
    expect(dashboard.signupsPerDay).toHaveLength(30);
    expect(dashboard.signupsPerDay.at(-1)).toEqual({ date: '2026-11-24', count: 1 });
    expect(dashboard.signupsPerDay.at(-2)).toEqual({ date: '2026-11-23', count: 1 });
    expect(dashboard.signupsPerDay[0]).toEqual({ date: '2026-10-26', count: 0 });
  });

  it('counts a KYC as waiting only when it is the member’s newest submission', async () => {
    const { db } = database;
    const waiting = await member(db, now);
    await insertKycSubmission(db, waiting, 'failed');
    await insertKycSubmission(db, waiting, 'waiting');
    const decided = await member(db, now);
    await insertKycSubmission(db, decided, 'waiting');
    await db
      .updateTable('kyc_submissions')
      .set({ status: 'verified' })
      .where('member_id', '=', decided)
      .execute();
    const dashboard = await app.services.dashboard.read(30, now);
    expect(dashboard.kycWaiting).toBe(1);
  });

  it('counts open orders by status: pending ones still payable, and every request', async () => {
    const { db } = database;
    const id = await member(db, now);
    const later = new Date(now.getTime() + 600_000);
    await order(db, id, 'pending', later);
    await order(db, id, 'pending', new Date(now.getTime() - 1)); // past its deadline
    await order(db, id, 'request', later);
    await order(db, id, 'request', later);
    await order(db, id, 'success', later);
    const dashboard = await app.services.dashboard.read(30, now);
    expect(dashboard.ordersOpen).toEqual({ pending: 1, request: 2 });
  });

  it('shows the rates in force and who set them', async () => {
    await app.services.rates.set(
      { type: 'operator', id: 'root' },
      { buyRate: '36.40', sellRate: '35.40', sellFeePercent: '1' },
    );
    const { status, body } = await staffCall<Dashboard>(
      app,
      viewer.token,
      'GET',
      '/api/admin/dashboard?days=7',
    );
    expect(status).toBe(200);
    expect(body.result?.period.rates).toMatchObject({
      buyRate: '36.40',
      sellRate: '35.40',
      setBy: 'operator:root',
    });
    expect(body.result?.period.signupsPerDay).toHaveLength(7);
  });

  it('lists what the desk must still set before it opens, for the console to show', async () => {
    await resetTables(database, 'settings');
    await createStaff(app, 'admin');
    await app.services.rates.set(
      { type: 'operator', id: 'root' },
      { buyRate: '36.40', sellRate: '35.40', sellFeePercent: '1' },
    );
    const { body } = await staffCall<Dashboard>(app, viewer.token, 'GET', '/api/admin/dashboard');
    expect(body.result?.period.setupMissing).toEqual(['deskBankAccounts', 'receivingAddresses', 'locations']);
  });

  it('shows each use of break-glass of the last 7 days, newest first, with who ran it on the server', async () => {
    const use = (
      command: string,
      username: string,
      daysAgo: number,
      outcome: 'success' | 'failure' = 'success',
    ) => ({
      actor_type: 'operator' as const,
      actor_id: 'root',
      action: 'staff.breakGlass',
      target: 'staff:1',
      after: JSON.stringify({ command, username }),
      outcome,
      created_at: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await database.db
      .insertInto('audit_log')
      .values([
        use('staff:create', 'tooold', 7.01),
        use('staff:create', 'alice', 6.9),
        use('staff:unlock', 'alice', 1),
        use('staff:create', 'failed', 0.5, 'failure'),
      ])
      .execute();
    const { body } = await staffCall<Dashboard>(app, viewer.token, 'GET', '/api/admin/dashboard');
    expect(body.result?.period.breakGlass).toEqual([
      { at: expect.any(String), command: 'staff:unlock', username: 'alice', osUser: 'root' },
      { at: expect.any(String), command: 'staff:create', username: 'alice', osUser: 'root' },
    ]);
  });

  it('answers 70001 for a day count outside 1 to 90', async () => {
    for (const days of ['0', '91', 'abc', '1.5']) {
      const { status, body } = await staffCall(app, viewer.token, 'GET', `/api/admin/dashboard?days=${days}`);
      expect(status).toBe(400);
      expect(body.code).toBe(E.DASHBOARD_INCORRECT.code);
    }
  });
});

describe('what waits for staff (the console menu and tab title)', () => {
  it('counts orders waiting for a decision apart from payouts waiting for approval, newest identity reviews, and waiting income proofs', async () => {
    const { db } = database;
    const now = new Date();
    const id = await member(db, now);
    const later = new Date(now.getTime() + 600_000);
    await order(db, id, 'pending', later);
    await order(db, id, 'request', later);
    await order(db, id, 'request', later);
    await order(db, id, 'request', later);
    await order(db, id, 'success', later);
    const admin = await createStaff(app, 'admin');
    await db
      .updateTable('transactions')
      .set({ payout_prepared_by: admin.id, payout_prepared_at: now })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('transactions')
          .select((e) => e.fn.min('id').as('id'))
          .where('status', '=', 'request'),
      )
      .execute();
    await insertKycSubmission(db, id, 'waiting');
    const page = await db
      .insertInto('files')
      .values({ purpose: 'proof', mime: 'image/png', size: 1, sha256: 'x', bytes: new Uint8Array([1]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('income_proofs')
      .values([
        { member_id: id, kind: 'payslip', page1_file_id: page.id, status: 'refused' },
        { member_id: id, kind: 'payslip', page1_file_id: page.id, status: 'waiting' },
      ])
      .execute();
    const { status, body } = await staffCall<Waiting>(app, viewer.token, 'GET', '/api/admin/waiting');
    expect(status).toBe(200);
    expect(body.result?.period).toEqual({ orders: 2, approvals: 1, kyc: 1, proofs: 1 });
  });

  it('is refused without a staff session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/waiting' });
    expect(res.statusCode).toBe(401);
  });
});
