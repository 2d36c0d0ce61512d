import { E, type MemberFlag, type MemberRisk } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { Notice, Notices } from '../../notifications/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { flagsOf, insertFlag, insertNote, liftFlag, notesOf } from './repository.ts';

interface Deps {
  db: Kysely<DB>;
  events: Pick<EventBus, 'publish'>;
  /** The member's message when a hold that affects them is set or lifted (decision 0078). */
  notices: Pick<Notices, 'send'>;
}

/** Flags the member is told about (a `watch` flag is for staff only). */
const TOLD = {
  payouts_held: { set: 'payoutsHeld', lifted: 'payoutsReleased' },
  trading_blocked: { set: 'tradingBlocked', lifted: 'tradingUnblocked' },
} as const;

function flagNotice(memberId: number, flag: MemberFlag, change: 'set' | 'lifted'): Notice[] {
  return flag === 'watch' ? [] : [{ memberId, template: TOLD[flag][change] }];
}

/**
 * Staff notes and flags on a member (decision 0068): notes are append-only; a flag is set by an
 * operator or admin with a reason and lifted by an admin with a reason; every change is audited on
 * the member (`member:<id>`) in the transaction that makes it, and announced as members.changed.
 */
export function createFlagsService({ db, events, notices }: Deps) {
  async function memberExists(memberId: number): Promise<void> {
    const row = await db.selectFrom('members').select('id').where('id', '=', memberId).executeTakeFirst();
    if (!row) throw new AppError(E.MEMBER_NOT_FOUND);
  }

  async function ofMember(memberId: number): Promise<MemberRisk> {
    const [notes, flags] = await Promise.all([notesOf(db, memberId), flagsOf(db, memberId)]);
    return {
      memberId,
      notes: notes.map((n) => ({
        id: n.id,
        body: n.body,
        author: n.author,
        createdAt: n.created_at.toISOString(),
      })),
      flags: flags.map((f) => ({
        id: f.id,
        flag: f.flag,
        reason: f.reason,
        setBy: f.set_by,
        setAt: f.set_at.toISOString(),
        liftedBy: f.lifted_by,
        liftedAt: f.lifted_at?.toISOString() ?? null,
        liftReason: f.lift_reason,
      })),
    };
  }

  async function changed(memberId: number): Promise<MemberRisk> {
    await events.publish('members.changed', { id: memberId });
    return ofMember(memberId);
  }

  return {
    async ofMember(memberId: number): Promise<MemberRisk> {
      await memberExists(memberId);
      return ofMember(memberId);
    },

    async addNote(actor: Actor, staffId: number, memberId: number, body: string): Promise<MemberRisk> {
      await memberExists(memberId);
      await db.transaction().execute(async (t) => {
        const note = await insertNote(t, memberId, staffId, body);
        await recordAudit(t, actor, {
          action: 'member.note.add',
          target: `member:${memberId}`,
          after: { noteId: note.id },
        });
      });
      return changed(memberId);
    },

    async setFlag(
      actor: Actor,
      staffId: number,
      memberId: number,
      flag: MemberFlag,
      reason: string,
    ): Promise<MemberRisk> {
      await memberExists(memberId);
      await db.transaction().execute(async (t) => {
        const row = await insertFlag(t, memberId, flag, reason, staffId);
        if (!row) throw new AppError(E.MEMBER_FLAG_SET);
        await recordAudit(t, actor, {
          action: 'member.flag.set',
          target: `member:${memberId}`,
          after: { flag, flagId: row.id },
          reason,
        });
        await notices.send(t, flagNotice(memberId, flag, 'set'));
      });
      return changed(memberId);
    },

    async liftFlag(
      actor: Actor,
      staffId: number,
      memberId: number,
      flag: MemberFlag,
      reason: string,
    ): Promise<MemberRisk> {
      await memberExists(memberId);
      await db.transaction().execute(async (t) => {
        const row = await liftFlag(t, memberId, flag, reason, staffId);
        if (!row) throw new AppError(E.MEMBER_FLAG_NOT_SET);
        await recordAudit(t, actor, {
          action: 'member.flag.lift',
          target: `member:${memberId}`,
          before: { flag, flagId: row.id, reason: row.reason },
          after: { flag, lifted: true },
          reason,
        });
        await notices.send(t, flagNotice(memberId, flag, 'lifted'));
      });
      return changed(memberId);
    },
  };
}

export type FlagsService = ReturnType<typeof createFlagsService>;
