import {
  E,
  KYC_STAGED_PHOTO_HOURS,
  type StagedPhoto,
  UPLOADS_PER_MEMBER,
  UPLOADS_WINDOW_MS,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, countRecentAudits, recordAudit } from '../audit/index.ts';
import { checkImage } from './check.ts';
import { storeImage } from './store.ts';

/**
 * Images checked when the member chooses them and kept until the form that names them is sent
 * (decision 0062): identity photos and the pages of a proof of income or assets (decision 0071).
 * Each waits KYC_STAGED_PHOTO_HOURS under a `purpose` naming its form and slot; a newer image for
 * the same purpose replaces it; the form takes it with a conditional update.
 */

const STAGED_MS = KYC_STAGED_PHOTO_HOURS * 60 * 60_000;
const UPLOAD = { action: 'kyc.upload', reason: 'upload', outcome: 'success' } as const;

/** Counts one upload of the member (50039 past UPLOADS_PER_MEMBER in the window), audited. */
export async function spendUpload(
  db: Kysely<DB>,
  actor: Actor,
  memberId: number,
  what: string,
  now = new Date(),
): Promise<void> {
  const recent = await countRecentAudits(db, actor, UPLOAD, new Date(now.getTime() - UPLOADS_WINDOW_MS));
  if (recent >= UPLOADS_PER_MEMBER) throw new AppError(E.UPLOAD_LIMIT);
  await recordAudit(db, actor, { ...UPLOAD, target: `member:${memberId} ${what}` });
}

/** Checks and re-encodes `image` (decision 0032) and keeps it for the member under `purpose`. */
export async function stageImage(
  db: Kysely<DB>,
  memberId: number,
  purpose: string,
  image: string,
  now = new Date(),
): Promise<StagedPhoto> {
  const checked = await checkImage(image);
  const expiresAt = new Date(now.getTime() + STAGED_MS);
  const photoId = await db.transaction().execute(async (t) => {
    const id = await storeImage(t, memberId, purpose, checked);
    await t
      .deleteFrom('files')
      .where('owner_member_id', '=', memberId)
      .where('purpose', '=', purpose)
      .where('id', '<>', id)
      .execute();
    await t.updateTable('files').set({ expires_at: expiresAt }).where('id', '=', id).execute();
    return id;
  });
  return {
    photoId,
    expiresAt: expiresAt.toISOString(),
    mime: checked.mime,
    size: checked.bytes.length,
    width: checked.width,
    height: checked.height,
  };
}

/**
 * Checks that each named image is the member's own, staged under its purpose (50032; another
 * member's image answers exactly as one that does not exist), unexpired (50033) and not the same
 * picture as another (50034). Each refusal names the slot in `result.period.slot`.
 */
export async function checkStaged<S extends string>(
  db: Kysely<DB>,
  memberId: number,
  wanted: { slot: S; id: number; purpose: string }[],
  now: Date,
): Promise<void> {
  const ids = wanted.map((w) => w.id);
  const rows = await db
    .selectFrom('files')
    .select(['id', 'purpose', 'expires_at', 'sha256'])
    .where('owner_member_id', '=', memberId)
    .where('id', 'in', ids)
    .execute();
  const found = new Map(rows.map((f) => [f.id, f]));
  const seen = new Set<string>();
  for (const { slot, id, purpose } of wanted) {
    const file = found.get(id);
    if (!file || file.purpose !== purpose || !file.expires_at)
      throw new AppError(E.STAGED_IMAGE_NOT_FOUND, { slot });
    if (file.expires_at <= now) throw new AppError(E.STAGED_IMAGE_EXPIRED, { slot });
    if (seen.has(file.sha256)) throw new AppError(E.STAGED_IMAGE_REPEATED, { slot });
    seen.add(file.sha256);
  }
}

/**
 * Takes a staged image into the form being written, as `purpose` with no expiry: a conditional
 * update, so an image that expired, was replaced or was taken by another form in the meantime is
 * not taken (answers false).
 */
export async function claimStagedImage(
  t: Kysely<DB>,
  memberId: number,
  staged: { id: number; purpose: string },
  purpose: string,
  now: Date,
): Promise<boolean> {
  const row = await t
    .updateTable('files')
    .set({ purpose, expires_at: null })
    .where('id', '=', staged.id)
    .where('owner_member_id', '=', memberId)
    .where('purpose', '=', staged.purpose)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
