import { type AuditEntry, bangkokDate, type MemberDetail } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember, createStaff, post, signIn, type TestStaff } from '../../../test/members.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { up as maskOldRows } from '../../db/migrations/20261202_0500_mask_audit_account_numbers.ts';

/** Bank account numbers in the audit log (decision 0094): masked for every staff role. */

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

afterAll(() => app.close());

/** The whole body of every audit answer a staff member reads about `memberId`: the list, the CSV, the member's page. */
async function auditAnswers(token: string, memberId: number, username: string): Promise<string> {
  const today = bangkokDate(new Date());
  const answers = await Promise.all(
    [
      `/api/admin/audit?pageSize=100&actor=${username}`,
      `/api/admin/audit?pageSize=100&action=settings.set&target=deskBankAccounts`,
      `/api/admin/audit.csv?from=${today}&to=${today}`,
      `/api/admin/members/${memberId}`,
    ].map((url) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })),
  );
  for (const res of answers) expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return answers.map((res) => res.body).join('\n');
}

const bank = { type: 'bank', bankCode: 'KBANK', accountName: 'Somchai Jaidee' } as const;
const desk = { bankCode: 'KBANK', accountName: 'BahtDesk Co., Ltd.' } as const;

describe('staff never read a full bank account number in the audit log', () => {
  it('rule: after a member adds, changes and deletes bank accounts and an admin changes the desk’s, no viewer or operator audit answer, audit CSV or member page holds a full number', async () => {
    const member = await createMember(app);
    const token = await signIn(app, member.username, member.password);
    const change = async (url: string, body: Record<string, unknown>) =>
      periodOf(
        (
          await post<{ id: number }>(
            app,
            `/api/external/user/${url}`,
            { ...body, currentPassword: member.password },
            { token },
          )
        ).body,
      );
    const numbers = ['7301946285', '5820739416', '6149027358', '9081726354', '4719302865'] as const;
    const [first, changed, second, deskBefore, deskAfter] = numbers;
    const { id } = await change('addPayment', { ...bank, accountNumber: first });
    await change('updatePayment', { ...bank, id, accountNumber: changed });
    const other = await change('addPayment', { ...bank, accountNumber: second });
    await change('deletePayment', { type: 'bank', id: other.id });
    // An admin's change of the desk's accounts, as the settings service applies it.
    const byAdmin = { type: 'staff' as const, id: String(admin.id), ip: '127.0.0.1' };
    for (const accountNumber of [deskBefore, deskAfter]) {
      await app.services.settings.set(byAdmin, 'deskBankAccounts', [{ ...desk, accountNumber }]);
    }

    for (const staff of [viewer, operator]) {
      const body = await auditAnswers(staff.token, member.id, member.username);
      // The rows are there, each number masked as every staff screen masks one (the last five digits).
      expect(body).toContain('payments.updateBankAccount');
      expect(body).toContain('xxx-x-x4628-5');
      expect(body).toContain('xxx-x-x2735-8');
      for (const number of numbers) expect(body).not.toContain(number);
    }
  });

  it('rule: the entry’s id in the audit row leads an operator to the full number through the audited reveal; a viewer gets none', async () => {
    const member = await createMember(app);
    const token = await signIn(app, member.username, member.password);
    const added = await post(
      app,
      '/api/external/user/addPayment',
      { ...bank, accountNumber: '3062819475', currentPassword: member.password },
      { token },
    );
    expect(added.body.code).toBe(0);
    const { items } = periodOf(
      (
        await staffCall<{ items: AuditEntry[] }>(
          app,
          viewer.token,
          'GET',
          `/api/admin/audit?actor=${member.username}&action=payments.addBankAccount`,
        )
      ).body,
    );
    const entry = items[0];
    expect(entry?.after).toMatchObject({ accountNumber: 'xxx-x-x1947-5' });
    const accountId = (entry?.after as { id?: number } | undefined)?.id ?? 0;
    expect(entry?.target).toBe(`bank_account:${accountId}`);
    const url = `/api/admin/members/${member.id}/bank-accounts/${accountId}/reveal`;
    expect((await staffCall(app, viewer.token, 'POST', url)).status).toBe(403);
    const revealed = await staffCall<{ accountNumber: string }>(app, operator.token, 'POST', url);
    expect(periodOf(revealed.body).accountNumber).toBe('3062819475');
    const [row] = await auditRows(app, 'member.bank_account.reveal', `member:${member.id}`);
    expect(row).toMatchObject({ actor_id: String(operator.id), after: { bankAccountId: accountId } });
    // The reveal's own row names the account, not its number.
    expect(JSON.stringify(row)).not.toContain('3062819475');
  });

  it('rule: a row an older process wrote with a full number is answered masked', async () => {
    const member = await createMember(app);
    await app.database.db
      .insertInto('audit_log')
      .values({
        actor_type: 'member',
        actor_id: String(member.id),
        action: 'payments.addBankAccount',
        target: 'bank_account:1',
        after: JSON.stringify({ id: 1, bankCode: 'KBANK', accountNumber: '2857391046' }),
      })
      .execute();
    const detail = periodOf(
      (await staffCall<MemberDetail>(app, viewer.token, 'GET', `/api/admin/members/${member.id}`)).body,
    );
    expect(detail.audit[0]?.after).toEqual({ id: 1, bankCode: 'KBANK', accountNumber: 'xxx-x-x9104-6' });
    expect(await auditAnswers(operator.token, member.id, member.username)).not.toContain('2857391046');
  });
});

describe('the migration that masks the account numbers of rows written before it', () => {
  it('masks every account number at any depth, keeps everything else, and a second run changes nothing', async () => {
    const db = app.database.db;
    const action = `test.mask.${Date.now()}`;
    const old = [
      { after: { id: 4, type: 'bank', bankCode: 'KBANK', accountNumber: '6639100234', usableFrom: 'x' } },
      {
        before: [{ bankCode: 'KBANK', accountNumber: '6639100235', accountName: 'A' }],
        after: [
          { bankCode: 'SCB', accountNumber: '6639100236', accountName: 'A' },
          { bankCode: 'KBANK', accountNumber: '663-9-10023-7', accountName: 'B' },
        ],
      },
      { after: { order: { bank_account_number: '6639100238', amountThb: '6639100238.00' } } },
      { after: { accountNumber: 'xxx-x-x6789-0', note: '6639100239' } },
      { before: { status: 'request' }, after: { status: 'success' } },
    ];
    const ids: number[] = [];
    for (const row of old) {
      const { id } = await db
        .insertInto('audit_log')
        .values({
          actor_type: 'system',
          action,
          before: row.before === undefined ? null : JSON.stringify(row.before),
          after: row.after === undefined ? null : JSON.stringify(row.after),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    const stored = () =>
      db
        .selectFrom('audit_log')
        .select(['id', 'before', 'after', 'created_at'])
        .where('action', '=', action)
        .orderBy('id')
        .execute();
    const written = await stored();

    // As the migrator runs a migration: in a transaction.
    await db.transaction().execute((trx) => maskOldRows(trx));
    const masked = await stored();
    expect(masked.map((r) => [r.before, r.after])).toEqual([
      [null, { id: 4, type: 'bank', bankCode: 'KBANK', accountNumber: 'xxx-x-x0023-4', usableFrom: 'x' }],
      [
        [{ bankCode: 'KBANK', accountNumber: 'xxx-x-x0023-5', accountName: 'A' }],
        [
          { bankCode: 'SCB', accountNumber: 'xxx-x-x0023-6', accountName: 'A' },
          { bankCode: 'KBANK', accountNumber: 'xxx-x-x0023-7', accountName: 'B' },
        ],
      ],
      // Only account numbers: an amount is not one.
      [null, { order: { bank_account_number: 'xxx-x-x0023-8', amountThb: '6639100238.00' } }],
      [null, { accountNumber: 'xxx-x-x6789-0', note: '6639100239' }],
      [{ status: 'request' }, { status: 'success' }],
    ]);
    expect(masked.map((r) => [r.id, r.created_at])).toEqual(written.map((r) => [r.id, r.created_at]));

    await db.transaction().execute((trx) => maskOldRows(trx));
    expect(await stored()).toEqual(masked);
    // The log is append-only again.
    await expect(
      db
        .updateTable('audit_log')
        .set({ action: 'changed' })
        .where('id', '=', ids[0] ?? 0)
        .execute(),
    ).rejects.toThrow(/append-only/);
  });
});
