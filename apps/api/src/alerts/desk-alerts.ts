import type { Kysely } from 'kysely';
import type { DeskAlertsConfig } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { enqueue, type QueuedMessage } from '../notifications/index.ts';

/** One alert for the desk's staff: English and Thai in the same message (decision 0080). */
export interface DeskAlert {
  /** The outbox row's kind, e.g. 'desk.orderWaitingLong'. */
  kind: string;
  subject: string;
  text: string;
}

/** Who receives desk alerts: each address of DESK_ALERT_EMAILS, and DESK_ALERT_LINE_GROUP. */
export function deskRecipients(config: DeskAlertsConfig): Pick<QueuedMessage, 'channel' | 'to'>[] {
  return [
    ...config.emails.map((to) => ({ channel: 'email' as const, to })),
    ...(config.lineGroup ? [{ channel: 'line' as const, to: config.lineGroup }] : []),
  ];
}

/**
 * The desk alert channel (decision 0080): every alert goes through the notification queue to each
 * address of DESK_ALERT_EMAILS and to DESK_ALERT_LINE_GROUP. Nothing configured: nothing queued.
 */
export function createDeskAlerts(config: DeskAlertsConfig) {
  const recipients = deskRecipients(config);
  return {
    /** Whether any recipient is configured (with none, raising an alert queues nothing). */
    configured: recipients.length > 0,
    /** Queues `alert` in `db`: pass the transaction of the change it tells about. */
    raise(db: Kysely<DB>, alert: DeskAlert): Promise<void> {
      return enqueue(
        db,
        recipients.map((r) => ({ ...r, ...alert, lang: 'th' as const })),
      );
    },
  };
}

export type DeskAlerts = ReturnType<typeof createDeskAlerts>;
