import { E, type MemberDetail, type MemberSummary } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createMember, createStaff, post, signIn, type TestStaff } from '../../../test/members.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';

let app: FastifyInstance;
let admin: TestStaff;
let operator: TestStaff;
let viewer: TestStaff;

beforeAll(async () => {
  ({ app } = await testApp());
  admin = await createStaff(app, 'admin');
  operator = await createStaff(app, 'operator');
  viewer = await createStaff(app, 'viewer');
});

afterAll(async () => {
  await app.close();
});

async function memberNamed(first: string, last = 'Jaidee') {
  const m = await createMember(app);
  await app.database.db
    .updateTable('members')
    .set({ first_name: first, last_name: last })
    .where('id', '=', m.id)
    .execute();
  return m;
}

const search = async (q: string) =>
  periodOf(
    (
      await staffCall<{ items: MemberSummary[]; total: number }>(
        app,
        viewer.token,
        'GET',
        `/api/admin/members?pageSize=100&q=${encodeURIComponent(q)}`,
      )
    ).body,
  );

describe('member search', () => {
  it('finds a member by username, name, email or phone, case ignored', async () => {
    const name = unique('Name');
    const m = await memberNamed(name);
    for (const q of [m.username.toUpperCase(), name.toLowerCase(), m.email.toUpperCase(), m.phone.slice(2)]) {
      expect(
        (await search(q)).items.map((i) => i.id),
        q,
      ).toContain(m.id);
    }
  });

  it('matches phone digits whatever dashes or spaces the query has', async () => {
    const m = await createMember(app);
    const grouped = `${m.phone.slice(0, 3)}-${m.phone.slice(3, 6)} ${m.phone.slice(6)}`;
    expect((await search(grouped)).items.map((i) => i.id)).toContain(m.id);
  });

  it('treats % and _ in the query as the characters themselves', async () => {
    const name = unique('Pct');
    const plain = await memberNamed(`${name}ab`);
    const percent = await memberNamed(`${name}%b`);
    const ids = (await search(`${name}%`)).items.map((i) => i.id);
    expect(ids).toContain(percent.id);
    expect(ids).not.toContain(plain.id);
    expect((await search(`${name}_b`)).items).toHaveLength(0);
  });

  it('lists newest first, paged', async () => {
    const name = unique('Page');
    const first = await memberNamed(name);
    const second = await memberNamed(name);
    const { body } = await staffCall<{ items: MemberSummary[]; total: number; page: number }>(
      app,
      viewer.token,
      'GET',
      `/api/admin/members?q=${name}&pageSize=1&page=2`,
    );
    expect(periodOf(body)).toMatchObject({ total: 2, page: 2 });
    expect(periodOf(body).items.map((i) => i.id)).toEqual([first.id]);
    expect((await search(name)).items.map((i) => i.id)).toEqual([second.id, first.id]);
  });
});

describe("a member's page", () => {
  async function withBankAccount() {
    const m = await createMember(app);
    const row = await app.database.db
      .insertInto('bank_accounts')
      .values({
        member_id: m.id,
        bank_code: 'KBANK',
        account_number: '1234567890',
        account_name: 'Somchai Jaidee',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { member: m, accountId: row.id };
  }

  it('masks account numbers but the last five digits, and shows live sessions and the audit trail', async () => {
    const { member } = await withBankAccount();
    await signIn(app, member.username, member.password);
    const detail = periodOf(
      (await staffCall<MemberDetail>(app, viewer.token, 'GET', `/api/admin/members/${member.id}`)).body,
    );
    expect(detail.member).toMatchObject({
      id: member.id,
      username: member.username,
      kycStatus: 'unverified',
    });
    expect(detail.bankAccounts[0]?.accountNumberMasked).toBe('xxx-x-x6789-0');
    expect(JSON.stringify(detail)).not.toContain('1234567890');
    expect(detail.sessions).toHaveLength(1);
    expect(detail.audit.map((a) => a.action)).toContain('auth.signIn');
    expect(detail.audit[0]?.actorName).toBe(member.username);
  });

  it('reveals the full number to an operator, with an audit row naming who looked; a viewer may not', async () => {
    const { member, accountId } = await withBankAccount();
    const url = `/api/admin/members/${member.id}/bank-accounts/${accountId}/reveal`;
    expect((await staffCall(app, viewer.token, 'POST', url)).status).toBe(403);
    const { body } = await staffCall<{ accountNumber: string }>(app, operator.token, 'POST', url);
    expect(periodOf(body).accountNumber).toBe('1234567890');
    const [row] = await auditRows(app, 'member.bank_account.reveal', `member:${member.id}`);
    expect(row).toMatchObject({ actor_type: 'staff', actor_id: String(operator.id) });
    expect(row?.after).toMatchObject({ bankAccountId: accountId });
  });

  it("does not reveal another member's account", async () => {
    const { accountId } = await withBankAccount();
    const other = await createMember(app);
    const url = `/api/admin/members/${other.id}/bank-accounts/${accountId}/reveal`;
    expect((await staffCall(app, operator.token, 'POST', url)).body.code).toBe(E.BANK_ACCOUNT_NOT_FOUND.code);
  });

  it('ends every session of the member, audited, so their token stops working', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    await signIn(app, m.username, m.password);
    const { body } = await staffCall<{ ended: number }>(
      app,
      admin.token,
      'POST',
      `/api/admin/members/${m.id}/end-sessions`,
    );
    expect(periodOf(body)).toEqual({ ended: 2 });
    const profile = await post(app, '/api/external/user/profile', {}, { token, signed: false });
    expect(profile.body.code).toBe(E.LOGGED_OUT.code);
    const [row] = await auditRows(app, 'member.sessions.end', `member:${m.id}`);
    expect(row).toMatchObject({ actor_id: String(admin.id), after: { ended: 2 } });
  });

  it('answers 31005 for a member that does not exist', async () => {
    expect((await staffCall(app, viewer.token, 'GET', '/api/admin/members/999999999')).body.code).toBe(
      E.MEMBER_NOT_FOUND.code,
    );
    expect(
      (await staffCall(app, admin.token, 'POST', '/api/admin/members/999999999/end-sessions')).body.code,
    ).toBe(E.MEMBER_NOT_FOUND.code);
  });
});
