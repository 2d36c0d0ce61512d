import { z } from 'zod';
import { ANY_STAFF, endpoint, STAFF_ROLES } from '../../endpoint.ts';
import { usernameSchema } from '../../validators/member.ts';
import { idParams, iso } from './common.ts';

/**
 * Two-person changes (decision 0091). While the desk has at least two enabled admin accounts
 * ("two-person rules hold"), a staff member's change of a setting that guards money
 * (GUARDED_SETTING_KEYS) and a staff change that would let one admin act as another person
 * (making an admin or operator, raising a role to admin or from viewer to operator, enabling an
 * admin or operator again, resetting another admin's second factor, and disabling or demoting an
 * admin when fewer than two would be left) is only a proposal: the
 * value in force stays until an admin other than the proposer approves it, which applies it; or
 * discards it. One proposal waits per target: a later proposal, or a change that lands, replaces it.
 * With fewer than two admins a guarded change applies at once, audited as made alone, and the
 * dashboard says so.
 */

export const PROPOSAL_STATUSES = ['pending', 'approved', 'discarded', 'superseded'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A staff change that waits for a second admin: one account's change, or a new admin or operator account. */
export const staffProposalValueSchema = z.union([
  z.object({ create: z.object({ username: usernameSchema, role: z.enum(STAFF_ROLES) }) }),
  z.object({ role: z.enum(STAFF_ROLES) }),
  z.object({ disabled: z.boolean() }),
  z.object({ secondFactor: z.literal('reset') }),
]);
export type StaffProposalValue = z.infer<typeof staffProposalValueSchema>;

const proposalFields = {
  id: z.number().int(),
  status: z.enum(PROPOSAL_STATUSES),
  /** Who proposed it: a staff username, or the recorded actor (the operator command line). */
  proposedBy: z.string(),
  proposedByStaffId: z.number().int().nullable(),
  /** Who approved or discarded it, or whose change replaced it; null while pending. */
  decidedBy: z.string().nullable(),
  createdAt: iso,
  decidedAt: iso.nullable(),
};

/** A web setting's new value, waiting; `replaces` is the value in force when it was proposed. */
export const settingProposalSchema = z.object({
  ...proposalFields,
  kind: z.literal('setting'),
  /** The setting's key (one of GUARDED_SETTING_KEYS). */
  target: z.string(),
  value: z.unknown(),
  replaces: z.unknown(),
});
export type SettingProposal = z.infer<typeof settingProposalSchema>;

/**
 * A staff change, waiting: `target` is `staff:<id>` (or `staff:new:<username>` for an account to
 * make), `username` the account's; `replaces` what the change replaces (null for a new account).
 */
export const staffProposalSchema = z.object({
  ...proposalFields,
  kind: z.literal('staff'),
  target: z.string(),
  username: z.string(),
  value: staffProposalValueSchema,
  replaces: z
    .object({ role: z.enum(STAFF_ROLES), disabled: z.boolean(), enrolled: z.boolean() })
    .partial()
    .nullable(),
});
export type StaffProposal = z.infer<typeof staffProposalSchema>;

export const changeProposalSchema = z.discriminatedUnion('kind', [
  settingProposalSchema,
  staffProposalSchema,
]);
export type ChangeProposal = z.infer<typeof changeProposalSchema>;

/** Whether two-person rules hold: the desk has at least two enabled admin accounts. */
export const twoPersonRulesSchema = z.object({
  hold: z.boolean(),
  enabledAdmins: z.number().int(),
});
export type TwoPersonRules = z.infer<typeof twoPersonRulesSchema>;

export const proposalEndpoints = {
  changeProposals: endpoint({
    method: 'GET',
    path: '/api/admin/proposals',
    access: { staff: ANY_STAFF },
    summary:
      'The setting and staff changes waiting for a second admin, oldest first, and whether two-person rules hold (the desk has at least two enabled admins).',
    result: z.object({ items: z.array(changeProposalSchema), twoPersonRules: twoPersonRulesSchema }),
  }),
  approveChangeProposal: endpoint({
    method: 'POST',
    path: '/api/admin/proposals/:id/approve',
    access: { staff: ['admin'] },
    summary:
      'Applies a proposed change, checked again as if it were made now, in the transaction that marks it approved (audited with who proposed and who approved): an admin other than the proposer (31011); 31010 when there is none, 31012 when it was decided or replaced already. A new account answers its one-time password here, once.',
    params: idParams,
    body: z.object({}).nullish(),
    result: z.object({ proposal: changeProposalSchema, oneTimePassword: z.string().nullable() }),
  }),
  discardChangeProposal: endpoint({
    method: 'POST',
    path: '/api/admin/proposals/:id/discard',
    access: { staff: ['admin'] },
    summary:
      'Discards a proposed change (audited; the value in force stays): an admin other than the proposer (31011); 31010, 31012 as for approve.',
    params: idParams,
    body: z.object({}).nullish(),
    result: z.object({ proposal: changeProposalSchema }),
  }),
} as const;
