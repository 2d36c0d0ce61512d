import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/** An identity submission of `memberId` in `status`, written straight to the tables (one stand-in photo). */
export async function insertKycSubmission(
  db: Kysely<DB>,
  memberId: number,
  status: 'waiting' | 'verified' | 'failed',
): Promise<void> {
  const file = await db
    .insertInto('files')
    .values({ purpose: 'kyc', mime: 'image/png', size: 1, sha256: 'x', bytes: new Uint8Array([1]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('kyc_submissions')
    .values({
      member_id: memberId,
      status,
      passport_file_id: file.id,
      holding_file_id: file.id,
      screenshot1_file_id: file.id,
      screenshot2_file_id: file.id,
    })
    .execute();
}
