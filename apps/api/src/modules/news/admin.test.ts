import { type AdminNewsItem, E, type NewsItem } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';

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

const input = (title: string) => ({
  titleEn: title,
  titleTh: `ข่าว ${title}`,
  bodyEn: '<p>Hello <script>alert(1)</script><b>there</b></p>',
  bodyTh: '<p onclick="x()">สวัสดี</p>',
});

/** The item as getNews serves it to members; undefined when they cannot see it. */
async function memberNews(id: number): Promise<NewsItem | undefined> {
  const res = await app.inject({ method: 'GET', url: `/api/external/home/getNews?id=${id}` });
  return res.json().result?.period.items[0];
}

const create = (title: string, published: boolean) =>
  staffCall<AdminNewsItem>(app, admin.token, 'POST', '/api/admin/news', { ...input(title), published });

describe('back-office news', () => {
  it('stores bodies sanitised exactly as getNews serves them', async () => {
    const { body } = await create(unique('n'), true);
    const item = periodOf(body);
    expect(item.bodyEn).toBe('<p>Hello <b>there</b></p>');
    expect(item.bodyTh).not.toContain('onclick');
    const served = await memberNews(item.id);
    expect(served?.body).toEqual({ en: item.bodyEn, th: item.bodyTh });
  });

  it('keeps a draft from members until it is published, and hides it again when unpublished', async () => {
    const title = unique('draft');
    const { body } = await create(title, false);
    const id = periodOf(body).id;
    expect(body.result?.period.publishedAt).toBeNull();
    expect(await memberNews(id)).toBeUndefined();

    const published = await staffCall<AdminNewsItem>(
      app,
      admin.token,
      'POST',
      `/api/admin/news/${id}/publish`,
      {
        published: true,
      },
    );
    expect(published.body.result?.period.publishedAt).not.toBeNull();
    expect(await memberNews(id)).toBeDefined();

    await staffCall(app, admin.token, 'POST', `/api/admin/news/${id}/publish`, { published: false });
    expect(await memberNews(id)).toBeUndefined();
    const [unpublish] = await auditRows(app, 'news.unpublish', `news:${id}`);
    expect(unpublish?.actor_id).toBe(String(admin.id));
    expect(unpublish?.before).toMatchObject({ title_en: title });
    expect(unpublish?.after).toMatchObject({ published_at: null });
  });

  it('audits an edit with the content before and after', async () => {
    const { body } = await create(unique('old'), true);
    const id = periodOf(body).id;
    const title = unique('new');
    const res = await staffCall<AdminNewsItem>(
      app,
      admin.token,
      'POST',
      `/api/admin/news/${id}`,
      input(title),
    );
    expect(res.body.result?.period.titleEn).toBe(title);
    const [row] = await auditRows(app, 'news.update', `news:${id}`);
    expect(row?.before).toMatchObject({ title_en: periodOf(body).titleEn });
    expect(row?.after).toMatchObject({ title_en: title, body_en: '<p>Hello <b>there</b></p>' });
  });

  it('deletes an item for good, keeping its content in the audit row', async () => {
    const title = unique('gone');
    const { body } = await create(title, true);
    const id = periodOf(body).id;
    const res = await staffCall(app, admin.token, 'POST', `/api/admin/news/${id}/delete`);
    expect(res.body).toMatchObject({ code: 0, result: { period: null } });
    expect(await memberNews(id)).toBeUndefined();
    const [row] = await auditRows(app, 'news.delete', `news:${id}`);
    expect(row?.before).toMatchObject({ title_en: title });
    expect(row?.after).toBeNull();
  });

  it('answers 30016 for an item that does not exist, and changes nothing', async () => {
    for (const url of ['/api/admin/news/999999999', '/api/admin/news/999999999/delete']) {
      const res = await staffCall(app, admin.token, 'POST', url, input('x'));
      expect(res.body.code).toBe(E.NEWS_NOT_FOUND.code);
    }
    expect(await auditRows(app, 'news.update', 'news:999999999')).toHaveLength(0);
  });

  it('refuses an item without a title in both languages with 30017', async () => {
    const res = await staffCall(app, admin.token, 'POST', '/api/admin/news', {
      ...input('x'),
      titleTh: ' ',
      published: true,
    });
    expect(res.body.code).toBe(E.NEWS_INVALID.code);
  });

  it('lists drafts and published items, newest first, to every role; only admins write', async () => {
    const a = periodOf((await create(unique('first'), false)).body);
    const b = periodOf((await create(unique('second'), true)).body);
    const { body } = await staffCall<{ items: AdminNewsItem[]; total: number }>(
      app,
      viewer.token,
      'GET',
      '/api/admin/news?pageSize=100',
    );
    const ids = body.result?.period.items.map((n) => n.id) ?? [];
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.indexOf(a.id)).toBeGreaterThanOrEqual(0);
    const denied = await staffCall(app, viewer.token, 'POST', '/api/admin/news', {
      ...input('v'),
      published: true,
    });
    expect(denied.status).toBe(403);
  });

  it('announces news.changed after a change commits', async () => {
    const names: string[] = [];
    const unsubscribe = app.events.subscribe((e) => {
      names.push(e.name);
    });
    await create(unique('event'), true);
    unsubscribe();
    expect(names).toContain('news.changed');
  });
});
