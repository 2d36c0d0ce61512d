import { z } from 'zod';
import { ANY_STAFF, endpoint } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString } from '../../validators/text.ts';
import { KYC_STATUSES } from '../kyc.ts';
import { idParams, iso, paged, pageQuery } from './common.ts';
import { kycSubmissionSummarySchema } from './kyc.ts';

/**
 * Members as staff see them: search, a member's page with what they saved (account
 * numbers masked; the full number is shown on request, with an audit row), their sessions and audit
 * trail; IP bans; the outbox of messages (secrets withheld); the audit log.
 */

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  /** The staff username or member username of the actor, when known. */
  actorName: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  createdAt: iso,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const memberSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  kycStatus: z.enum(KYC_STATUSES),
  createdAt: iso,
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const memberDetailSchema = z.object({
  member: memberSummarySchema,
  bankAccounts: z.array(
    z.object({
      id: z.number().int(),
      bankCode: z.string(),
      /** Grouped as the bank prints it, all but the last five digits hidden ('xxx-x-x6789-0'). */
      accountNumberMasked: z.string(),
      accountName: z.string(),
      usableFrom: iso,
      createdAt: iso,
    }),
  ),
  usdtAddresses: z.array(
    z.object({
      id: z.number().int(),
      network: z.string(),
      address: z.string(),
      nickname: z.string().nullable(),
      /** On an exchange (UID required) or in the member's own wallet (no UID; decision 0031). */
      custody: z.enum(['exchange', 'wallet']),
      /** The member's user id on the exchange; null for a wallet and for an entry saved before UIDs were asked. */
      uid: z.string().nullable(),
      usableFrom: iso,
      createdAt: iso,
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      createdAt: iso,
      lastSeenAt: iso,
      expiresAt: iso,
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** Every identity submission and its decision, newest first. */
  kycHistory: z.array(kycSubmissionSummarySchema),
  /** The newest 100 audit rows by or about this member. */
  audit: z.array(auditEntrySchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const ipBanSchema = z.object({
  ip: z.string(),
  reason: z.string(),
  bannedAt: iso.nullable(),
  until: iso,
});
export type IpBan = z.infer<typeof ipBanSchema>;

/**
 * Where a message's delivery stands: waiting, being sent, sent, failed, or `unknown` (its send began
 * and its outcome was never recorded; it is not sent again, decision 0095).
 */
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed', 'unknown'] as const;

/** A message of the notification queue (decision 0077) and where its delivery stands. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms', 'line']),
  recipient: z.string(),
  /** Null for a message holding a secret (a one-time code, a username): never shown (decision 0095). */
  subject: z.string().nullable(),
  /** Null for a message holding a secret, as the subject. */
  body: z.string().nullable(),
  state: z.enum(OUTBOX_STATES),
  /** The message catalogue's key (decision 0078). */
  kind: z.string(),
  lang: z.enum(['en', 'th']),
  attempts: z.number().int(),
  nextAttemptAt: iso.nullable(),
  lastError: z.string().nullable(),
  createdAt: iso,
  sentAt: iso.nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

const dateFilter = cappedString(16, codeMessage(E.REPORT_INCORRECT))
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, codeMessage(E.REPORT_INCORRECT))
  .optional();
const textFilter = cappedString(200, codeMessage(E.INVALID_INPUT))
  .max(100, codeMessage(E.INVALID_INPUT))
  .optional();

/** Filters of the audit log: each optional; dates are Bangkok calendar days, both ends included. */
export const auditFilterSchema = z.object({
  actor: textFilter,
  action: textFilter,
  target: textFilter,
  from: dateFilter,
  to: dateFilter,
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const membersEndpoints = {
  searchMembers: endpoint({
    method: 'GET',
    path: '/api/admin/members',
    access: { staff: ANY_STAFF },
    summary:
      'Members whose username, first or last name, email or phone contains `q` (case ignored; phone digits match whatever the grouping), newest first.',
    query: pageQuery().extend({ q: textFilter }),
    result: paged(memberSummarySchema),
  }),
  memberDetail: endpoint({
    method: 'GET',
    path: '/api/admin/members/:id',
    access: { staff: ANY_STAFF },
    summary:
      "A member's profile, KYC status, bank accounts (masked), USDT addresses, live sessions and audit trail.",
    params: idParams,
    result: memberDetailSchema,
  }),
  revealBankAccount: endpoint({
    method: 'POST',
    path: '/api/admin/members/:id/bank-accounts/:accountId/reveal',
    access: { staff: ['admin', 'operator'] },
    summary: "The full number of one of the member's bank accounts; writes an audit row naming who looked.",
    params: idParams.extend({ accountId: idParams.shape.id }),
    body: z.object({}).nullish(),
    result: z.object({ accountNumber: z.string() }),
  }),
  endMemberSessions: endpoint({
    method: 'POST',
    path: '/api/admin/members/:id/end-sessions',
    access: { staff: ['admin', 'operator'] },
    summary: 'Ends every live session of the member (they must sign in again); audited.',
    params: idParams,
    body: z.object({}).nullish(),
    result: z.object({ ended: z.number().int() }),
  }),
  listBans: endpoint({
    method: 'GET',
    path: '/api/admin/bans',
    access: { staff: ANY_STAFF },
    summary: 'IP addresses banned now, with the reason and when the ban ends.',
    result: z.object({ items: z.array(ipBanSchema) }),
  }),
  unban: endpoint({
    method: 'POST',
    path: '/api/admin/bans/unban',
    access: { staff: ['admin', 'operator'] },
    summary: 'Lifts the ban on an IP address at once (audited); 31006 when it is not banned.',
    body: z.object({
      ip: cappedString(64, codeMessage(E.INVALID_INPUT)).min(1, codeMessage(E.INVALID_INPUT)),
    }),
    result: z.null(),
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/api/admin/outbox',
    access: { staff: ['admin', 'operator'] },
    summary:
      'Every message of the notification queue, newest first, with its kind, channel, recipient, state, attempts and last error; the text of a message holding a secret (a one-time code, a username) is never shown. Each read writes an audit row (outbox.read).',
    query: pageQuery(),
    result: paged(outboxMessageSchema),
  }),
  auditLog: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    access: { staff: ANY_STAFF },
    summary:
      'The audit log, newest first, filtered by actor (username or id), action (prefix), target (prefix) and Bangkok date range (60001 for a bad range).',
    query: pageQuery(200, 50).extend(auditFilterSchema.shape),
    result: paged(auditEntrySchema),
  }),
  auditCsv: endpoint({
    method: 'GET',
    path: '/api/admin/audit.csv',
    access: { staff: ANY_STAFF },
    response: 'csv',
    summary: 'The filtered audit log as CSV (every matching row, newest first), for a spreadsheet.',
    query: auditFilterSchema,
    result: z.string(),
  }),
} as const;
