import { E, type Enrolment, type StaffLoginResult, type StaffProfile } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createMember, post, signIn } from '../../../test/members.ts';
import {
  adminCall,
  enrolledStaff,
  STAFF_PASSWORD,
  staffPasswordStep,
  totpCode,
} from '../../../test/staff.ts';
import { hashRecoveryCode } from './recovery-codes.ts';

const LOGIN = '/api/admin/auth/login';
const TOTP_URL = '/api/admin/auth/totp';
const RECOVERY = '/api/admin/auth/recovery';
const ENROL = '/api/admin/auth/enrolment';
const CONFIRM = '/api/admin/auth/enrolment/confirm';
const PASSWORD = '/api/admin/auth/password';
const LOGOUT = '/api/admin/auth/logout';
const ME = '/api/admin/me';
const STAFF = '/api/admin/staff';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterAll(() => app.close());

const auditOf = (staffId: number, action: string) =>
  app.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target', '=', `staff:${staffId}`)
    .where('action', '=', action)
    .orderBy('id')
    .execute();

/** A fully signed-in admin (password and TOTP through the API). */
async function signedInAdmin(): Promise<{ id: number; token: string }> {
  const staff = await enrolledStaff(app, 'admin');
  const token = await staffPasswordStep(app, staff);
  const res = await adminCall(app, 'POST', TOTP_URL, { token, body: { code: totpCode(staff.secret) } });
  expect(res.body.code).toBe(0);
  return { id: staff.id, token };
}

describe('staff sign-in: password, then a TOTP code', () => {
  it('answers a session whose second factor is still to do, then completes it with the current code', async () => {
    const staff = await enrolledStaff(app, 'viewer');
    const login = await adminCall<StaffLoginResult>(app, 'POST', LOGIN, {
      body: { username: staff.username.toUpperCase(), password: staff.password },
    });
    expect(login.body.code).toBe(0);
    expect(login.body.result?.period).toMatchObject({ tokenType: 'Bearer', next: 'verify' });
    const token = login.body.result?.period.token ?? '';

    const me = await adminCall<StaffProfile>(app, 'GET', ME, { token });
    expect(me.body.result?.period).toMatchObject({ enrolled: true, secondFactorDone: false });
    // Until the code, calls that need the second factor are refused.
    expect((await adminCall(app, 'GET', '/api/admin/staff', { token })).status).toBe(403);

    const verified = await adminCall<StaffProfile>(app, 'POST', TOTP_URL, {
      token,
      body: { code: totpCode(staff.secret) },
    });
    expect(verified.body.code).toBe(0);
    expect(verified.body.result?.period).toMatchObject({
      id: staff.id,
      role: 'viewer',
      secondFactorDone: true,
    });
    const after = await adminCall<StaffProfile>(app, 'GET', ME, { token });
    expect(after.body.result?.period.secondFactorDone).toBe(true);
    const rows = await auditOf(staff.id, 'staff.secondFactor');
    expect(rows.map((r) => r.outcome)).toEqual(['success']);
  });

  it('accepts a code one step of clock drift away', async () => {
    const staff = await enrolledStaff(app);
    const token = await staffPasswordStep(app, staff);
    const res = await adminCall(app, 'POST', TOTP_URL, { token, body: { code: totpCode(staff.secret, 1) } });
    expect(res.body.code).toBe(0);
  });

  it('refuses a code two steps away (30023), and counts it as a failure', async () => {
    const staff = await enrolledStaff(app);
    const token = await staffPasswordStep(app, staff);
    const res = await adminCall(app, 'POST', TOTP_URL, { token, body: { code: totpCode(staff.secret, -2) } });
    expect(res.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);
    const row = await app.database.db
      .selectFrom('staff')
      .select('failed_sign_ins')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_sign_ins).toBe(1);
  });

  it('refuses a code already used, even in another session (30023)', async () => {
    const staff = await enrolledStaff(app);
    const code = totpCode(staff.secret);
    const first = await staffPasswordStep(app, staff);
    expect((await adminCall(app, 'POST', TOTP_URL, { token: first, body: { code } })).body.code).toBe(0);
    const second = await staffPasswordStep(app, staff);
    const again = await adminCall(app, 'POST', TOTP_URL, { token: second, body: { code } });
    expect(again.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);
    const me = await adminCall<StaffProfile>(app, 'GET', ME, { token: second });
    expect(me.body.result?.period.secondFactorDone).toBe(false);
  });

  it('gives exactly one winner when two sessions race to use one code', async () => {
    const staff = await enrolledStaff(app);
    const code = totpCode(staff.secret);
    const tokens = [await staffPasswordStep(app, staff), await staffPasswordStep(app, staff)];
    const results = await Promise.all(
      tokens.map((token) => adminCall(app, 'POST', TOTP_URL, { token, body: { code } })),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([0, E.STAFF_TOTP_INCORRECT.code]);
    const sessions = await app.database.db
      .selectFrom('staff_sessions')
      .select('second_factor_at')
      .where('staff_id', '=', staff.id)
      .execute();
    expect(sessions.filter((s) => s.second_factor_at !== null)).toHaveLength(1);
  });

  it('answers 999 alike for a wrong password, an unknown username and a disabled account', async () => {
    const staff = await enrolledStaff(app);
    const disabled = await enrolledStaff(app);
    await adminCall(app, 'POST', `${STAFF}/${disabled.id}/disabled`, {
      token: (await signedInAdmin()).token,
      body: { disabled: true },
    });
    const answers = await Promise.all(
      [
        { username: staff.username, password: 'wrong-password-1' },
        { username: unique('nobody'), password: STAFF_PASSWORD },
        { username: disabled.username, password: STAFF_PASSWORD },
      ].map((body) => adminCall(app, 'POST', LOGIN, { body })),
    );
    for (const a of answers) {
      expect(a.body.code).toBe(E.BAD_CREDENTIALS.code);
      expect(a.body.message).toBe(answers[0]?.body.message);
    }
    expect(await auditOf(staff.id, 'staff.signIn')).toMatchObject([
      { outcome: 'failure', reason: 'wrong password' },
    ]);
  });

  it('counts failed staff sign-ins toward the IP ban like members', async () => {
    const { app: strict } = await testApp({ RATE_LIMIT_FACTOR: '1' });
    try {
      const staff = await enrolledStaff(strict);
      // An address of its own: the ban lives in the database the worker's other suites share.
      const ip = '192.0.2.201';
      const codes: number[] = [];
      for (let i = 0; i < 16; i++) {
        const res = await adminCall(strict, 'POST', LOGIN, {
          body: { username: unique('nobody'), password: 'wrong-password-1' },
          ip,
        });
        codes.push(res.body.code);
      }
      expect(codes.slice(0, 15).every((c) => c === E.BAD_CREDENTIALS.code)).toBe(true);
      expect(codes[15]).toBe(E.IP_BANNED.code);
      // Banned: even the right password is refused from that address.
      const right = await adminCall(strict, 'POST', LOGIN, {
        body: { username: staff.username, password: staff.password },
        ip,
      });
      expect(right.body.code).toBe(E.IP_BANNED.code);
    } finally {
      await strict.database.db.deleteFrom('ip_bans').where('ip', '=', '192.0.2.201').execute();
      await strict.close();
    }
  });

  it('ends the session on logout (502 after)', async () => {
    const { id, token } = await signedInAdmin();
    expect((await adminCall(app, 'POST', LOGOUT, { token })).body.code).toBe(0);
    expect((await adminCall(app, 'GET', ME, { token })).body.code).toBe(E.LOGGED_OUT.code);
    expect(await auditOf(id, 'staff.signOut')).toHaveLength(1);
  });
});

describe('account lock after five failures in a row', () => {
  it('locks after five wrong passwords: 31001 even with the right password, audited, until an admin unlocks', async () => {
    const staff = await enrolledStaff(app);
    for (let i = 0; i < 5; i++) {
      const res = await adminCall(app, 'POST', LOGIN, {
        body: { username: staff.username, password: 'wrong-password-1' },
      });
      expect(res.body.code).toBe(E.BAD_CREDENTIALS.code);
    }
    const locked = await adminCall(app, 'POST', LOGIN, {
      body: { username: staff.username, password: STAFF_PASSWORD },
    });
    expect(locked.body.code).toBe(E.STAFF_LOCKED.code);
    expect(await auditOf(staff.id, 'staff.locked')).toHaveLength(1);
    const row = await app.database.db
      .selectFrom('staff')
      .select('locked_until')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    const minutes = ((row.locked_until?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    const admin = await signedInAdmin();
    const unlocked = await adminCall<{ lockedUntil: string | null }>(
      app,
      'POST',
      `${STAFF}/${staff.id}/unlock`,
      {
        token: admin.token,
      },
    );
    expect(unlocked.body.code).toBe(0);
    expect(unlocked.body.result?.period.lockedUntil).toBeNull();
    expect(await auditOf(staff.id, 'staff.unlock')).toMatchObject([
      { actor_type: 'staff', actor_id: String(admin.id) },
    ]);
    expect(await staffPasswordStep(app, staff)).toBeTruthy();
  });

  it('counts wrong codes too: four wrong passwords and a wrong code lock the account', async () => {
    const staff = await enrolledStaff(app);
    const token = await staffPasswordStep(app, staff);
    for (let i = 0; i < 4; i++) {
      await adminCall(app, 'POST', LOGIN, {
        body: { username: staff.username, password: 'wrong-password-1' },
      });
    }
    const wrong = await adminCall(app, 'POST', TOTP_URL, {
      token,
      body: { code: totpCode(staff.secret, -3) },
    });
    expect(wrong.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);
    // Locked: even the right code is refused now.
    const right = await adminCall(app, 'POST', TOTP_URL, { token, body: { code: totpCode(staff.secret) } });
    expect(right.body.code).toBe(E.STAFF_LOCKED.code);
  });

  it('starts the count again after a completed sign-in', async () => {
    const staff = await enrolledStaff(app);
    for (let i = 0; i < 4; i++) {
      await adminCall(app, 'POST', LOGIN, {
        body: { username: staff.username, password: 'wrong-password-1' },
      });
    }
    const token = await staffPasswordStep(app, staff);
    expect(
      (await adminCall(app, 'POST', TOTP_URL, { token, body: { code: totpCode(staff.secret) } })).body.code,
    ).toBe(0);
    const wrong = await adminCall(app, 'POST', LOGIN, {
      body: { username: staff.username, password: 'wrong-password-1' },
    });
    expect(wrong.body.code).toBe(E.BAD_CREDENTIALS.code);
    expect(
      (await adminCall(app, 'POST', LOGIN, { body: { username: staff.username, password: STAFF_PASSWORD } }))
        .body.code,
    ).toBe(0);
  });
});

describe('enrolment on first sign-in', () => {
  async function freshStaff() {
    const username = unique('s').slice(0, 20);
    const id = await app.services.staff.create(
      { type: 'system', id: null },
      { username, password: STAFF_PASSWORD, role: 'operator' },
    );
    return { id, username, password: STAFF_PASSWORD };
  }

  it('says to enrol, shows an otpauth:// address, refuses a wrong code, and answers ten single-use recovery codes once', async () => {
    const staff = await freshStaff();
    const login = await adminCall<StaffLoginResult>(app, 'POST', LOGIN, { body: staff });
    expect(login.body.result?.period.next).toBe('enrol');
    const token = login.body.result?.period.token ?? '';

    const start = await adminCall<Enrolment>(app, 'POST', ENROL, { token });
    expect(start.body.code).toBe(0);
    const { secret, otpauthUri } = start.body.result?.period ?? { secret: '', otpauthUri: '' };
    expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/BahtDesk:${staff.username}\\?`));
    const uri = new URL(otpauthUri);
    expect(uri.searchParams.get('issuer')).toBe('BahtDesk');
    expect(uri.searchParams.get('secret')).toBe(secret);
    // Not in force before it is confirmed.
    const before = await adminCall<StaffProfile>(app, 'GET', ME, { token });
    expect(before.body.result?.period.enrolled).toBe(false);

    const other = new Secret({ size: 20 }).base32;
    const wrong = await adminCall(app, 'POST', CONFIRM, { token, body: { code: totpCode(other) } });
    expect(wrong.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);

    const confirmed = await adminCall<{ recoveryCodes: string[]; profile: StaffProfile }>(
      app,
      'POST',
      CONFIRM,
      {
        token,
        body: { code: totpCode(secret) },
      },
    );
    expect(confirmed.body.code).toBe(0);
    const { recoveryCodes, profile } = confirmed.body.result?.period ?? { recoveryCodes: [], profile: null };
    expect(profile).toMatchObject({ enrolled: true, secondFactorDone: true });
    expect(new Set(recoveryCodes).size).toBe(10);
    // Stored only as hashes.
    const stored = await app.database.db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .where('staff_id', '=', staff.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]?.replace('-', '') ?? '?');
    // Once only: enrolling again is refused.
    expect((await adminCall(app, 'POST', ENROL, { token })).body.code).toBe(E.STAFF_ALREADY_ENROLLED.code);
    expect((await adminCall(app, 'POST', LOGIN, { body: staff })).body.result?.period).toMatchObject({
      next: 'verify',
    });

    // Each recovery code completes a sign-in once.
    for (const code of recoveryCodes) {
      const session = await staffPasswordStep(app, staff);
      const used = await adminCall<StaffProfile>(app, 'POST', RECOVERY, {
        token: session,
        body: { recoveryCode: code.toUpperCase() },
      });
      expect(used.body.code, code).toBe(0);
      expect(used.body.result?.period.secondFactorDone).toBe(true);
    }
    const session = await staffPasswordStep(app, staff);
    const reused = await adminCall(app, 'POST', RECOVERY, {
      token: session,
      body: { recoveryCode: recoveryCodes[0] },
    });
    expect(reused.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);
    expect(await auditOf(staff.id, 'staff.secondFactor')).toHaveLength(11);
    expect(await auditOf(staff.id, 'staff.enrolment.confirm')).toMatchObject([
      { outcome: 'failure' },
      { outcome: 'success' },
    ]);
  });

  it('gives exactly one winner when two sessions race to use one recovery code', async () => {
    const staff = await enrolledStaff(app);
    const code = 'abcde-fghij';
    await app.database.db
      .insertInto('staff_recovery_codes')
      .values({ staff_id: staff.id, code_hash: hashRecoveryCode(code) })
      .execute();
    const tokens = [await staffPasswordStep(app, staff), await staffPasswordStep(app, staff)];
    const results = await Promise.all(
      tokens.map((token) => adminCall(app, 'POST', RECOVERY, { token, body: { recoveryCode: code } })),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([0, E.STAFF_TOTP_INCORRECT.code]);
  });

  it('refuses a TOTP verification before enrolment (30023)', async () => {
    const staff = await freshStaff();
    const token = await staffPasswordStep(app, staff);
    const res = await adminCall(app, 'POST', TOTP_URL, { token, body: { code: '123456' } });
    expect(res.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);
  });
});

describe('one-time password', () => {
  it('limits the session until the password is changed, then the session is complete', async () => {
    const admin = await signedInAdmin();
    const username = unique('n').slice(0, 20);
    const created = await adminCall<{
      account: { id: number; mustChangePassword: boolean };
      oneTimePassword: string;
    }>(app, 'POST', STAFF, { token: admin.token, body: { username, role: 'admin' } });
    expect(created.body.code).toBe(0);
    const { account, oneTimePassword } = created.body.result?.period ?? {
      account: null,
      oneTimePassword: '',
    };
    expect(account?.mustChangePassword).toBe(true);
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);

    const token = await staffPasswordStep(app, { username, password: oneTimePassword });
    // The password cannot be changed before the second factor.
    const early = await adminCall(app, 'POST', PASSWORD, {
      token,
      body: { currentPassword: oneTimePassword, newPassword: 'a-new-password-1' },
    });
    expect(early.body.code).toBe(E.STAFF_TOTP_REQUIRED.code);

    const { secret } = (await adminCall<Enrolment>(app, 'POST', ENROL, { token })).body.result?.period ?? {
      secret: '',
    };
    const confirmed = await adminCall<{ profile: StaffProfile }>(app, 'POST', CONFIRM, {
      token,
      body: { code: totpCode(secret) },
    });
    expect(confirmed.body.result?.period.profile).toMatchObject({
      mustChangePassword: true,
      secondFactorDone: false,
    });
    expect((await adminCall(app, 'GET', STAFF, { token })).status).toBe(403);

    const wrong = await adminCall(app, 'POST', PASSWORD, {
      token,
      body: { currentPassword: 'not-the-password', newPassword: 'a-new-password-1' },
    });
    expect(wrong.body.code).toBe(E.CURRENT_PASSWORD_INCORRECT.code);
    const short = await adminCall(app, 'POST', PASSWORD, {
      token,
      body: { currentPassword: oneTimePassword, newPassword: 'short' },
    });
    expect(short.body.code).toBe(E.STAFF_PASSWORD_INVALID.code);
    const changed = await adminCall<StaffProfile>(app, 'POST', PASSWORD, {
      token,
      body: { currentPassword: oneTimePassword, newPassword: 'a-new-password-1' },
    });
    expect(changed.body.result?.period).toMatchObject({ mustChangePassword: false, secondFactorDone: true });
    expect((await adminCall(app, 'GET', STAFF, { token })).body.code).toBe(0);
    // The one-time password no longer signs in; the new one does.
    expect(
      (await adminCall(app, 'POST', LOGIN, { body: { username, password: oneTimePassword } })).body.code,
    ).toBe(E.BAD_CREDENTIALS.code);
    expect(await staffPasswordStep(app, { username, password: 'a-new-password-1' })).toBeTruthy();
  });
});

describe('member and staff sessions are separate', () => {
  it('a member token never opens an admin call and a staff token never opens a member call', async () => {
    const m = await createMember(app);
    const memberToken = await signIn(app, m.username, m.password);
    const staff = await signedInAdmin();
    expect((await adminCall(app, 'GET', ME, { token: memberToken })).body.code).toBe(E.NOT_ALLOWED.code);
    expect((await adminCall(app, 'GET', STAFF, { token: memberToken })).body.code).toBe(E.NOT_ALLOWED.code);
    const profile = await post(app, '/api/external/user/profile', {}, { token: staff.token });
    expect(profile.body.code).toBe(E.NOT_ALLOWED.code);
  });
});
