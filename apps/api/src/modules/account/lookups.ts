import { E } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type BanVerdict, refuseIfBanned } from '../../http/ip-banned.ts';
import { LOOKUP_ANSWER_KEY } from '../../plugins/limits/rules.ts';
import { countRecentAudits, memberActor, recordAudit } from '../audit/index.ts';
import type { RequestMeta } from '../sessions/index.ts';

/** The request limiter's public face the budget needs (`app.limits`). */
export interface LookupLimiter {
  admit(address: string, path: string | undefined): BanVerdict | Promise<BanVerdict>;
}

/** Per member: answers editProfile may give that an email or phone is someone else's, per window. */
const MEMBER_MAX = 15;
const MEMBER_WINDOW_MS = 10 * 60_000;
const IN_USE = 'email or phone in use';

/**
 * One budget for every answer that tells whether a username, email or phone is registered:
 * sign-up's 10009/10015/10016, editProfile's 10015/10016, forgot password's and confirm OTP's
 * 10003/10004. Per IP: the limiter's `lookupAnswer` rule (15 per 10 minutes), then the IP is banned
 * like for every other rule (4290060). Per signed-in member (editProfile, from any IP): 15 per
 * 10 minutes, counted in the audit log, then 10038 instead of the answer.
 */
export function createLookupBudget({ db, limits }: { db: Kysely<DB>; limits: LookupLimiter }) {
  /** Counts one answer against the caller's IP; 4290060 (the IP is now banned) once over. */
  async function spend(meta: RequestMeta): Promise<void> {
    refuseIfBanned(await limits.admit(meta.ip, LOOKUP_ANSWER_KEY));
  }

  return {
    spend,

    /**
     * A member's own editProfile found the email or phone in use: counted for the member (10038
     * once over, without the answer) and for the IP, and audited.
     */
    async spendForMember(memberId: number, meta: RequestMeta, now = new Date()): Promise<void> {
      const actor = memberActor(meta, memberId);
      const given = await countRecentAudits(
        db,
        actor,
        { action: 'account.editProfile', reason: IN_USE, outcome: 'failure' },
        new Date(now.getTime() - MEMBER_WINDOW_MS),
      );
      if (given >= MEMBER_MAX) throw new AppError(E.TOO_MANY_LOOKUPS);
      await recordAudit(db, actor, {
        action: 'account.editProfile',
        target: `member:${memberId}`,
        reason: IN_USE,
        outcome: 'failure',
      });
      await spend(meta);
    },
  };
}

export type LookupBudget = ReturnType<typeof createLookupBudget>;

/** Whether an error is an answer that a username, email or phone is registered. */
export function isTakenAnswer(err: unknown): boolean {
  if (!(err instanceof AppError)) return false;
  const { code } = err.def;
  return code === E.USERNAME_TAKEN.code || code === E.EMAIL_TAKEN.code || code === E.PHONE_TAKEN.code;
}
