import {
  adminEndpoints,
  E,
  type Endpoint,
  memberLiveEndpoints,
  publicLiveEndpoints,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../harness.ts';
import { createMember, createStaff } from '../members.ts';

/**
 * The back office's role matrix (decision 0009): every admin endpoint, and the public live stream, called
 * by every kind of caller, against a table written out here by hand (not derived from the contract,
 * so a change of access in the contract has to change this table too). "Allowed" means the access
 * layer let the call through: any answer but its refusals, HTTP 401 or 403 with code 500, 501, 502
 * or 403 (a 400 for the minimal body, a 404 for an id that does not exist, or a sign-in code's own
 * 401 with 999 or 30023, is through). Each call gets a fresh session, so a call that ends
 * sessions (sign-out) cannot change the next one's answer; ids are ones that do not exist, so no
 * call changes anything.
 */

const CALLERS = [
  'visitor',
  'member',
  'admin',
  'operator',
  'viewer',
  'staff before second factor',
  'disabled staff',
] as const;
type Caller = (typeof CALLERS)[number];

const EVERYONE: Caller[] = [...CALLERS];
const SIGNING_IN: Caller[] = ['admin', 'operator', 'viewer', 'staff before second factor'];
const STAFF: Caller[] = ['admin', 'operator', 'viewer'];
const OPERATORS: Caller[] = ['admin', 'operator'];
const ADMIN: Caller[] = ['admin'];

const ENDPOINTS = { ...adminEndpoints, ...publicLiveEndpoints, ...memberLiveEndpoints } as Record<
  string,
  Endpoint
>;

/** Who may call what: admin manages staff and settings, operator works members, viewer reads. */
const EXPECTED: Record<string, Caller[]> = {
  // Staff sign-in: open to a session that has not finished signing in.
  me: SIGNING_IN,
  staffLogin: EVERYONE,
  verifyTotp: SIGNING_IN,
  useRecoveryCode: SIGNING_IN,
  startEnrolment: SIGNING_IN,
  confirmEnrolment: SIGNING_IN,
  changeStaffPassword: SIGNING_IN,
  staffLogout: SIGNING_IN,
  // Staff accounts: admin only.
  listStaff: ADMIN,
  createStaff: ADMIN,
  setStaffRole: ADMIN,
  setStaffDisabled: ADMIN,
  resetStaffSecondFactor: ADMIN,
  unlockStaff: ADMIN,
  // The desk: everyone reads, admin changes.
  dashboard: STAFF,
  waiting: STAFF,
  rateHistory: STAFF,
  setRates: ADMIN,
  rateProposals: STAFF,
  approveRateProposal: ADMIN,
  discardRateProposal: ADMIN,
  listNews: STAFF,
  createNews: ADMIN,
  updateNews: ADMIN,
  publishNews: ADMIN,
  deleteNews: ADMIN,
  listPages: STAFF,
  savePage: ADMIN,
  previewHtml: STAFF,
  getSettings: STAFF,
  saveSetting: ADMIN,
  // Changes waiting for a second admin (decision 0091): everyone reads, admins decide.
  changeProposals: STAFF,
  approveChangeProposal: ADMIN,
  discardChangeProposal: ADMIN,
  // The desk's closed days: everyone reads, admins change them (as the web settings).
  listClosedDays: STAFF,
  addClosedDay: ADMIN,
  removeClosedDay: ADMIN,
  // Members: everyone reads; seeing a full account number, ending sessions, unbanning and the
  // outbox (one-time codes) are operators' work.
  searchMembers: STAFF,
  memberDetail: STAFF,
  revealBankAccount: OPERATORS,
  endMemberSessions: OPERATORS,
  // A member's level: everyone reads; operators and admins set it with a note (decision 0067).
  memberLevel: STAFF,
  setMemberLevel: OPERATORS,
  listBans: STAFF,
  unban: OPERATORS,
  outbox: OPERATORS,
  auditLog: STAFF,
  auditCsv: STAFF,
  kycQueue: OPERATORS,
  incomeProofQueue: OPERATORS,
  incomeProof: OPERATORS,
  decideIncomeProof: OPERATORS,
  memberIncomeProofs: STAFF,
  kycSubmission: OPERATORS,
  decideKyc: OPERATORS,
  staffFile: OPERATORS,
  // Orders: everyone reads the desk (payout account numbers masked); operators and admins decide
  // and see a payout's full account number.
  orderQueue: STAFF,
  staffOrder: STAFF,
  ordersReport: STAFF,
  completeOrder: OPERATORS,
  rejectOrder: OPERATORS,
  revealOrderAccount: OPERATORS,
  // Compliance: the AMLO queue holds identity data for reporting, so operators and admins; every
  // staff member reads the daily closes, operators and admins close.
  amloQueue: OPERATORS,
  fileAmlo: OPERATORS,
  amloReport: OPERATORS,
  dailyClose: STAFF,
  closeDay: OPERATORS,
  closesReport: STAFF,
  // Member notes, flags and large payouts (decision 0068): everyone reads; operators and admins
  // write notes, set flags and take either step of a payout; only an admin lifts a flag.
  memberRisk: STAFF,
  addMemberNote: OPERATORS,
  setMemberFlag: OPERATORS,
  liftMemberFlag: ADMIN,
  payoutApproval: STAFF,
  payoutsAwaiting: STAFF,
  approvePayout: OPERATORS,
  sendBackPayout: OPERATORS,
  events: STAFF,
  publicEvents: EVERYONE,
  memberEvents: ['member'],
};

/** The body codes of the access layer's refusals (not signed in, expired, ended, not allowed). */
const ACCESS_REFUSALS = [E.NOT_ALLOWED, E.TOKEN_EXPIRED, E.LOGGED_OUT, E.ACCESS_DENIED].map((d) => d.code);

/** An id no row has, for every `:param`. */
const MISSING_ID = '987654321';
const urlOf = (e: Endpoint) => e.path.replace(/:[A-Za-z]+/g, MISSING_ID);

let app: FastifyInstance;
let base: string;
const tokenFor = {} as Record<Caller, () => Promise<string | undefined>>;

beforeAll(async () => {
  ({ app } = await testApp());
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const meta = { ip: '127.0.0.1', userAgent: 'roles' };
  const member = await createMember(app);
  const staffSession = async (role: 'admin' | 'operator' | 'viewer', secondFactor = true) => {
    const { id } = await createStaff(app, role);
    return async () => (await app.services.sessions.startStaff(id, meta, secondFactor)).token;
  };
  tokenFor.visitor = async () => undefined;
  tokenFor.member = async () => (await app.services.sessions.startMember(member.id, meta)).token;
  tokenFor.admin = await staffSession('admin');
  tokenFor.operator = await staffSession('operator');
  tokenFor.viewer = await staffSession('viewer');
  tokenFor['staff before second factor'] = await staffSession('admin', false);
  const disabled = await createStaff(app, 'admin', { disabled: true });
  tokenFor['disabled staff'] = async () =>
    (await app.services.sessions.startStaff(disabled.id, meta, true)).token;
});
afterAll(() => app.close());

/** Whether the access layer let `caller` through to `e`. Event streams are closed once answered. */
async function through(e: Endpoint, caller: Caller): Promise<boolean> {
  const token = await tokenFor[caller]();
  const controller = new AbortController();
  const res = await fetch(`${base}${urlOf(e)}`, {
    method: e.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(e.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(e.method === 'POST' ? { body: '{}' } : {}),
    signal: controller.signal,
  });
  if (e.response === 'events' && res.status === 200) {
    controller.abort();
    return true;
  }
  if (res.status >= 500) throw new Error(`${e.method} ${e.path} as ${caller}: HTTP ${res.status}`);
  // A refusal is always the JSON envelope; a CSV or file answer got through.
  if (!res.headers.get('content-type')?.startsWith('application/json')) {
    await res.arrayBuffer();
    return true;
  }
  const { code } = (await res.json()) as { code: number };
  return !([401, 403].includes(res.status) && ACCESS_REFUSALS.includes(code));
}

describe('the back office role matrix', () => {
  it('has a row for every admin endpoint and the public live stream', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it('registers a route for every endpoint of the table', () => {
    const missing = Object.entries(ENDPOINTS)
      .filter(([, e]) => !app.hasRoute({ method: e.method, url: e.path }))
      .map(([name, e]) => `${name} (${e.method} ${e.path})`);
    expect(missing, `route not registered: ${missing.join(', ')}`).toEqual([]);
  });

  it('lets exactly the callers of the table through to each endpoint', async () => {
    const actual: Record<string, Caller[]> = {};
    const lines: string[] = [];
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      if (!app.hasRoute({ method: e.method, url: e.path })) continue; // reported by the test above
      actual[name] = [];
      for (const caller of CALLERS) if (await through(e, caller)) actual[name].push(caller);
      lines.push(
        `${name.padEnd(24)} ${CALLERS.map((c) => (actual[name]?.includes(c) ? 'allow' : 'deny ').padEnd(7)).join('')}`,
      );
    }
    process.stdout.write(
      `\nrole matrix (${CALLERS.join(' | ')}):\n${''.padEnd(25)}${CALLERS.map((c) => c.slice(0, 6).padEnd(7)).join('')}\n${lines.join('\n')}\n`,
    );
    const expected = Object.fromEntries(Object.keys(actual).map((name) => [name, EXPECTED[name]]));
    expect(actual).toEqual(expected);
    // Some 350 calls over HTTP, each with a session of its own: several seconds on a quiet machine,
    // past the default 30 s on a busy one.
  }, 120_000);
});
