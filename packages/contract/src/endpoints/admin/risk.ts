import { z } from 'zod';
import { ANY_STAFF, endpoint } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { moneyString } from '../../money.ts';
import { TRANSACTION_TYPES } from '../../transaction-kinds.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString } from '../../validators/text.ts';
import { transactionIdSchema } from '../transaction.ts';
import { idParams, iso } from './common.ts';
import { staffOrderSchema } from './orders.ts';
import { MEMBER_FLAGS } from './risk-flags.ts';

/**
 * Staff notes and flags on a member, and the second pair of eyes on large payouts (decision 0068).
 * Every staff member reads them; operators and admins add notes, set flags, prepare, approve and
 * send back payouts; only an admin lifts a flag.
 */

export { MEMBER_FLAGS, type MemberFlag } from './risk-flags.ts';

/** Who may add notes, set flags and take either step of a payout. */
const RISK_HANDLERS = ['admin', 'operator'] as const;

/** Text of one line or several (new lines kept), no other control characters. */
const text = (max: number, code: typeof E.MEMBER_NOTE_INVALID) =>
  cappedString(2 * max, codeMessage(code))
    .trim()
    .min(1, codeMessage(code))
    .max(max, codeMessage(code))
    .regex(/^(?:[^\p{Cc}]|\n)*$/u, codeMessage(code));

export const MEMBER_NOTE_MAX = 2000;
export const FLAG_REASON_MAX = 500;

export const memberNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The staff username of the author. */
  author: z.string(),
  createdAt: iso,
});
export type MemberNote = z.infer<typeof memberNoteSchema>;

export const memberFlagSchema = z.object({
  id: z.number().int(),
  flag: z.enum(MEMBER_FLAGS),
  reason: z.string(),
  setBy: z.string(),
  setAt: iso,
  /** Null while the flag is active. */
  liftedBy: z.string().nullable(),
  liftedAt: iso.nullable(),
  liftReason: z.string().nullable(),
});
export type MemberFlagEntry = z.infer<typeof memberFlagSchema>;

export const memberRiskSchema = z.object({
  memberId: z.number().int(),
  /** Every note, newest first (append-only: none is ever changed or removed). */
  notes: z.array(memberNoteSchema),
  /** Every flag ever set, active ones first, then newest first. */
  flags: z.array(memberFlagSchema),
});
export type MemberRisk = z.infer<typeof memberRiskSchema>;

const flagBody = z.object({
  flag: z.enum(MEMBER_FLAGS, { error: codeMessage(E.INVALID_INPUT) }),
  reason: text(FLAG_REASON_MAX, E.MEMBER_FLAG_REASON_REQUIRED),
});

/** The approval state of an order's payout, as the order screen shows it. */
export const payoutApprovalSchema = z.object({
  /** The order's THB amount is at or above the web setting payoutApprovalThb. */
  required: z.boolean(),
  thresholdThb: moneyString,
  /** A staff member recorded the payout and it waits for another's approval. */
  awaiting: z.boolean(),
  preparedBy: z.string().nullable(),
  preparedAt: iso.nullable(),
});
export type PayoutApproval = z.infer<typeof payoutApprovalSchema>;

export const payoutAwaitingSchema = z.object({
  id: transactionIdSchema,
  type: z.enum(TRANSACTION_TYPES),
  memberId: z.number().int(),
  username: z.string(),
  amountThb: moneyString,
  preparedBy: z.string(),
  preparedAt: iso,
  /** Prepared longer ago than the web setting payoutApprovalAlertMinutes. */
  overdue: z.boolean(),
});
export type PayoutAwaiting = z.infer<typeof payoutAwaitingSchema>;

const orderParams = z.object({ id: transactionIdSchema });

export const riskEndpoints = {
  memberRisk: endpoint({
    method: 'GET',
    path: '/api/admin/members/:id/risk',
    access: { staff: ANY_STAFF },
    summary:
      "A member's staff notes (newest first) and flags (active first): shown on every screen of the member.",
    params: idParams,
    result: memberRiskSchema,
  }),
  addMemberNote: endpoint({
    method: 'POST',
    path: '/api/admin/members/:id/notes',
    access: { staff: [...RISK_HANDLERS] },
    summary:
      'Adds a note to a member (1-2,000 characters; 40028 otherwise), with its author and time; notes are never changed or removed. Audited.',
    params: idParams,
    body: z.object({ body: text(MEMBER_NOTE_MAX, E.MEMBER_NOTE_INVALID) }),
    result: memberRiskSchema,
  }),
  setMemberFlag: endpoint({
    method: 'POST',
    path: '/api/admin/members/:id/flags',
    access: { staff: [...RISK_HANDLERS] },
    summary:
      'Sets a flag on a member with a reason (40027 without one): watch, payouts_held (no order of theirs is completed while it holds) or trading_blocked (createTransaction answers 50056). 40025 when the flag is active already. Audited.',
    params: idParams,
    body: flagBody,
    result: memberRiskSchema,
  }),
  liftMemberFlag: endpoint({
    method: 'POST',
    path: '/api/admin/members/:id/flags/lift',
    access: { staff: ['admin'] },
    summary: 'Lifts an active flag with a reason (admins only; 40026 when it is not active). Audited.',
    params: idParams,
    body: flagBody,
    result: memberRiskSchema,
  }),
  payoutApproval: endpoint({
    method: 'GET',
    path: '/api/admin/orders/:id/approval',
    access: { staff: ANY_STAFF },
    summary:
      "Whether the order's payout needs a second staff member's approval, and if it waits for it, who prepared it and when.",
    params: orderParams,
    result: payoutApprovalSchema,
  }),
  approvePayout: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/approve',
    access: { staff: [...RISK_HANDLERS] },
    summary:
      "Approves a prepared payout ('request' -> 'success'): never by the staff member who prepared it (50058); 50059 when it does not await approval, 50057 while the member's payouts are held. Of two at once one wins. Audited; the member is told live.",
    params: orderParams,
    body: z.object({}).nullish(),
    result: staffOrderSchema,
  }),
  sendBackPayout: endpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/send-back',
    access: { staff: [...RISK_HANDLERS] },
    summary:
      'Sends a prepared payout back with a note (40029 without one): the order awaits staff again, unprepared. Never by the preparer (50058); 50059 when it does not await approval. Audited.',
    params: orderParams,
    body: z.object({ note: text(FLAG_REASON_MAX, E.SEND_BACK_NOTE_REQUIRED) }),
    result: staffOrderSchema,
  }),
  payoutsAwaiting: endpoint({
    method: 'GET',
    path: '/api/admin/approvals',
    access: { staff: ANY_STAFF },
    summary:
      'Payouts prepared and awaiting approval, oldest first, each marked overdue past the web setting payoutApprovalAlertMinutes (the dashboard shows them).',
    result: z.object({ alertMinutes: z.number().int(), items: z.array(payoutAwaitingSchema) }),
  }),
} as const;
