import type { OutboxMessage } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import { outboxPage } from '../../delivery/outbox.ts';

/**
 * The outbox as staff read it: the one-time-code messages kept while no SMTP or SMS gateway is
 * configured, so staff can help a member by phone.
 */
export function createOutboxService(db: Kysely<DB>) {
  return {
    async list(request: PageRequest): Promise<Page<OutboxMessage>> {
      const { rows, total } = await outboxPage(db, pageWindow(request));
      return {
        ...request,
        total,
        items: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          createdAt: r.created_at.toISOString(),
          sentAt: r.sent_at?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
