import { createHmac, randomInt } from 'node:crypto';
import {
  E,
  type Lang,
  LINE_LINK_CODE_ALPHABET,
  LINE_LINK_CODE_MINUTES,
  LINE_LINK_CODES_PER_HOUR,
  LINE_LINKED_TEXT,
  type LineLink,
  type LineLinkCode,
  lineWebhookBodySchema,
  normalizeLineLinkCode,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type Delivery, lineDelivery, PermanentDeliveryError } from '../../delivery/index.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue } from '../../notifications/index.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import {
  codesSince,
  link,
  linkOf,
  linksOf,
  replaceCode,
  stillLinked,
  unlinkLineUser,
  unlinkMember,
  useCode,
} from './repository.ts';
import { validLineSignature } from './signature.ts';

/** What the service needs of the configuration's `line` (config.ts). */
export interface LineSettings {
  channelAccessToken: string;
  channelSecret: string;
  officialAccountId: string;
  apiUrl: string;
}

const SYSTEM: Actor = { type: 'system', id: null };

/** `ABCDEFGH` -> `ABCD-EFGH`, as the page shows a code. */
const shown = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * LINE as a channel (decision 0079), offered only when `line` is configured: the member's link
 * (state, one-time codes, unlink), the webhook the LINE platform calls (a code sent to the desk's
 * account links the sender; unfollow unlinks), the LINE recipients of members' notices, and the
 * adapter the notification worker hands LINE messages to.
 */
export function createLineService({ db, line }: { db: Kysely<DB>; line: LineSettings | undefined }) {
  const codeHash = (secret: string, code: string) => createHmac('sha256', secret).update(code).digest('hex');

  function configured(): LineSettings {
    if (!line) throw new AppError(E.LINE_NOT_AVAILABLE);
    return line;
  }

  async function state(memberId: number): Promise<LineLink> {
    if (!line)
      return { available: false, officialAccountId: '', addFriendUrl: '', linked: false, linkedAt: null };
    const row = await linkOf(db, memberId);
    return {
      available: true,
      officialAccountId: line.officialAccountId,
      addFriendUrl: `https://line.me/R/ti/p/${encodeURIComponent(line.officialAccountId)}`,
      linked: row !== undefined,
      linkedAt: row?.linked_at.toISOString() ?? null,
    };
  }

  /** Links the sender of a valid code; a code unknown, used or expired (a redelivery too) changes nothing. */
  async function linkByCode(secret: string, lineUserId: string, code: string): Promise<void> {
    await db.transaction().execute(async (t) => {
      const used = await useCode(t, codeHash(secret, code), new Date());
      if (!used) return;
      const memberId = used.member_id;
      const ended = await link(t, memberId, lineUserId);
      for (const other of ended) {
        await recordAudit(t, SYSTEM, {
          action: 'line.unlink',
          target: `member:${other}`,
          after: { cause: 'linkedElsewhere' },
        });
      }
      await recordAudit(
        t,
        { type: 'member', id: String(memberId) },
        { action: 'line.link', target: `member:${memberId}` },
      );
      await enqueue(t, [
        {
          channel: 'line',
          to: lineUserId,
          subject: '',
          text: LINE_LINKED_TEXT[used.lang],
          kind: 'lineLinked',
          memberId,
          lang: used.lang,
        },
      ]);
    });
  }

  /**
   * The desk's account was added to a LINE group: LINE tells the group's id only here, so it is
   * audited (`line-group:<id>`) for an admin to read on the Audit screen and set as
   * DESK_ALERT_LINE_GROUP. A redelivered event adds nothing.
   */
  async function joinedGroup(groupId: string): Promise<void> {
    const target = `line-group:${groupId}`;
    await db.transaction().execute(async (t) => {
      const seen = await t
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'line.group.join')
        .where('target', '=', target)
        .executeTakeFirst();
      if (!seen) await recordAudit(t, SYSTEM, { action: 'line.group.join', target });
    });
  }

  async function unfollowed(lineUserId: string): Promise<void> {
    await db.transaction().execute(async (t) => {
      const ended = await unlinkLineUser(t, lineUserId);
      if (!ended) return;
      await recordAudit(t, SYSTEM, {
        action: 'line.unlink',
        target: `member:${ended.member_id}`,
        after: { cause: 'unfollow' },
      });
    });
  }

  return {
    state,

    /** A new link code for the member (its HMAC is kept, never the code). */
    async createCode(memberId: number, lang: Lang): Promise<LineLinkCode> {
      const { channelSecret } = configured();
      if (await linkOf(db, memberId)) throw new AppError(E.LINE_ALREADY_LINKED);
      const now = new Date();
      if ((await codesSince(db, memberId, new Date(now.getTime() - 3_600_000))) >= LINE_LINK_CODES_PER_HOUR) {
        throw new AppError(E.LINE_CODES_TOO_MANY);
      }
      let code = '';
      for (let i = 0; i < 8; i += 1)
        code += LINE_LINK_CODE_ALPHABET[randomInt(LINE_LINK_CODE_ALPHABET.length)];
      const expiresAt = new Date(now.getTime() + LINE_LINK_CODE_MINUTES * 60_000);
      await db
        .transaction()
        .execute((t) =>
          replaceCode(t, { memberId, hash: codeHash(channelSecret, code), lang, expiresAt, now }),
        );
      return { code: shown(code), expiresAt: expiresAt.toISOString() };
    },

    async unlink(actor: Actor, memberId: number): Promise<LineLink> {
      configured();
      await db.transaction().execute(async (t) => {
        if (!(await unlinkMember(t, memberId))) throw new AppError(E.LINE_NOT_LINKED);
        await recordAudit(t, actor, { action: 'line.unlink', target: `member:${memberId}` });
      });
      return state(memberId);
    },

    /**
     * A webhook call: refused (50066) unless LINE is configured and the signature matches the raw
     * body; then a text message that is an open code links its sender, an unfollow unlinks the
     * account, the desk's account joining a group records the group's id, and every other event
     * is ignored. Redelivered events change nothing more.
     */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!line || !validLineSignature(line.channelSecret, rawBody, signature)) {
        throw new AppError(E.LINE_SIGNATURE_INVALID);
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError(E.INVALID_INPUT);
      }
      const body = lineWebhookBodySchema.safeParse(json);
      if (!body.success) throw new AppError(E.INVALID_INPUT);
      for (const event of body.data.events) {
        if (event.type === 'join' && event.source?.type === 'group' && event.source.groupId) {
          await joinedGroup(event.source.groupId);
          continue;
        }
        const userId = event.source?.type === 'user' ? event.source.userId : undefined;
        if (!userId) continue;
        if (event.type === 'message' && event.message?.type === 'text' && event.message.text) {
          const code = normalizeLineLinkCode(event.message.text);
          if (code) await linkByCode(line.channelSecret, userId, code);
        } else if (event.type === 'unfollow') {
          await unfollowed(userId);
        }
      }
    },

    /** The LINE user ids of those of `memberIds` who linked LINE (none while LINE is not configured). */
    async recipients(reader: Kysely<DB>, memberIds: readonly number[]): Promise<Map<number, string>> {
      if (!line || memberIds.length === 0) return new Map();
      const rows = await linksOf(reader, memberIds);
      return new Map(rows.map((r) => [r.member_id, r.line_user_id]));
    },

    /**
     * The worker's LINE adapter (undefined while LINE is not configured): a message whose member
     * no longer has that LINE account linked fails at once; the others are pushed.
     */
    delivery: line ? linkedOnly(db, lineDelivery(line)) : undefined,
  };
}

function linkedOnly(db: Kysely<DB>, push: Delivery): Delivery {
  return {
    async send(message) {
      if (!message.key || !(await stillLinked(db, message.key))) {
        throw new PermanentDeliveryError(
          'the member has no LINE account linked any more (unlinked or unfollowed)',
        );
      }
      await push.send(message);
    },
  };
}

export type LineService = ReturnType<typeof createLineService>;
