import { E, type ErrorDef } from '@bahtdesk/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Username, email and phone are each unique among members (unique indexes in the database). The
 * check before writing gives the precise code in the common case; when two requests race past it,
 * the index refuses the second and `uniqueViolation` turns that into the same code.
 */
const BY_INDEX: Record<string, ErrorDef> = {
  members_username_key: E.USERNAME_TAKEN,
  members_email_key: E.EMAIL_TAKEN,
  members_phone_key: E.PHONE_TAKEN,
};

export async function assertUnused(
  db: Kysely<DB>,
  fields: { username?: string; email: string; phone: string },
  exceptMemberId?: number,
): Promise<void> {
  let q = db.selectFrom('members').select(['username', 'email', 'phone']);
  if (exceptMemberId !== undefined) q = q.where('id', '!=', exceptMemberId);
  const taken = await q
    .where((eb) =>
      eb.or([
        ...(fields.username ? [eb(sql<string>`lower(username)`, '=', fields.username.toLowerCase())] : []),
        eb('email', '=', fields.email),
        eb('phone', '=', fields.phone),
      ]),
    )
    .execute();
  if (fields.username && taken.some((m) => m.username.toLowerCase() === fields.username?.toLowerCase())) {
    throw new AppError(E.USERNAME_TAKEN);
  }
  if (taken.some((m) => m.email === fields.email)) throw new AppError(E.EMAIL_TAKEN);
  if (taken.some((m) => m.phone === fields.phone)) throw new AppError(E.PHONE_TAKEN);
}

/** The AppError for a unique-index violation on members, or undefined for any other error. */
export function uniqueViolation(err: unknown): AppError | undefined {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code !== '23505') return undefined;
  const constraint =
    typeof e.constraint === 'string'
      ? e.constraint
      : /unique constraint "([^"]+)"/.exec(String(e.message ?? ''))?.[1];
  const def = constraint ? BY_INDEX[constraint] : undefined;
  return def ? new AppError(def) : undefined;
}
