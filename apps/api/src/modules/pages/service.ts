import type { AdminHtmlPage, HtmlPage, HtmlPageInput } from '@bahtdesk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, HtmlPagesTable } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { findAllPages, findPageRow, upsertPage } from './repository.ts';
import { sanitizeHtml } from './sanitize.ts';

function toAdminPage(row: Selectable<HtmlPagesTable>): AdminHtmlPage {
  return {
    link: row.link,
    titleEn: row.title_en,
    titleTh: row.title_th,
    bodyEn: sanitizeHtml(row.body_en),
    bodyTh: sanitizeHtml(row.body_th),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Staff-written pages ('manual', 'calculator', ...), bilingual, stored and served sanitised. */
export function createPagesService(db: Kysely<DB>, events: Pick<EventBus, 'publish'>) {
  return {
    async find(link: string): Promise<HtmlPage | undefined> {
      const row = await findPageRow(db, link);
      if (!row) return undefined;
      return {
        link: row.link,
        title: { en: row.title_en, th: row.title_th },
        body: { en: sanitizeHtml(row.body_en), th: sanitizeHtml(row.body_th) },
        updatedAt: row.updated_at.toISOString(),
      };
    },

    /** Every page as the back office edits it, by link. */
    async list(): Promise<{ items: AdminHtmlPage[] }> {
      return { items: (await findAllPages(db)).map(toAdminPage) };
    },

    /**
     * Creates the page or replaces its content, with an audit row, in one transaction (`trx` to
     * join the caller's; the caller then announces `pages.changed`). Answers the page as stored.
     */
    async publish(actor: Actor, input: HtmlPageInput, trx?: Kysely<DB>): Promise<AdminHtmlPage> {
      const values = {
        title_en: input.titleEn,
        title_th: input.titleTh,
        body_en: sanitizeHtml(input.bodyEn),
        body_th: sanitizeHtml(input.bodyTh),
      };
      const write = async (t: Kysely<DB>) => {
        const before = await findPageRow(t, input.link);
        const row = await upsertPage(t, input.link, values);
        // The bodies can be long: the audit row keeps the titles and the body sizes.
        await recordAudit(t, actor, {
          action: before ? 'page.update' : 'page.create',
          target: `page:${input.link}`,
          before: before ? { title_en: before.title_en, title_th: before.title_th } : null,
          after: {
            title_en: values.title_en,
            title_th: values.title_th,
            body_en_length: values.body_en.length,
            body_th_length: values.body_th.length,
          },
        });
        return toAdminPage(row);
      };
      if (trx) return write(trx);
      const page = await db.transaction().execute(write);
      await events.publish('pages.changed', { link: input.link });
      return page;
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
