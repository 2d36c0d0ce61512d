import { type CreateStaffResult, E, type StaffAccount, type StaffLoginResult } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createStaff, onlyAdmins } from '../../../test/members.ts';
import { adminCall, enrolledStaff, staffPasswordStep } from '../../../test/staff.ts';
import { periodOf } from '../../../test/staff-calls.ts';

const STAFF = '/api/admin/staff';

let app: FastifyInstance;
let admin: { id: number; token: string };
beforeAll(async () => {
  ({ app } = await testApp());
  admin = await createStaff(app, 'admin');
});
// One admin: a change that lends admin power applies at once (with two it waits for the second:
// proposals/proposals.test.ts).
beforeEach(() => onlyAdmins(app, admin));
afterAll(() => app.close());

const lastAudit = (staffId: number, action: string) =>
  app.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target', '=', `staff:${staffId}`)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst();

const call = <T = StaffAccount>(url: string, body?: unknown) =>
  adminCall<T>(app, 'POST', url, { token: admin.token, body });

describe('staff accounts (admin only)', () => {
  it('lists every account with its state and nothing secret', async () => {
    const staff = await enrolledStaff(app, 'viewer');
    const res = await adminCall<{ items: StaffAccount[] }>(app, 'GET', STAFF, { token: admin.token });
    expect(res.body.code).toBe(0);
    const items = res.body.result?.period.items ?? [];
    expect(items.find((a) => a.id === staff.id)).toMatchObject({
      username: staff.username,
      role: 'viewer',
      disabled: false,
      enrolled: true,
      mustChangePassword: false,
      lockedUntil: null,
    });
    const names = items.map((a) => a.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(JSON.stringify(res.body)).not.toContain(staff.secret);
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('creates an account with a one-time password answered once (audited, never the password), 30022 when taken', async () => {
    const username = unique('n').slice(0, 20);
    const res = await call<CreateStaffResult>(STAFF, {
      username,
      role: 'operator',
    });
    expect(res.body.code).toBe(0);
    const { account, oneTimePassword, proposal } = periodOf(res.body);
    expect(proposal).toBeNull();
    expect(account).toMatchObject({ username, role: 'operator', enrolled: false, mustChangePassword: true });
    const audit = await lastAudit(account?.id ?? 0, 'staff.create');
    expect(audit).toMatchObject({ actor_type: 'staff', actor_id: String(admin.id) });
    expect(JSON.stringify(audit)).not.toContain(oneTimePassword ?? '');
    const login = await adminCall<StaffLoginResult>(app, 'POST', '/api/admin/auth/login', {
      body: { username, password: oneTimePassword },
    });
    expect(login.body.result?.period.next).toBe('enrol');
    const taken = await call(STAFF, { username: username.toUpperCase(), role: 'viewer' });
    expect(taken.body.code).toBe(E.STAFF_USERNAME_TAKEN.code);
  });

  it('changes a role with an audit row of before and after; the role applies to open sessions at once', async () => {
    const other = await createStaff(app, 'viewer');
    expect((await adminCall(app, 'GET', STAFF, { token: other.token })).status).toBe(403);
    const res = await call(`${STAFF}/${other.id}/role`, { role: 'admin' });
    expect(res.body.result?.period.role).toBe('admin');
    expect(await lastAudit(other.id, 'staff.setRole')).toMatchObject({
      before: { role: 'viewer' },
      after: { role: 'admin' },
    });
    expect((await adminCall(app, 'GET', STAFF, { token: other.token })).body.code).toBe(0);
  });

  it('disables an account, ending its sessions, and enables it again (audited)', async () => {
    const other = await createStaff(app, 'operator');
    const res = await call(`${STAFF}/${other.id}/disabled`, { disabled: true });
    expect(res.body.result?.period.disabled).toBe(true);
    expect((await adminCall(app, 'GET', '/api/admin/me', { token: other.token })).body.code).toBe(
      E.NOT_ALLOWED.code,
    );
    const live = await app.database.db
      .selectFrom('staff_sessions')
      .select('id')
      .where('staff_id', '=', other.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
    expect(
      (await call(`${STAFF}/${other.id}/disabled`, { disabled: false })).body.result?.period.disabled,
    ).toBe(false);
    expect(await lastAudit(other.id, 'staff.setDisabled')).toMatchObject({
      before: { disabled: true },
      after: { disabled: false },
    });
  });

  it('resets the second factor: secret and recovery codes gone, sessions ended, the next sign-in enrols', async () => {
    const staff = await enrolledStaff(app, 'operator');
    await app.database.db
      .insertInto('staff_recovery_codes')
      .values({ staff_id: staff.id, code_hash: 'a'.repeat(64) })
      .execute();
    const session = await staffPasswordStep(app, staff);
    const res = await call(`${STAFF}/${staff.id}/second-factor/reset`);
    expect(res.body.result?.period.enrolled).toBe(false);
    expect((await adminCall(app, 'GET', '/api/admin/me', { token: session })).body.code).toBe(
      E.LOGGED_OUT.code,
    );
    const codes = await app.database.db
      .selectFrom('staff_recovery_codes')
      .select('id')
      .where('staff_id', '=', staff.id)
      .execute();
    expect(codes).toHaveLength(0);
    const login = await adminCall<StaffLoginResult>(app, 'POST', '/api/admin/auth/login', { body: staff });
    expect(login.body.result?.period.next).toBe('enrol');
    expect(await lastAudit(staff.id, 'staff.resetSecondFactor')).toMatchObject({
      before: { enrolled: true },
      after: { enrolled: false },
    });
  });

  it('refuses to change its own role or disable itself (31003), changing nothing', async () => {
    expect((await call(`${STAFF}/${admin.id}/role`, { role: 'viewer' })).body.code).toBe(
      E.STAFF_SELF_CHANGE.code,
    );
    expect((await call(`${STAFF}/${admin.id}/disabled`, { disabled: true })).body.code).toBe(
      E.STAFF_SELF_CHANGE.code,
    );
    const row = await app.database.db
      .selectFrom('staff')
      .select(['role', 'disabled'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', disabled: false });
  });

  it('answers 30021 for an unknown id and 400 for a bad one or a bad role', async () => {
    for (const url of ['role', 'disabled', 'second-factor/reset', 'unlock']) {
      const body = url === 'role' ? { role: 'viewer' } : url === 'disabled' ? { disabled: true } : {};
      expect((await call(`${STAFF}/987654321/${url}`, body)).body.code, url).toBe(E.STAFF_NOT_FOUND.code);
    }
    expect((await call(`${STAFF}/abc/unlock`)).status).toBe(400);
    const other = await createStaff(app, 'viewer');
    expect((await call(`${STAFF}/${other.id}/role`, { role: 'root' })).body.code).toBe(E.INVALID_INPUT.code);
  });
});
