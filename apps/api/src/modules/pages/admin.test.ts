import type { AdminHtmlPage } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { auditRows, staffCall } from '../../../test/staff-calls.ts';

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

const page = (link: string, title = 'Guide') => ({
  link,
  titleEn: title,
  titleTh: 'คู่มือ',
  bodyEn: '<h1>Guide</h1><img src="x" onerror="alert(1)"><script>steal()</script>',
  bodyTh: '<p>คู่มือ</p>',
});

describe('back-office HTML pages', () => {
  it('saves a new page sanitised, and getHtmlPage serves exactly that', async () => {
    const link = unique('p').toLowerCase();
    const { body } = await staffCall<AdminHtmlPage>(app, admin.token, 'POST', '/api/admin/pages', page(link));
    const saved = body.result?.period as AdminHtmlPage;
    expect(saved.bodyEn).not.toMatch(/script|onerror/);
    const res = await app.inject({ method: 'GET', url: `/api/external/home/getHtmlPage?link=${link}` });
    expect(res.json().result.period.body.en).toBe(saved.bodyEn);
  });

  it('audits a replacement with the titles before and after', async () => {
    const link = unique('p').toLowerCase();
    await staffCall(app, admin.token, 'POST', '/api/admin/pages', page(link, 'Old'));
    await staffCall(app, admin.token, 'POST', '/api/admin/pages', page(link, 'New'));
    const [row] = await auditRows(app, 'page.update', `page:${link}`);
    expect(row?.actor_id).toBe(String(admin.id));
    expect(row?.before).toMatchObject({ title_en: 'Old' });
    expect(row?.after).toMatchObject({ title_en: 'New' });
  });

  it('lists every page to every role; only admins save', async () => {
    const link = unique('p').toLowerCase();
    await staffCall(app, admin.token, 'POST', '/api/admin/pages', page(link));
    const { body } = await staffCall<{ items: AdminHtmlPage[] }>(
      app,
      viewer.token,
      'GET',
      '/api/admin/pages',
    );
    expect(body.result?.period.items.some((p) => p.link === link)).toBe(true);
    const denied = await staffCall(
      app,
      viewer.token,
      'POST',
      '/api/admin/pages',
      page(unique('v').toLowerCase()),
    );
    expect(denied.status).toBe(403);
  });

  it('previews HTML through the same sanitiser and stores nothing', async () => {
    const before = await app.database.db.selectFrom('html_pages').select('id').execute();
    const { body } = await staffCall<{ html: string }>(app, viewer.token, 'POST', '/api/admin/preview', {
      html: '<p>ok</p><script>x()</script><a href="javascript:alert(1)">a</a>',
    });
    expect(body.result?.period.html).not.toMatch(/script|javascript:/);
    expect(body.result?.period.html).toContain('<p>ok</p>');
    expect(await app.database.db.selectFrom('html_pages').select('id').execute()).toHaveLength(before.length);
  });
});
