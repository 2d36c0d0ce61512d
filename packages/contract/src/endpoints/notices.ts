import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { E } from '../errors.ts';
import { NOTICE_CHANNELS, NOTICE_KINDS } from '../notices.ts';
import { codeMessage } from '../validators/messages.ts';

const invalid = { error: codeMessage(E.NOTICE_CHOICE_INVALID) };

/** The member's channels per kind of message (decision 0078). */
export const noticeChoicesSchema = z.object({
  /** Whether LINE can be chosen: the desk has LINE and the member linked it. */
  lineAvailable: z.boolean(),
  kinds: z.array(
    z.object({
      kind: z.enum(NOTICE_KINDS),
      /** Always by email and SMS; cannot be switched off. */
      security: z.boolean(),
      channels: z.array(z.enum(NOTICE_CHANNELS)),
    }),
  ),
});
export type NoticeChoices = z.infer<typeof noticeChoicesSchema>;

export const setNoticeChoiceBodySchema = z.object({
  kind: z.enum(NOTICE_KINDS, invalid),
  /** None: the kind is not sent (not allowed for a security kind: 40037). */
  channels: z
    .array(z.enum(NOTICE_CHANNELS, invalid), invalid)
    .max(NOTICE_CHANNELS.length, invalid)
    .refine((c) => new Set(c).size === c.length, invalid),
});

export const noticeEndpoints = {
  getNoticeChoices: endpoint({
    method: 'POST',
    path: '/api/external/user/getNoticeChoices',
    access: 'member',
    summary:
      'Which channels (email, SMS, LINE) carry each kind of message to the member, which kinds are security messages (always email and SMS), and whether LINE can be chosen (decision 0078).',
    result: noticeChoicesSchema,
  }),
  setNoticeChoice: endpoint({
    method: 'POST',
    path: '/api/external/user/setNoticeChoice',
    access: 'member',
    summary:
      "Sets the channels of one kind of message. A security kind keeps email and SMS (40037); LINE only once linked (40038). Answers the member's choices.",
    body: setNoticeChoiceBodySchema,
    result: noticeChoicesSchema,
  }),
} as const;
