import { E } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type BanVerdict, refuseIfBanned } from '../../http/ip-banned.ts';
import { memberActor, recordAudit } from '../audit/index.ts';
import type { RequestMeta } from '../sessions/index.ts';
import type { PasswordHasher } from './hasher.ts';
import { passwordHashOf } from './repository.ts';

/**
 * Counts password attempts against the caller's IP before they are checked (the abuse limits,
 * decision 0018): an attempt over the limit is refused unchecked; a right password gives its
 * attempt back.
 */
export interface PasswordAttempts {
  attemptPassword(ip: string): Promise<BanVerdict>;
  passwordSucceeded(ip: string): Promise<void>;
}

/** The actions a stolen session must not take without the member's password. */
export type StepUpAction =
  | 'account.changePassword'
  | 'account.editProfile'
  | `payments.${'add' | 'update' | 'delete'}${'BankAccount' | 'UsdtAddress'}`;

/**
 * What a change a stolen session must not make needs: the member's own password, and where to tell
 * the member it happened. Below both the account and the payments service (decision 0008: a piece
 * two services share sits below them), so there is one password check.
 */
export function createStepUp({
  db,
  passwords,
  passwordAttempts,
}: {
  db: Kysely<DB>;
  passwords: PasswordHasher;
  passwordAttempts: PasswordAttempts;
}) {
  return {
    /**
     * Missing: 10033 on `currentPassword`. Wrong: 10017, audited as a failure of `action`.
     * Counted against the IP like a sign-in, before the check (4290060 over the limit).
     */
    async assertCurrentPassword(
      memberId: number,
      currentPassword: string | undefined,
      meta: RequestMeta,
      action: StepUpAction,
    ): Promise<void> {
      if (!currentPassword) throw new AppError(E.REQUIRED, { fields: ['currentPassword'] });
      refuseIfBanned(await passwordAttempts.attemptPassword(meta.ip));
      if (await passwords.verify(await passwordHashOf(db, memberId), currentPassword)) {
        await passwordAttempts.passwordSucceeded(meta.ip);
        return;
      }
      await recordAudit(db, memberActor(meta, memberId), {
        action,
        target: `member:${memberId}`,
        reason: 'current password incorrect',
        outcome: 'failure',
      });
      throw new AppError(E.CURRENT_PASSWORD_INCORRECT);
    },
  };
}

export type StepUp = ReturnType<typeof createStepUp>;
