import { type AdminNewsItem, E, type NewsInput, type NewsItem } from '@bahtdesk/contract';
import type { Kysely, Selectable } from 'kysely';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB, NewsTable } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { sanitizeHtml } from '../pages/index.ts';
import {
  countNews,
  deleteNewsRow,
  findNewsById,
  findNewsForUpdate,
  findNewsPage,
  findPublishedNews,
  insertNews,
  updateNewsRow,
} from './repository.ts';

type NewsRow = Selectable<NewsTable>;

function toItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    title: { en: row.title_en, th: row.title_th },
    body: { en: sanitizeHtml(row.body_en), th: sanitizeHtml(row.body_th) },
    publishedAt: (row.published_at ?? row.created_at).toISOString(),
  };
}

function toAdminItem(row: NewsRow): AdminNewsItem {
  return {
    id: row.id,
    titleEn: row.title_en,
    titleTh: row.title_th,
    bodyEn: sanitizeHtml(row.body_en),
    bodyTh: sanitizeHtml(row.body_th),
    publishedAt: row.published_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the audit log keeps of a news item: its whole content and whether it is published. */
function auditView(row: NewsRow) {
  return {
    title_en: row.title_en,
    title_th: row.title_th,
    body_en: row.body_en,
    body_th: row.body_th,
    published_at: row.published_at?.toISOString() ?? null,
  };
}

function sanitized(input: NewsInput) {
  return {
    title_en: input.titleEn,
    title_th: input.titleTh,
    body_en: sanitizeHtml(input.bodyEn),
    body_th: sanitizeHtml(input.bodyTh),
  };
}

/** News written by staff: bilingual, bodies sanitised HTML when stored and again when served. */
export function createNewsService(db: Kysely<DB>, events: Pick<EventBus, 'publish'>) {
  /**
   * Changes one news item in a transaction that locks it, with its audit row (before and after),
   * then announces `news.changed`. 30016 when there is no such item.
   */
  async function change(
    actor: Actor,
    id: number,
    action: string,
    apply: (t: Kysely<DB>, before: NewsRow) => Promise<NewsRow | null>,
  ): Promise<NewsRow | null> {
    const after = await db.transaction().execute(async (t) => {
      const before = await findNewsForUpdate(t, id);
      if (!before) throw new AppError(E.NEWS_NOT_FOUND);
      const row = await apply(t, before);
      await recordAudit(t, actor, {
        action,
        target: `news:${id}`,
        before: auditView(before),
        after: row ? auditView(row) : null,
      });
      return row;
    });
    await events.publish('news.changed', { id });
    return after;
  }

  return {
    async listPublished(options: { limit: number; id?: number | undefined }): Promise<NewsItem[]> {
      return (await findPublishedNews(db, options, new Date())).map(toItem);
    },

    /** Every item, drafts too, newest first (the back office). */
    async list(request: PageRequest): Promise<Page<AdminNewsItem>> {
      const [rows, total] = await Promise.all([findNewsPage(db, pageWindow(request)), countNews(db)]);
      return { ...request, total, items: rows.map(toAdminItem) };
    },

    /**
     * Publishes a news item now, with its audit row, in one transaction (`trx` to join the
     * caller's; the caller then announces `news.changed`). Returns its id.
     */
    async publish(actor: Actor, input: NewsInput, trx?: Kysely<DB>): Promise<number> {
      const write = async (t: Kysely<DB>) => {
        const id = await insertNews(t, {
          titleEn: input.titleEn,
          titleTh: input.titleTh,
          bodyEn: sanitizeHtml(input.bodyEn),
          bodyTh: sanitizeHtml(input.bodyTh),
          publishedAt: new Date(),
        });
        await recordAudit(t, actor, {
          action: 'news.publish',
          target: `news:${id}`,
          after: { title_en: input.titleEn, title_th: input.titleTh },
        });
        return id;
      };
      if (trx) return write(trx);
      const id = await db.transaction().execute(write);
      await events.publish('news.changed', { id });
      return id;
    },

    /** Adds a news item, published at once or as a draft; audited; announces `news.changed`. */
    async create(actor: Actor, input: NewsInput & { published: boolean }): Promise<AdminNewsItem> {
      const values = sanitized(input);
      const row = await db.transaction().execute(async (t) => {
        const id = await insertNews(t, {
          titleEn: values.title_en,
          titleTh: values.title_th,
          bodyEn: values.body_en,
          bodyTh: values.body_th,
          publishedAt: input.published ? new Date() : null,
        });
        const created = await findNewsById(t, id);
        await recordAudit(t, actor, {
          action: 'news.create',
          target: `news:${id}`,
          after: auditView(created),
        });
        return created;
      });
      await events.publish('news.changed', { id: row.id });
      return toAdminItem(row);
    },

    /** Replaces the titles and bodies of a news item (30016 when there is none). */
    async update(actor: Actor, id: number, input: NewsInput): Promise<AdminNewsItem> {
      const row = await change(actor, id, 'news.update', (t) => updateNewsRow(t, id, sanitized(input)));
      return toAdminItem(row as NewsRow);
    },

    /** Publishes (from now; an item already published keeps its date) or unpublishes a news item. */
    async setPublished(actor: Actor, id: number, published: boolean): Promise<AdminNewsItem> {
      const row = await change(actor, id, published ? 'news.publish' : 'news.unpublish', (t, before) =>
        updateNewsRow(t, id, { published_at: published ? (before.published_at ?? new Date()) : null }),
      );
      return toAdminItem(row as NewsRow);
    },

    /** Deletes a news item for good; the audit row keeps its content. */
    async remove(actor: Actor, id: number): Promise<null> {
      await change(actor, id, 'news.delete', async (t) => {
        await deleteNewsRow(t, id);
        return null;
      });
      return null;
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
