import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type Actor, type AuditEntry, countRecent, findRecent, insertAudit } from './repository.ts';

export { countRecent as countRecentAudits, findRecent as recentAudits };

/** A member acting through a request (the IP is the request's). */
export function memberActor(req: { ip: string }, memberId: number): Actor {
  return { type: 'member', id: String(memberId), ip: req.ip };
}

/** A staff member acting through a request. */
export function staffActor(req: { ip: string }, staffId: number): Actor {
  return { type: 'staff', id: String(staffId), ip: req.ip };
}

/**
 * Records one action in the append-only audit log. Call it with the transaction that makes the
 * change, so the change and its record land together. Never put a password, token or OTP in
 * `before`/`after`; a bank account number there is stored masked (mask.ts, decision 0094).
 */
export function recordAudit(db: Kysely<DB>, actor: Actor, entry: AuditEntry): Promise<void> {
  return insertAudit(db, actor, entry);
}
