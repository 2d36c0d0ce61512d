import {
  defaultNoticeChannels,
  E,
  type Lang,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeChoices,
  type NoticeKind,
  type NoticeParam,
  type NoticeTemplate,
  renderNotice,
  SECURITY_NOTICE_KINDS,
} from '@bahtdesk/contract';
import { type Expression, type ExpressionBuilder, expressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../db/compiled-once.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { enqueue, type QueuedMessage } from './queue.ts';

/** One message to a member: which template, with what values. */
export interface Notice {
  memberId: number;
  template: NoticeTemplate;
  params?: Record<string, NoticeParam>;
}

/**
 * Where LINE messages go (decision 0078): the LINE user id of each of `memberIds` who linked LINE,
 * when the LINE channel is configured. Until a LINE adapter fills this in, nobody has one and LINE
 * is never offered.
 */
export interface LineLinks {
  recipients(db: Kysely<DB>, memberIds: readonly number[]): Promise<Map<number, string>>;
}
export const noLine: LineLinks = { recipients: async () => new Map() };

/** How long this process trusts the language it last wrote for a member (another process may change it). */
const LANG_KEPT_MS = 60_000;
const LANG_KEPT_MAX = 50_000;

/** Members looked up per query (a bulk notice, e.g. the expiry sweeper, can name thousands). */
const CHUNK = 1000;

/** What a member's notices need, over `members`: contact, language and channel choices by kind. */
function recipientColumns(eb: ExpressionBuilder<DB, 'members'>) {
  return [
    'members.id',
    'members.email',
    'members.phone',
    'members.lang',
    jsonArrayFrom(
      eb
        .selectFrom('notice_choices')
        .select(['notice_choices.kind', 'notice_choices.channels'])
        .whereRef('notice_choices.member_id', '=', 'members.id'),
    ).as('choices'),
  ] as const;
}

function recipients(db: Kysely<DB>) {
  return db.selectFrom('members').select(recipientColumns);
}

/** A member's recipient row. */
export type Recipient = Awaited<ReturnType<ReturnType<typeof recipients>['executeTakeFirstOrThrow']>>;

/**
 * The member's recipient row as one JSON object, for another module's statement that already
 * reads the member under a lock (createTransaction's checks): `send` then reads nothing more.
 */
export function recipientOf(memberId: Expression<number>) {
  const eb = expressionBuilder<DB, never>();
  return jsonObjectFrom(
    eb.selectFrom('members').select(recipientColumns).where('members.id', '=', memberId),
  ).$castTo<Recipient | null>();
}

/** One member's recipients row, the usual case (a notice about one change), built once. */
const recipientOnce = compiledOnce((db: Kysely<DB>, memberId: number) =>
  recipients(db).where('members.id', '=', memberId),
);

/** The channels a member gets `kind` by: their choice or the default, security kinds always by email and SMS. */
export function channelsFor(kind: NoticeKind, chosen: readonly NoticeChannel[] | undefined): NoticeChannel[] {
  const channels = new Set(chosen ?? defaultNoticeChannels(kind));
  if (SECURITY_NOTICE_KINDS.includes(kind)) {
    channels.add('email');
    channels.add('sms');
  }
  return [...channels];
}

/**
 * Member notices (decision 0078): renders each notice in the member's language from the contract's
 * catalogue and queues it, in the caller's transaction, on each channel the member chose for its
 * kind (a channel the member cannot be reached by is skipped: SMS with no phone, LINE not linked).
 */
export function createNotices({ db, line = noLine }: { db: Kysely<DB>; line?: LineLinks }) {
  const langs = new Map<number, { lang: Lang; at: number }>();
  /**
   * Queues the notices in `trx`, the transaction of the change they tell about. `known`: recipient
   * rows read already in the same transaction (recipientOf); any other member is read here.
   */
  async function send(
    trx: Kysely<DB>,
    notices: readonly Notice[],
    known: readonly Recipient[] = [],
  ): Promise<void> {
    if (notices.length === 0) return;
    const messages: QueuedMessage[] = [];
    for (let i = 0; i < notices.length; i += CHUNK) {
      const chunk = notices.slice(i, i + CHUNK);
      const ids = [...new Set(chunk.map((n) => n.memberId))];
      // One after the other: a transaction is one connection.
      const unknown = ids.filter((id) => !known.some((r) => r.id === id));
      const read =
        unknown.length === 0
          ? []
          : unknown.length === 1
            ? await recipientOnce(trx, unknown[0] as number)
            : await recipients(trx).where('members.id', 'in', unknown).execute();
      const members = [...known.filter((r) => ids.includes(r.id)), ...read];
      const lineIds = await line.recipients(trx, ids);
      const byId = new Map(members.map((m) => [m.id, m]));
      for (const notice of chunk) {
        const member = byId.get(notice.memberId);
        if (!member) continue;
        const lang: Lang = member.lang;
        const { kind, subject, text } = renderNotice(notice.template, lang, notice.params ?? {});
        const chosen = member.choices.find((c) => c.kind === kind)?.channels;
        const to: Record<NoticeChannel, string | undefined> = {
          email: member.email,
          sms: member.phone || undefined,
          line: lineIds.get(member.id),
        };
        for (const channel of channelsFor(kind, chosen)) {
          const recipient = to[channel];
          if (recipient)
            messages.push({ channel, to: recipient, subject, text, kind, memberId: member.id, lang });
        }
      }
    }
    await enqueue(trx, messages);
  }

  async function lineAvailableFor(memberId: number): Promise<boolean> {
    return (await line.recipients(db, [memberId])).has(memberId);
  }

  /** Each kind's channels for the member, whether it is a security kind, and whether LINE can be chosen. */
  async function choices(memberId: number): Promise<NoticeChoices> {
    const [rows, lineAvailable] = await Promise.all([
      db
        .selectFrom('notice_choices')
        .select(['kind', 'channels'])
        .where('member_id', '=', memberId)
        .execute(),
      lineAvailableFor(memberId),
    ]);
    return {
      lineAvailable,
      kinds: NOTICE_KINDS.map((kind) => ({
        kind,
        security: SECURITY_NOTICE_KINDS.includes(kind),
        channels: channelsFor(kind, rows.find((r) => r.kind === kind)?.channels),
      })),
    };
  }

  return {
    send,
    lineAvailableFor,
    choices,

    /** Sets the channels of one kind: a security kind keeps email and SMS (40037), LINE once linked (40038). */
    async setChoice(memberId: number, choice: { kind: NoticeKind; channels: NoticeChannel[] }) {
      const { kind, channels } = choice;
      if (SECURITY_NOTICE_KINDS.includes(kind) && !(channels.includes('email') && channels.includes('sms'))) {
        throw new AppError(E.NOTICE_SECURITY_CHANNELS);
      }
      if (channels.includes('line') && !(await lineAvailableFor(memberId))) {
        throw new AppError(E.NOTICE_LINE_UNAVAILABLE);
      }
      await db
        .insertInto('notice_choices')
        .values({ member_id: memberId, kind, channels: JSON.stringify(channels) })
        .onConflict((oc) =>
          oc
            .columns(['member_id', 'kind'])
            .doUpdateSet({ channels: JSON.stringify(channels), updated_at: new Date() }),
        )
        .execute();
      return choices(memberId);
    },

    /**
     * Remembers the language the member uses the app in, for their next messages: written when it
     * differs, and at most once a minute per member while it stays the same.
     */
    async rememberLang(memberId: number, lang: Lang, now = Date.now()): Promise<void> {
      const known = langs.get(memberId);
      if (known?.lang === lang && now - known.at < LANG_KEPT_MS) return;
      await db
        .updateTable('members')
        .set({ lang })
        .where('id', '=', memberId)
        .where('lang', '!=', lang)
        .execute();
      if (langs.size >= LANG_KEPT_MAX) langs.clear();
      langs.set(memberId, { lang, at: now });
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
