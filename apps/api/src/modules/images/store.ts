import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { CheckedImage } from './check.ts';

/**
 * Stores one checked image of a member (identity photos, slips, proofs) with `purpose`; answers its
 * id. Call it with the transaction that writes the row referring to it.
 */
export async function storeImage(
  t: Kysely<DB>,
  memberId: number,
  purpose: string,
  image: CheckedImage,
): Promise<number> {
  const row = await t
    .insertInto('files')
    .values({
      owner_member_id: memberId,
      purpose,
      mime: image.mime,
      size: image.bytes.length,
      sha256: image.sha256,
      bytes: image.bytes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
