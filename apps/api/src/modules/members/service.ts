import { E, type MemberDetail, type MemberSummary, maskAccountNumber } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { lockMember } from '../../db/locks.ts';
import { type Page, type PageRequest, pageWindow } from '../../db/paging.ts';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, type AuditLog, recordAudit } from '../audit/index.ts';
import type { KycService } from '../kyc/index.ts';
import type { SessionService } from '../sessions/index.ts';
import {
  countMembers,
  findBankAccount,
  findBankAccounts,
  findMember,
  findMembers,
  findUsdtAddresses,
} from './repository.ts';

/** How many audit rows a member's page shows. */
const MEMBER_AUDIT_ROWS = 100;

type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

function toSummary(row: MemberRow): MemberSummary {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    kycStatus: row.kyc_status,
    createdAt: row.created_at.toISOString(),
  };
}

interface Deps {
  db: Kysely<DB>;
  sessions: Pick<SessionService, 'endAllOfMember' | 'liveOfMember' | 'announceEnded'>;
  auditLog: Pick<AuditLog, 'ofMember'>;
  kyc: Pick<KycService, 'history'>;
  events: Pick<EventBus, 'publish'>;
}

/** Members as the back office sees them: search, a member's page, and what staff do for them. */
export function createMembersService({ db, sessions, auditLog, kyc, events }: Deps) {
  async function member(id: number): Promise<MemberRow> {
    const row = await findMember(db, id);
    if (!row) throw new AppError(E.MEMBER_NOT_FOUND);
    return row;
  }

  return {
    async search(q: string | undefined, request: PageRequest): Promise<Page<MemberSummary>> {
      const [rows, total] = await Promise.all([
        findMembers(db, q, pageWindow(request)).execute(),
        countMembers(db, q),
      ]);
      return { ...request, total, items: rows.map(toSummary) };
    },

    async detail(id: number): Promise<MemberDetail> {
      const row = await member(id);
      const [accounts, addresses, live, kycHistory, audit] = await Promise.all([
        findBankAccounts(db, id),
        findUsdtAddresses(db, id),
        sessions.liveOfMember(id),
        kyc.history(id),
        auditLog.ofMember(id, MEMBER_AUDIT_ROWS),
      ]);
      return {
        member: toSummary(row),
        bankAccounts: accounts.map((a) => ({
          id: a.id,
          bankCode: a.bank_code,
          accountNumberMasked: maskAccountNumber(a.account_number),
          accountName: a.account_name,
          usableFrom: a.usable_from.toISOString(),
          createdAt: a.created_at.toISOString(),
        })),
        usdtAddresses: addresses.map((a) => ({
          id: a.id,
          network: a.network,
          address: a.address,
          nickname: a.nickname,
          custody: a.custody,
          uid: a.uid,
          usableFrom: a.usable_from.toISOString(),
          createdAt: a.created_at.toISOString(),
        })),
        sessions: live.map((s) => ({
          id: s.id,
          createdAt: s.created_at.toISOString(),
          lastSeenAt: s.last_seen_at.toISOString(),
          expiresAt: s.expires_at.toISOString(),
          ip: s.ip,
          userAgent: s.user_agent,
        })),
        kycHistory,
        audit,
      };
    },

    /** The full number of one of the member's bank accounts, with an audit row naming who looked. */
    async revealBankAccount(
      actor: Actor,
      memberId: number,
      accountId: number,
    ): Promise<{ accountNumber: string }> {
      await member(memberId);
      return db.transaction().execute(async (trx) => {
        const account = await findBankAccount(trx, memberId, accountId);
        if (!account) throw new AppError(E.BANK_ACCOUNT_NOT_FOUND);
        await recordAudit(trx, actor, {
          action: 'member.bank_account.reveal',
          target: `member:${memberId}`,
          after: { bankAccountId: accountId, bankCode: account.bank_code },
        });
        return { accountNumber: account.account_number };
      });
    },

    /** Ends every live session of the member (audited); 31005 for an unknown member. */
    async endSessions(actor: Actor, memberId: number): Promise<{ ended: number }> {
      await member(memberId);
      const ended = await db.transaction().execute(async (trx) => {
        await lockMember(trx, memberId);
        const count = await sessions.endAllOfMember(trx, memberId);
        await recordAudit(trx, actor, {
          action: 'member.sessions.end',
          target: `member:${memberId}`,
          after: { ended: count },
        });
        return count;
      });
      await sessions.announceEnded({ memberId });
      await events.publish('members.changed', { id: memberId });
      return { ended };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
