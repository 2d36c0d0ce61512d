import { type Kysely, sql } from 'kysely';
import { auditJson } from '../../modules/audit/index.ts';

/**
 * Bank account numbers in the audit rows written before decision 0094 are masked as new rows keep
 * them (auditJson: every value under a key ending in `accountNumber` or `account_number`, the last
 * five digits shown): members' payout accounts added, changed and deleted, the desk's accounts in
 * settings changes. Only the rows whose JSON names such a key are read, in batches by id; a row is
 * rewritten only if masking changes it, so a number masked already stays as it is.
 * The log is append-only (a trigger refuses every update), so the trigger is switched off for this
 * rewrite alone, inside the migration's transaction: no other session ever sees it off.
 * Frozen: never edit after it lands; add a new migration.
 */
const BATCH = 500;
/** A key of the JSON text that may hold an account number, as PostgreSQL writes jsonb out. */
const ACCOUNT_NUMBER_KEY = 'account_?number"';

/** The value's JSON with its account numbers masked, or null when masking changes nothing. */
function remasked(value: unknown): string | null {
  if (value === null) return null;
  const text = auditJson(value);
  return text === JSON.stringify(value) ? null : text;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not as schema.ts says.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audit_log disable trigger audit_log_append_only`.execute(db);
  let lastId = 0;
  for (;;) {
    const { rows } = await sql<{ id: number | string; before: unknown; after: unknown }>`
      select id, before, after from audit_log
      where id > ${lastId} and (before::text ~* ${ACCOUNT_NUMBER_KEY} or after::text ~* ${ACCOUNT_NUMBER_KEY})
      order by id limit ${BATCH}`.execute(db);
    for (const row of rows) {
      const before = remasked(row.before);
      const after = remasked(row.after);
      if (before === null && after === null) continue;
      await sql`update audit_log
        set before = coalesce(${before}::jsonb, before), after = coalesce(${after}::jsonb, after)
        where id = ${row.id}`.execute(db);
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    lastId = Number(last.id);
  }
  await sql`alter table audit_log enable trigger audit_log_append_only`.execute(db);
}
