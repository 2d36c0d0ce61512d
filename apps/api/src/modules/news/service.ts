import type { NewsInput, NewsItem } from '@bahtdesk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, NewsTable } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { sanitizeHtml } from '../pages/index.ts';
import { findPublishedNews, insertNews } from './repository.ts';

function toItem(row: Selectable<NewsTable>): NewsItem {
  return {
    id: row.id,
    title: { en: row.title_en, th: row.title_th },
    body: { en: sanitizeHtml(row.body_en), th: sanitizeHtml(row.body_th) },
    publishedAt: (row.published_at ?? row.created_at).toISOString(),
  };
}

/** News written by staff: bilingual, bodies sanitised HTML when stored and again when served. */
export function createNewsService(db: Kysely<DB>, events: Pick<EventBus, 'publish'>) {
  return {
    async listPublished(options: { limit: number; id?: number | undefined }): Promise<NewsItem[]> {
      return (await findPublishedNews(db, options, new Date())).map(toItem);
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
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
