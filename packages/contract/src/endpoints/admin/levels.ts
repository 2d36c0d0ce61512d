import { z } from 'zod';
import { ANY_STAFF, endpoint } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { KYC_NOTE_MAX_LENGTH } from '../../limits.ts';
import { memberLevelSchema } from '../../trade-limits.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString, NO_CONTROL_CHARS } from '../../validators/text.ts';
import { tradeLimitsResultSchema } from '../limits.ts';
import { idParams, iso } from './common.ts';

/** A member's level as staff see it: what the member sees, and who set it last, when and why. */
export const memberLevelResultSchema = tradeLimitsResultSchema.extend({
  /** The staff member who last set the level; null while it is the level identity gives. */
  setBy: z.string().nullable(),
  setAt: iso.nullable(),
  note: z.string().nullable(),
});
export type MemberLevelResult = z.infer<typeof memberLevelResultSchema>;

export const setMemberLevelBodySchema = z.object({
  level: memberLevelSchema,
  /** Why the level changes: kept in the audit log with the change (40022 when blank). */
  note: cappedString(KYC_NOTE_MAX_LENGTH, codeMessage(E.MEMBER_LEVEL_NOTE_REQUIRED))
    .trim()
    .min(1, codeMessage(E.MEMBER_LEVEL_NOTE_REQUIRED))
    .regex(NO_CONTROL_CHARS, codeMessage(E.INVALID_INPUT)),
});
export type SetMemberLevelBody = z.input<typeof setMemberLevelBodySchema>;

export const memberLevelEndpoints = {
  memberLevel: endpoint({
    method: 'GET',
    path: '/api/admin/members/:id/level',
    access: { staff: ANY_STAFF },
    summary:
      "A member's level, who set it last and why, and what they may still buy and sell today and this month.",
    params: idParams,
    result: memberLevelResultSchema,
  }),
  setMemberLevel: endpoint({
    method: 'POST',
    path: '/api/admin/members/:id/level',
    access: { staff: ['admin', 'operator'] },
    summary:
      "Sets a verified member's level (1 or 2: 40021) with a note (40022), audited with before and after; a member not verified: 40023.",
    params: idParams,
    body: setMemberLevelBodySchema,
    result: memberLevelResultSchema,
  }),
} as const;
