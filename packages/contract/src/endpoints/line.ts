import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import type { Lang } from '../errors.ts';

/**
 * LINE as a channel for the member's messages (decision 0079). The member links their LINE account
 * by sending a one-time code, shown on the account page, to the desk's LINE official account; the
 * LINE platform then calls the desk's webhook (`POST /api/line/webhook`, not a member call).
 */

/** How long a link code can be sent to the desk's LINE account. */
export const LINE_LINK_CODE_MINUTES = 10;
/** Link codes a member may ask for in an hour (40044 past it). */
export const LINE_LINK_CODES_PER_HOUR = 5;
/** A link code: 8 letters and digits without look-alikes (no 0, O, 1, I, L), shown as `ABCD-EFGH`. */
export const LINE_LINK_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * The text a member sent, as a link code: upper case, without spaces or dashes; undefined when it
 * cannot be one (so any other chat message is ignored).
 */
export function normalizeLineLinkCode(text: string): string | undefined {
  const code = text.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== 8) return undefined;
  for (const c of code) if (!LINE_LINK_CODE_ALPHABET.includes(c)) return undefined;
  return code;
}

/** The LINE message that confirms the link, in the language the member asked for the code in. */
export const LINE_LINKED_TEXT: Readonly<Record<Lang, string>> = {
  en: 'BahtDesk: your LINE account is linked. Choose on the account page which messages you get here.',
  th: 'BahtDesk: เชื่อมต่อบัญชี LINE ของคุณแล้ว เลือกได้ที่หน้าบัญชีว่าจะรับข้อความใดทาง LINE',
};

/** `result.period` of getLineLink: whether LINE is offered at all, and the member's link. */
export const lineLinkSchema = z.object({
  /** False when the desk has not configured LINE: the account page shows no LINE card. */
  available: z.boolean(),
  /** The desk's LINE official account, e.g. `@bahtdesk`, and its add-friend link; empty when not available. */
  officialAccountId: z.string(),
  addFriendUrl: z.string(),
  linked: z.boolean(),
  linkedAt: z.iso.datetime().nullable(),
});
export type LineLink = z.infer<typeof lineLinkSchema>;

/** `result.period` of createLineLinkCode: the code to send, once (only its hash is kept). */
export const lineLinkCodeSchema = z.object({
  code: z.string(),
  expiresAt: z.iso.datetime(),
});
export type LineLinkCode = z.infer<typeof lineLinkCodeSchema>;

/**
 * The webhook body the LINE platform sends: the events the desk acts on are checked closely; any
 * other event passes as it is and is ignored.
 */
const lineSourceSchema = z.object({
  type: z.string(),
  userId: z.string().min(1).max(64).optional(),
  /** Set when the event happened in a group, e.g. the desk's account was added to one (`join`). */
  groupId: z.string().min(1).max(64).optional(),
});
export const lineWebhookEventSchema = z.looseObject({
  type: z.string(),
  webhookEventId: z.string().optional(),
  source: lineSourceSchema.optional(),
  message: z.looseObject({ type: z.string(), text: z.string().optional() }).optional(),
});
export const lineWebhookBodySchema = z.object({
  destination: z.string().optional(),
  events: z.array(lineWebhookEventSchema).max(500),
});
export type LineWebhookBody = z.infer<typeof lineWebhookBodySchema>;

/** The member's LINE link: not one of the product's fixed calls, so they sit beside them. */
export const lineEndpoints = {
  getLineLink: endpoint({
    method: 'POST',
    path: '/api/external/user/getLineLink',
    access: 'member',
    summary:
      "Whether the desk offers LINE (configured), its official account, and whether the member's LINE account is linked (decision 0079).",
    result: lineLinkSchema,
  }),
  createLineLinkCode: endpoint({
    method: 'POST',
    path: '/api/external/user/createLineLinkCode',
    access: 'member',
    summary: `A new one-time code the member sends to the desk's LINE official account to link their LINE account; valid ${LINE_LINK_CODE_MINUTES} minutes, replaces the member's earlier codes, at most ${LINE_LINK_CODES_PER_HOUR} an hour (40044). 40041 when LINE is not offered, 40042 when already linked.`,
    result: lineLinkCodeSchema,
  }),
  unlinkLine: endpoint({
    method: 'POST',
    path: '/api/external/user/unlinkLine',
    access: 'member',
    summary:
      "Removes the link to the member's LINE account (audited); LINE messages still waiting fail. 40043 when nothing is linked.",
    result: lineLinkSchema,
  }),
} as const;
