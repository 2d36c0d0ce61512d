import {
  type ChangeProposal,
  type CreateStaffResult,
  type Dashboard,
  DEFAULT_ENABLED_NETWORKS,
  E,
  type Envelope,
  type GuardedSettingKey,
  type SaveSettingResult,
  type StaffChangeResult,
  type StaffOrder,
  settingDefaults,
  type TwoPersonRules,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { unique } from '../../../test/harness.ts';
import { createStaff, onlyAdmins, type TestStaff } from '../../../test/members.ts';
import { orderTestFile, sell, transfer } from '../../../test/orders.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';
import { maskedAuditValue, staffActor } from '../audit/index.ts';

/**
 * Two-person changes (decision 0091): while the desk has two enabled admins, one admin's change of
 * a setting that guards money, or a staff change that lends admin power, is only a proposal that
 * another admin approves (it applies then) or discards.
 */

let app: FastifyInstance;
let operator: TestStaff;
let a: TestStaff;
let b: TestStaff;

const { created, confirm, complete } = orderTestFile(async (t) => {
  ({ app, operator } = t);
  a = t.admin;
  b = await createStaff(app, 'admin');
});

const system = { type: 'system' as const, id: null };

beforeEach(async () => {
  // A desk of two admins, a and b, with the guarded settings deskReady does not set at known values.
  await onlyAdmins(app, a, b);
  await app.services.settings.set(system, 'enabledNetworks', [...DEFAULT_ENABLED_NETWORKS]);
  await app.services.settings.set(system, 'payoutCoolingOffHours', 24);
  await app.services.settings.set(system, 'rateChangeConfirmPercent', 3);
  await app.services.settings.set(system, 'rateChangeMaxPercent', 15);
  await app.services.settings.set(system, 'payoutApprovalThb', settingDefaults.payoutApprovalThb);
});

/** A value of each guarded setting other than the one the desk has before each test. */
const CHANGES: Record<GuardedSettingKey, unknown> = {
  cashDepositCeilingThb: '750000.00',
  deskBankAccounts: [{ bankCode: 'SCB', accountNumber: '9876543210', accountName: 'Someone Else' }],
  receivingAddresses: { TETHER: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
  enabledNetworks: [...DEFAULT_ENABLED_NETWORKS, 'BEP2'],
  payoutCoolingOffHours: 0,
  rateChangeConfirmPercent: 50,
  rateChangeMaxPercent: 100,
  tradeLimits: {
    ...settingDefaults.tradeLimits,
    level1: { ...settingDefaults.tradeLimits.level1, buyDayThb: '300000.00' },
  },
  payoutApprovalThb: '1000000.00',
};
const GUARDED = Object.entries(CHANGES) as [GuardedSettingKey, unknown][];

const save = (by: TestStaff, key: string, value: unknown) =>
  staffCall<SaveSettingResult>(app, by.token, 'POST', '/api/admin/settings', { key, value });

async function proposed(by: TestStaff, key: string, value: unknown): Promise<ChangeProposal> {
  const proposal = periodOf((await save(by, key, value)).body).proposal;
  if (!proposal) throw new Error(`${key} was not proposed`);
  return proposal;
}

const decide = (by: TestStaff, id: number, step: 'approve' | 'discard', lang: 'en' | 'th' = 'en') =>
  app
    .inject({
      method: 'POST',
      url: `/api/admin/proposals/${id}/${step}`,
      headers: { authorization: `Bearer ${by.token}`, 'accept-language': lang },
      payload: {},
    })
    .then((res) => res.json() as Envelope<{ proposal: ChangeProposal; oneTimePassword: string | null }>);

const pending = async (by: TestStaff = operator) =>
  periodOf(
    (
      await staffCall<{ items: ChangeProposal[]; twoPersonRules: TwoPersonRules }>(
        app,
        by.token,
        'GET',
        '/api/admin/proposals',
      )
    ).body,
  );

/** The value in force, as the services and the order paths (the public reads) read it. */
async function inForce(key: GuardedSettingKey) {
  return {
    stored: await app.services.settings.get(key),
    read: (await app.services.publicReads.setting(key)).value,
  };
}

describe('a setting that guards money, changed by one admin of two', () => {
  it.each(GUARDED)('rule: %s stays in force, unchanged, and becomes a proposal', async (key, value) => {
    const before = await inForce(key);
    const res = await save(a, key, value);
    expect(res.body.code).toBe(0);
    const answer = periodOf(res.body);
    expect(answer.values[key]).toEqual(before.stored);
    expect(answer.proposal).toMatchObject({
      kind: 'setting',
      target: key,
      status: 'pending',
      replaces: before.stored,
      proposedBy: a.username,
    });
    expect(await inForce(key)).toEqual(before);
    expect((await pending()).items.map((p) => p.id)).toContain(answer.proposal?.id);
    const [audit] = await auditRows(app, 'proposal.propose', `proposal:${answer.proposal?.id}`);
    // Audit rows keep account numbers masked (decision 0094).
    expect(audit).toMatchObject({ actor_id: String(a.id), before: maskedAuditValue(before.stored) });
  });

  it('rule: the admin who proposed it can neither approve nor discard it (31011, in en and th)', async () => {
    const proposal = await proposed(a, 'payoutApprovalThb', '1000000.00');
    expect((await decide(a, proposal.id, 'approve')).code).toBe(E.PROPOSAL_OWN.code);
    const th = await decide(a, proposal.id, 'discard', 'th');
    expect(th).toMatchObject({ code: E.PROPOSAL_OWN.code, message: E.PROPOSAL_OWN.th });
    expect((await pending()).items.find((p) => p.id === proposal.id)?.status).toBe('pending');
    expect((await inForce('payoutApprovalThb')).read).toBe(settingDefaults.payoutApprovalThb);
  });

  it('rule: an operator cannot decide one, and a viewer-level read lists it', async () => {
    const proposal = await proposed(a, 'cashDepositCeilingThb', '750000.00');
    expect((await decide(operator, proposal.id, 'approve')).code).toBe(E.ACCESS_DENIED.code);
    expect((await pending(operator)).items.map((p) => p.id)).toContain(proposal.id);
  });

  it('rule: another admin approves it: it is in force for members and orders at once, audited with who proposed and who approved', async () => {
    const value = CHANGES.receivingAddresses;
    const proposal = await proposed(a, 'receivingAddresses', value);
    const approved = await decide(b, proposal.id, 'approve');
    expect(approved.code).toBe(0);
    expect(approved.result?.period.proposal).toMatchObject({ status: 'approved', decidedBy: b.username });
    expect(await inForce('receivingAddresses')).toEqual({ stored: value, read: value });
    const [decision] = await auditRows(app, 'proposal.approve', `proposal:${proposal.id}`);
    expect(decision).toMatchObject({ actor_id: String(b.id) });
    expect(decision?.after).toMatchObject({ proposedBy: a.username, proposedByStaffId: a.id, value });
    const [set] = await auditRows(app, 'settings.set', 'receivingAddresses');
    expect(set).toMatchObject({ actor_id: String(b.id), after: value });
    expect((await pending()).items.map((p) => p.id)).not.toContain(proposal.id);
  });

  it('rule: another admin discards it: the value in force stays, audited', async () => {
    const before = await inForce('payoutCoolingOffHours');
    const proposal = await proposed(a, 'payoutCoolingOffHours', 0);
    const discarded = await decide(b, proposal.id, 'discard');
    expect(discarded.result?.period.proposal).toMatchObject({ status: 'discarded', decidedBy: b.username });
    expect(await inForce('payoutCoolingOffHours')).toEqual(before);
    const [decision] = await auditRows(app, 'proposal.discard', `proposal:${proposal.id}`);
    expect(decision).toMatchObject({ actor_id: String(b.id) });
    expect((await decide(b, proposal.id, 'approve')).code).toBe(E.PROPOSAL_DECIDED.code);
  });

  it('rule: one proposal waits per setting: a later one, or a change that lands, supersedes it (31012 after)', async () => {
    const first = await proposed(a, 'rateChangeMaxPercent', 100);
    const second = await proposed(b, 'rateChangeMaxPercent', 50);
    const waiting = (await pending()).items.filter((p) => p.target === 'rateChangeMaxPercent');
    expect(waiting.map((p) => p.id)).toEqual([second.id]);
    expect((await decide(b, first.id, 'approve')).code).toBe(E.PROPOSAL_DECIDED.code);
    expect(await auditRows(app, 'proposal.supersede', `proposal:${first.id}`)).toHaveLength(1);
    // The desk's own write lands: the proposal measured against the old value is closed.
    await app.services.settings.set(system, 'rateChangeMaxPercent', 20);
    expect((await decide(a, second.id, 'approve')).code).toBe(E.PROPOSAL_DECIDED.code);
    expect(await app.services.settings.get('rateChangeMaxPercent')).toBe(20);
  });

  it('rule: two admins approving at once: exactly one applies it, the other gets 31012', async () => {
    const c = await createStaff(app, 'admin');
    const proposal = await proposed(a, 'tradeLimits', CHANGES.tradeLimits);
    const audited = (await auditRows(app, 'settings.set', 'tradeLimits')).length;
    const answers = await Promise.all([decide(b, proposal.id, 'approve'), decide(c, proposal.id, 'approve')]);
    expect(answers.map((r) => r.code).sort()).toEqual([0, E.PROPOSAL_DECIDED.code]);
    expect(await auditRows(app, 'settings.set', 'tradeLimits')).toHaveLength(audited + 1);
    expect(await auditRows(app, 'proposal.approve', `proposal:${proposal.id}`)).toHaveLength(1);
    expect(await app.services.settings.get('tradeLimits')).toEqual(CHANGES.tradeLimits);
  });

  it('rule: approval checks the value again with its schema: a value no longer valid is refused and nothing changes', async () => {
    const proposal = await proposed(a, 'payoutApprovalThb', '1000000.00');
    await app.database.db
      .updateTable('change_proposals')
      .set({ value: JSON.stringify('a lot') })
      .where('id', '=', proposal.id)
      .execute();
    expect((await decide(b, proposal.id, 'approve')).code).toBe(E.WRONG_FORMAT.code);
    expect(await app.services.settings.get('payoutApprovalThb')).toBe(settingDefaults.payoutApprovalThb);
    expect((await pending()).items.find((p) => p.id === proposal.id)?.status).toBe('pending');
  });

  it('rule: a setting that guards no money (openOrderCap) still applies at once', async () => {
    const answer = periodOf((await save(a, 'openOrderCap', 7)).body);
    expect(answer).toMatchObject({ proposal: null, values: { openOrderCap: 7 } });
    await app.services.settings.set(system, 'openOrderCap', 3);
  });

  it('rule: a 704,000 THB payout still needs two staff after one admin alone tried to raise payoutApprovalThb', async () => {
    await proposed(a, 'payoutApprovalThb', '1000000.00');
    await app.services.rates.set(system, { buyRate: '35.50', sellRate: '35.20', sellFeePercent: '1' });
    const trader = await createTrader(app);
    const order = await created(trader, sell(trader, '20000.00', '35.20'));
    expect(order.amountThb).toBe('704000.00');
    periodOf((await confirm(trader, transfer(order.id))).body);
    const prepared = periodOf((await complete(a.token, order.id, { payoutReference: 'TRF-704' })).body);
    expect(prepared.order.status).toBe('request');
    const approval = await staffCall<StaffOrder>(
      app,
      a.token,
      'POST',
      `/api/admin/orders/${order.id}/approve`,
      {},
    );
    expect(approval.body.code).toBe(E.APPROVAL_SAME_STAFF.code);
    const second = await staffCall<StaffOrder>(
      app,
      operator.token,
      'POST',
      `/api/admin/orders/${order.id}/approve`,
      {},
    );
    expect(periodOf(second.body).order.status).toBe('success');
  });
});

const staffUrl = (path = '') => `/api/admin/staff${path}`;
const staffChange = (by: TestStaff, path: string, body: unknown = {}) =>
  staffCall<StaffChangeResult>(app, by.token, 'POST', staffUrl(path), body);
const staffRow = (id: number) =>
  app.database.db
    .selectFrom('staff')
    .select(['role', 'disabled', 'totp_secret'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('a staff change that lends admin power, by one admin of two', () => {
  it('rule: making an admin is a proposal; the approving admin gets the one-time password; a viewer is made at once', async () => {
    const username = unique('n').slice(0, 20);
    const res = await staffCall<CreateStaffResult>(app, a.token, 'POST', staffUrl(), {
      username,
      role: 'admin',
    });
    const answer = periodOf(res.body);
    expect(answer).toMatchObject({ account: null, oneTimePassword: null });
    expect(answer.proposal).toMatchObject({ target: `staff:new:${username.toLowerCase()}`, username });
    const made = () =>
      app.database.db.selectFrom('staff').select(['id', 'role']).where('username', '=', username).execute();
    expect(await made()).toHaveLength(0);
    const approved = await decide(b, answer.proposal?.id ?? 0, 'approve');
    const password = approved.result?.period.oneTimePassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const [account] = await made();
    expect(account?.role).toBe('admin');
    const [audit] = await auditRows(app, 'staff.create', `staff:${account?.id}`);
    expect(audit).toMatchObject({ actor_id: String(b.id) });
    expect(JSON.stringify(audit)).not.toContain(password);
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username, password },
    });
    expect(login.json().code).toBe(0);

    const viewerName = unique('v').slice(0, 20);
    const direct = periodOf(
      (
        await staffCall<CreateStaffResult>(app, a.token, 'POST', staffUrl(), {
          username: viewerName,
          role: 'viewer',
        })
      ).body,
    );
    expect(direct).toMatchObject({ proposal: null, account: { username: viewerName, role: 'viewer' } });
  });

  it('rule: making an operator, raising a viewer to operator and enabling a disabled operator are proposals, so one admin holds no operator account of their own to approve a large payout they prepared', async () => {
    const username = unique('o').slice(0, 20);
    const asked = periodOf(
      (await staffCall<CreateStaffResult>(app, a.token, 'POST', staffUrl(), { username, role: 'operator' }))
        .body,
    );
    // Nothing is made, and no one-time password reaches the admin who asked.
    expect(asked).toMatchObject({
      account: null,
      oneTimePassword: null,
      proposal: {
        target: `staff:new:${username.toLowerCase()}`,
        value: { create: { username, role: 'operator' } },
      },
    });
    const made = () =>
      app.database.db.selectFrom('staff').select('role').where('username', '=', username).execute();
    expect(await made()).toEqual([]);

    const viewer = await createStaff(app, 'viewer');
    const raising = periodOf((await staffChange(a, `/${viewer.id}/role`, { role: 'operator' })).body);
    expect(raising).toMatchObject({ role: 'viewer', proposal: { value: { role: 'operator' } } });
    expect((await staffRow(viewer.id)).role).toBe('viewer');

    const away = await createStaff(app, 'operator', { disabled: true });
    const enabling = periodOf((await staffChange(a, `/${away.id}/disabled`, { disabled: false })).body);
    expect(enabling).toMatchObject({ disabled: true, proposal: { value: { disabled: false } } });
    expect((await staffRow(away.id)).disabled).toBe(true);

    // Another admin approves the new operator and gets its one-time password.
    const approved = await decide(b, asked.proposal?.id ?? 0, 'approve');
    expect(approved.result?.period.oneTimePassword?.length).toBeGreaterThanOrEqual(12);
    expect(await made()).toEqual([{ role: 'operator' }]);
  });

  it('rule: the staff service itself refuses a staff member making an admin alone (31013), whoever calls it', async () => {
    const actor = staffActor({ ip: '127.0.0.1' }, a.id);
    const input = {
      username: unique('c').slice(0, 20),
      password: 'staff-password-1',
      role: 'admin' as const,
    };
    await expect(app.services.staff.create(actor, input)).rejects.toMatchObject({ def: E.PROPOSAL_REQUIRED });
  });

  it('rule: raising a role to admin is a proposal; another admin approves it', async () => {
    const other = await createStaff(app, 'operator');
    const res = await staffChange(a, `/${other.id}/role`, { role: 'admin' });
    const answer = periodOf(res.body);
    expect(answer).toMatchObject({
      role: 'operator',
      proposal: { value: { role: 'admin' }, replaces: { role: 'operator' } },
    });
    expect((await staffRow(other.id)).role).toBe('operator');
    expect((await decide(b, answer.proposal?.id ?? 0, 'approve')).code).toBe(0);
    expect((await staffRow(other.id)).role).toBe('admin');
    const [audit] = await auditRows(app, 'staff.setRole', `staff:${other.id}`);
    expect(audit).toMatchObject({
      actor_id: String(b.id),
      before: { role: 'operator' },
      after: { role: 'admin' },
    });
  });

  it('rule: enabling a disabled admin again is a proposal', async () => {
    const other = await createStaff(app, 'admin', { disabled: true });
    const answer = periodOf((await staffChange(a, `/${other.id}/disabled`, { disabled: false })).body);
    expect(answer).toMatchObject({ disabled: true, proposal: { value: { disabled: false } } });
    expect((await staffRow(other.id)).disabled).toBe(true);
  });

  it("rule: resetting another admin's second factor is a proposal: the secret and sessions stay until approval", async () => {
    await app.database.db
      .updateTable('staff')
      .set({ totp_secret: 'JBSWY3DPEHPK3PXP' })
      .where('id', '=', b.id)
      .execute();
    const answer = periodOf((await staffChange(a, `/${b.id}/second-factor/reset`)).body);
    expect(answer).toMatchObject({ enrolled: true, proposal: { value: { secondFactor: 'reset' } } });
    expect((await staffRow(b.id)).totp_secret).toBe('JBSWY3DPEHPK3PXP');
    const me = await staffCall(app, b.token, 'GET', '/api/admin/me');
    expect(me.body.code).toBe(0);
    expect((await decide(b, answer.proposal?.id ?? 0, 'discard')).code).toBe(0);
    expect((await staffRow(b.id)).totp_secret).toBe('JBSWY3DPEHPK3PXP');
  });

  it('rule: disabling or demoting the other admin of a two-admin desk is a proposal; with a third admin it applies', async () => {
    const disabling = periodOf((await staffChange(a, `/${b.id}/disabled`, { disabled: true })).body);
    expect(disabling).toMatchObject({ disabled: false, proposal: { value: { disabled: true } } });
    const demoting = periodOf((await staffChange(a, `/${b.id}/role`, { role: 'viewer' })).body);
    expect(demoting).toMatchObject({ role: 'admin', proposal: { value: { role: 'viewer' } } });
    expect(await staffRow(b.id)).toMatchObject({ role: 'admin', disabled: false });
    expect((await staffCall(app, b.token, 'GET', '/api/admin/me')).body.code).toBe(0);
    // One pending change per account: the demotion replaced the disabling.
    expect((await pending()).items.filter((p) => p.target === `staff:${b.id}`)).toHaveLength(1);

    const c = await createStaff(app, 'admin');
    const done = periodOf((await staffChange(a, `/${c.id}/disabled`, { disabled: true })).body);
    expect(done).toMatchObject({ disabled: true, proposal: null });
  });
});

describe('a desk with fewer than two enabled admins', () => {
  beforeEach(() => onlyAdmins(app, a));

  it('rule: a guarded setting applies at once, audited as made alone, and the dashboard says two-person rules do not hold', async () => {
    const answer = periodOf((await save(a, 'payoutApprovalThb', '600000.00')).body);
    expect(answer).toMatchObject({ proposal: null, values: { payoutApprovalThb: '600000.00' } });
    expect((await inForce('payoutApprovalThb')).read).toBe('600000.00');
    const [alone] = await auditRows(app, 'change.alone', 'payoutApprovalThb');
    expect(alone).toMatchObject({ actor_id: String(a.id), after: { hold: false, enabledAdmins: 1 } });
    const dashboard = periodOf(
      (await staffCall<Dashboard>(app, operator.token, 'GET', '/api/admin/dashboard')).body,
    );
    expect(dashboard.twoPersonRules).toEqual({ hold: false, enabledAdmins: 1 });
    expect((await pending()).twoPersonRules).toEqual({ hold: false, enabledAdmins: 1 });
  });

  it('rule: making an admin, raising one, enabling one again and resetting its second factor apply at once, audited as made alone', async () => {
    const username = unique('n').slice(0, 20);
    const made = periodOf(
      (await staffCall<CreateStaffResult>(app, a.token, 'POST', staffUrl(), { username, role: 'admin' }))
        .body,
    );
    expect(made).toMatchObject({ proposal: null, account: { username, role: 'admin' } });
    expect(await auditRows(app, 'change.alone', `staff:${made.account?.id}`)).toHaveLength(1);

    // The desk now has two admins; back to one for each of the others.
    const others = [
      ['/role', { role: 'admin' }, await createStaff(app, 'operator')],
      ['/disabled', { disabled: false }, await createStaff(app, 'admin', { disabled: true })],
      ['/second-factor/reset', {}, await createStaff(app, 'admin', { disabled: true })],
    ] as const;
    for (const [path, body, other] of others) {
      await onlyAdmins(app, a);
      const answer = periodOf((await staffChange(a, `/${other.id}${path}`, body)).body);
      expect(answer, path).toMatchObject({
        role: 'admin',
        disabled: path === '/second-factor/reset',
        proposal: null,
      });
      expect(await auditRows(app, 'change.alone', `staff:${other.id}`), path).toHaveLength(1);
    }
  });
});
