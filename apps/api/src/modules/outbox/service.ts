import type { OutboxMessage } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import { outboxBacklog, outboxPage } from '../../delivery/outbox.ts';

/**
 * The outbox as staff read it: every message to members and where its delivery stands (the
 * notification queue, decision 0077). With no SMTP or SMS gateway configured the messages are kept
 * here only, so staff can help a member by phone.
 */
export function createOutboxService(db: Kysely<DB>) {
  return {
    /** Messages waiting in the outbox (not marked sent), by channel. */
    async backlog(): Promise<Record<OutboxMessage['channel'], number>> {
      const rows = await outboxBacklog(db);
      const of = (channel: OutboxMessage['channel']) =>
        Number(rows.find((r) => r.channel === channel)?.n ?? 0);
      return { email: of('email'), sms: of('sms'), line: of('line') };
    },

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
          state: r.state,
          kind: r.kind,
          lang: r.lang,
          attempts: r.attempts,
          nextAttemptAt: r.state === 'pending' ? r.next_attempt_at.toISOString() : null,
          lastError: r.last_error,
          createdAt: r.created_at.toISOString(),
          sentAt: r.sent_at?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
