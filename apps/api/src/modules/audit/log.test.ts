import { type AuditEntry, E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { periodOf, staffCall } from '../../../test/staff-calls.ts';
import { recordAudit } from './index.ts';

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

const log = async (query: string) =>
  periodOf(
    (
      await staffCall<{ items: AuditEntry[]; total: number }>(
        app,
        viewer.token,
        'GET',
        `/api/admin/audit?${query}`,
      )
    ).body,
  );

async function csv(query: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/admin/audit.csv?${query}`,
    headers: { authorization: `Bearer ${viewer.token}` },
  });
  return res;
}

describe('the audit log', () => {
  it('filters by actor username, action prefix and target prefix, newest first, with the actor name', async () => {
    const action = unique('test.act');
    const staff = { type: 'staff' as const, id: String(admin.id) };
    await recordAudit(app.database.db, staff, { action: `${action}.one`, target: 'thing:1' });
    await recordAudit(app.database.db, staff, { action: `${action}.two`, target: 'thing:2' });
    await recordAudit(
      app.database.db,
      { type: 'system', id: null },
      { action: `${action}.three`, target: 'thing:3' },
    );
    const page = await log(`actor=${admin.username.toUpperCase()}&action=${action}`);
    expect(page.items.map((e) => e.action)).toEqual([`${action}.two`, `${action}.one`]);
    expect(page.items[0]?.actorName).toBe(admin.username);
    expect((await log(`action=${action}&target=thing:3`)).items.map((e) => e.action)).toEqual([
      `${action}.three`,
    ]);
    expect((await log(`actor=${admin.id}&action=${action}`)).total).toBe(2);
  });

  it('treats % and _ in a prefix as the characters themselves', async () => {
    const action = unique('test.pct');
    await recordAudit(app.database.db, { type: 'system', id: null }, { action: `${action}.x` });
    expect((await log(`action=${action.slice(0, -2)}%25`)).total).toBe(0);
    expect((await log(`action=${action.slice(0, -1)}_`)).total).toBe(0);
    expect((await log(`action=${action}`)).total).toBe(1);
  });

  it('reads dates as Bangkok calendar days, both ends included', async () => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const action = unique('test.day');
    await recordAudit(app.database.db, { type: 'system', id: null }, { action });
    expect((await log(`action=${action}&from=${today}&to=${today}`)).total).toBe(1);
    expect((await log(`action=${action}&to=2020-01-01`)).total).toBe(0);
  });

  it.each([
    ['from after to', 'from=2026-02-01&to=2026-01-31'],
    ['a range over 366 days', 'from=2024-01-01&to=2025-01-02'],
    ['a date that does not exist', 'from=2026-02-30'],
    ['a date written otherwise', 'to=01/02/2026'],
  ])('answers 60001 for %s, for the list and the CSV', async (_name, query) => {
    const res = await staffCall(app, viewer.token, 'GET', `/api/admin/audit?${query}`);
    expect(res.body.code).toBe(E.REPORT_INCORRECT.code);
    expect((await csv(query)).json().code).toBe(E.REPORT_INCORRECT.code);
  });

  it('exports CSV with RFC 4180 quoting and formulas defused', async () => {
    const action = unique('test.csv');
    await recordAudit(
      app.database.db,
      { type: 'staff', id: String(admin.id) },
      { action, target: '=HYPERLINK("http://evil")', reason: 'say "hi", then\nleave', after: { a: 1 } },
    );
    const res = await csv(`action=${action}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"id","created_at","actor_type","actor_id","actor_name","action","target","before","after","reason","ip","outcome"',
    );
    expect(lines[1]).toContain(`"${admin.username}","${action}","'=HYPERLINK(""http://evil"")",""`);
    expect(lines[1]).toContain('"{""a"":1}","say ""hi"", then\nleave"');
    expect(lines).toHaveLength(3);
  });

  it('exports every matching row, past one batch', async () => {
    const action = unique('test.many');
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      actor_type: 'system' as const,
      actor_id: null,
      action,
      target: `n:${i}`,
    }));
    await app.database.db.insertInto('audit_log').values(rows).execute();
    const res = await csv(`action=${action}`);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 1203);
    expect(lines[1]).toContain('"n:1202"');
  });
});
