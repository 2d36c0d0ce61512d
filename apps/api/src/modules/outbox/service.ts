import type { OutboxMessage } from '@bahtdesk/contract';
import type { Kysely, Selectable } from 'kysely';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB, OutboxTable } from '../../db/schema.ts';
import { latestOutbox, outboxBacklog, outboxPage } from '../../delivery/outbox.ts';
import { holdsSecret } from '../../notifications/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';

/**
 * A message as staff see it: kind, channel, recipient, state, attempts and errors, and the text of
 * a notice; the text of a message holding a secret (a one-time code, a username) is never shown,
 * whatever its row holds (decision 0095).
 */
function staffView(r: Selectable<OutboxTable>): OutboxMessage {
  const secret = holdsSecret(r.kind);
  return {
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: secret ? null : r.subject,
    body: secret ? null : r.body,
    state: r.state,
    kind: r.kind,
    lang: r.lang,
    attempts: r.attempts,
    nextAttemptAt: r.state === 'pending' ? r.next_attempt_at.toISOString() : null,
    lastError: r.last_error,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
  };
}

/**
 * The outbox as staff read it: every message to members and the desk, and where its delivery
 * stands (the notification queue, decision 0077). Reading it writes an audit row naming who read
 * which page (`outbox.read`), in the console and on the command line alike.
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

    /** One page, newest first, for the console; audited. */
    async list(actor: Actor, request: PageRequest): Promise<Page<OutboxMessage>> {
      const { rows, total } = await outboxPage(db, pageWindow(request));
      await recordAudit(db, actor, {
        action: 'outbox.read',
        target: 'outbox',
        after: { page: request.page, pageSize: request.pageSize },
      });
      return { ...request, total, items: rows.map(staffView) };
    },

    /** The newest `limit` messages, for the command line; audited. */
    async latest(actor: Actor, limit: number): Promise<OutboxMessage[]> {
      const rows = await latestOutbox(db, limit).execute();
      await recordAudit(db, actor, { action: 'outbox.read', target: 'outbox', after: { limit } });
      return rows.map(staffView);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
