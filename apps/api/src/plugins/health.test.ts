import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTables, testApp, testDatabase, unique } from '../../test/harness.ts';
import { insertKycSubmission } from '../../test/kyc-rows.ts';
import type { Database } from '../db/connection.ts';

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await testApp());
});

afterAll(async () => {
  await app.close();
});

async function appWithPing(ping: () => Promise<void>): Promise<FastifyInstance> {
  const { app } = await testApp({}, { database: { ...(await testDatabase()), ping } });
  return app;
}

describe('health', () => {
  it('/healthz answers without the database', async () => {
    const down = await appWithPing(() => Promise.reject(new Error('down')));
    const res = await down.inject({ method: 'GET', url: '/healthz' });
    await down.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'Succeed', result: { period: { status: 'ok' } } });
  });

  it('/readyz is ready when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.period.status).toBe('ready');
  });

  it('/readyz answers 503 with code 505 when the database fails', async () => {
    const down = await appWithPing(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    const res = await down.inject({ method: 'GET', url: '/readyz' });
    await down.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 505,
      message: 'Database problem',
      result: { period: { status: 'not ready' } },
    });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('/readyz answers 503 with code 505 while the event bus does not hear every change, and /metrics says so', async () => {
    // A listener that cannot connect (nothing listens on port 1): the bus stays disconnected.
    const database = {
      ...(await testDatabase()),
      kind: 'postgres' as const,
      url: 'postgres://127.0.0.1:1/none',
    };
    const { app: deaf } = await testApp({}, { database });
    try {
      const res = await deaf.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toEqual({
        code: 505,
        message: 'Database problem',
        result: { period: { status: 'not ready' } },
      });
      const { body } = await deaf.inject({ method: 'GET', url: '/metrics' });
      expect(sample(body, 'bahtdesk_event_bus_connected')).toBe(0);
      expect(sample(body, 'bahtdesk_event_bus_heartbeat_age_seconds')).toBeGreaterThanOrEqual(0);
    } finally {
      await deaf.close();
    }
  });

  it('/readyz answers 503 within about a second when the database hangs', async () => {
    const hung = await appWithPing(() => new Promise(() => {}));
    const started = Date.now();
    const res = await hung.inject({ method: 'GET', url: '/readyz' });
    await hung.close();
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('/metrics gives Prometheus text with request durations by route and status, and process metrics', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/no/such/page/never-a-label' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} \d+/,
    );
    expect(res.body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status_code="200"\}/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('nodejs_heap_size_used_bytes');
    expect(res.body).not.toContain('never-a-label');
  });
});

/** The value of one sample line of Prometheus text, e.g. `name{label="x"}`; undefined when absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics for the operator', () => {
  const HOUR_MS = 3_600_000;

  async function waitingOrderAndReview(confirmedAt: Date, appointmentAt: Date | null = null) {
    const { db } = database;
    const name = unique('m').slice(0, 20);
    const member = await db
      .insertInto('members')
      .values({
        username: name,
        password_hash: 'x',
        first_name: 'A',
        last_name: 'B',
        phone: `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        email: `${name.toLowerCase()}@example.com`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = {
      member_id: member.id,
      type: 'buy' as const,
      rate: '36.00',
      amount_thb: '1000.00',
      amount_usdt: '27.77',
      total: '1000.00',
      deadline_at: new Date(Date.now() + HOUR_MS),
    };
    await db
      .insertInto('transactions')
      .values([
        {
          ...order,
          public_id: unique('o'),
          status: 'request',
          confirmed_at: confirmedAt,
          ...(appointmentAt
            ? { payment_method: 'cash_appointment' as const, appointment_at: appointmentAt }
            : {}),
        },
        { ...order, public_id: unique('o'), status: 'pending' },
        {
          ...order,
          public_id: unique('o'),
          status: 'success',
          confirmed_at: new Date(Date.now() - 5 * HOUR_MS),
        },
      ])
      .execute();
    await insertKycSubmission(db, member.id, 'waiting');
    await db.insertInto('outbox').values({ channel: 'sms', recipient: '0800000000', body: 'code' }).execute();
  }

  it('shows orders by status, the staff queue and its oldest wait, identity reviews and the outbox backlog', async () => {
    await resetTables(database, 'members', 'kyc_submissions', 'transactions', 'files', 'audit_log', 'outbox');
    await waitingOrderAndReview(new Date(Date.now() - HOUR_MS));
    const { body } = await app.inject({ method: 'GET', url: '/metrics' });

    expect(sample(body, 'bahtdesk_orders{status="request"}')).toBe(1);
    expect(sample(body, 'bahtdesk_orders{status="pending"}')).toBe(1);
    expect(sample(body, 'bahtdesk_orders{status="success"}')).toBe(1);
    expect(sample(body, 'bahtdesk_orders{status="expired"}')).toBe(0);
    expect(sample(body, 'bahtdesk_orders_waiting_for_staff')).toBe(1);
    // Confirmed an hour before the scrape: the successful order's older confirmation does not count.
    const oldest = sample(body, 'bahtdesk_orders_oldest_wait_seconds') ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(3600);
    expect(oldest).toBeLessThan(5 * 3600);
    expect(sample(body, 'bahtdesk_identity_reviews_waiting')).toBe(1);
    expect(sample(body, 'bahtdesk_outbox_backlog{channel="sms"}')).toBe(1);
    expect(sample(body, 'bahtdesk_outbox_backlog{channel="email"}')).toBe(0);
  });

  it('rule: a cash appointment waits from its appointment time: one booked an hour ago for tomorrow is no wait', async () => {
    await resetTables(database, 'members', 'kyc_submissions', 'transactions', 'files', 'audit_log', 'outbox');
    await waitingOrderAndReview(new Date(Date.now() - HOUR_MS), new Date(Date.now() + 24 * HOUR_MS));
    const tomorrow = await app.inject({ method: 'GET', url: '/metrics' });
    expect(sample(tomorrow.body, 'bahtdesk_orders_waiting_for_staff')).toBe(1);
    expect(sample(tomorrow.body, 'bahtdesk_orders_oldest_wait_seconds')).toBe(0);
    await database.db
      .updateTable('transactions')
      .set({ appointment_at: new Date(Date.now() - 2 * 60_000) })
      .where('status', '=', 'request')
      .execute();
    const { body } = await app.inject({ method: 'GET', url: '/metrics' });
    const oldest = sample(body, 'bahtdesk_orders_oldest_wait_seconds') ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(120);
    expect(oldest).toBeLessThan(HOUR_MS / 1000);
  });

  it('reports no wait when no order waits for staff', async () => {
    await resetTables(database, 'members', 'kyc_submissions', 'transactions', 'files', 'audit_log', 'outbox');
    const { body } = await app.inject({ method: 'GET', url: '/metrics' });
    expect(sample(body, 'bahtdesk_orders_waiting_for_staff')).toBe(0);
    expect(sample(body, 'bahtdesk_orders_oldest_wait_seconds')).toBe(0);
    expect(sample(body, 'bahtdesk_identity_reviews_waiting')).toBe(0);
  });

  it('names every desk metric, the pool and heartbeat ones on PostgreSQL only', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/metrics' });
    for (const name of [
      'bahtdesk_orders',
      'bahtdesk_orders_waiting_for_staff',
      'bahtdesk_orders_oldest_wait_seconds',
      'bahtdesk_identity_reviews_waiting',
      'bahtdesk_outbox_backlog',
      'bahtdesk_delivery_failures_total',
      'bahtdesk_event_bus_connected',
      'bahtdesk_event_bus_publish_failures_total',
      'bahtdesk_image_jobs_waiting',
    ]) {
      expect(body).toMatch(new RegExp(`^# TYPE ${name} (gauge|counter)$`, 'm'));
    }
    expect(sample(body, 'bahtdesk_event_bus_connected')).toBe(1);
    expect(sample(body, 'bahtdesk_event_bus_publish_failures_total')).toBe(0);
    expect(sample(body, 'bahtdesk_delivery_failures_total{channel="sms"}')).toBe(0);
    expect(sample(body, 'bahtdesk_image_jobs_waiting')).toBe(0);
    const pool = [
      'bahtdesk_db_pool_in_use',
      'bahtdesk_db_pool_waiting',
      'bahtdesk_event_bus_heartbeat_age_seconds',
    ];
    if (database.kind === 'postgres') {
      for (const name of pool) expect(sample(body, name)).toBeGreaterThanOrEqual(0);
    } else {
      for (const name of pool) expect(body).not.toContain(name);
    }
  });

  it('still answers, without the database figures, when the database fails', async () => {
    const { app: broken } = await testApp();
    broken.services.orders.counts = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const res = await broken.inject({ method: 'GET', url: '/metrics' });
    await broken.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('bahtdesk_orders{');
    expect(res.body).toContain('bahtdesk_event_bus_connected 1');
  });
});
