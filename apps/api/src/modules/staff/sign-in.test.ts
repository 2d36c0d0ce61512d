import { E, type Enrolment, type StaffLoginResult, type StaffProfile } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createMember, onlyAdmins, post, signIn } from '../../../test/members.ts';
import {
  adminCall,
  type EnrolledStaff,
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
  ({ app } = await testApp({ LOG_LEVEL: 'error' }));
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

  it('refuses a code two steps away (30023), and counts it as a failure of an account that signed in before', async () => {
    const staff = await enrolledStaff(app);
    // An account that never completed a sign-in is never slowed down, so it counts no failures.
    await app.database.db
      .updateTable('staff')
      .set({ last_login_at: new Date() })
      .where('id', '=', staff.id)
      .execute();
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

describe('guessing a staff account: counted per account and address, never locking the owner out', () => {
  let n = 0;
  /** A client address of this test's own (limits and counts are per address). */
  const address = () => {
    n += 1;
    return `198.51.100.${n}`;
  };
  const wrongPassword = (staff: { username: string }, ip: string) =>
    adminCall(app, 'POST', LOGIN, { body: { username: staff.username, password: 'wrong-password-1' }, ip });
  const reasons = async (staffId: number, action: string) =>
    (await auditOf(staffId, action)).filter((r) => r.outcome === 'failure').map((r) => r.reason);
  /** Password and code from `ip`: the sign-in's final answer code. */
  async function fullSignIn(staff: EnrolledStaff, ip: string) {
    const login = await adminCall<StaffLoginResult>(app, 'POST', LOGIN, {
      body: { username: staff.username, password: staff.password },
      ip,
    });
    const token = login.body.result?.period.token;
    if (!token) return login.body.code;
    // Each code works once: let this test's sign-ins within one 30-second step use the current one.
    await app.database.db
      .updateTable('staff')
      .set({ totp_last_step: null })
      .where('id', '=', staff.id)
      .execute();
    return (await adminCall(app, 'POST', TOTP_URL, { token, ip, body: { code: totpCode(staff.secret) } }))
      .body.code;
  }

  it('checks at most five of 20 simultaneous wrong passwords from one address', async () => {
    const staff = await enrolledStaff(app);
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 20 }, () => wrongPassword(staff, ip)));
    expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill(E.BAD_CREDENTIALS.code));
    const seen = await reasons(staff.id, 'staff.signIn');
    expect(seen.filter((r) => r === 'wrong password')).toHaveLength(5);
    expect(seen.filter((r) => r === 'address stopped')).toHaveLength(15);
  });

  it('checks at most five of 20 simultaneous wrong codes in one session', async () => {
    const staff = await enrolledStaff(app);
    const ip = address();
    const token = await staffPasswordStep(app, staff, ip);
    const wrong = totpCode(staff.secret, -5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        adminCall(app, 'POST', TOTP_URL, { token, ip, body: { code: wrong } }),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill(E.STAFF_TOTP_INCORRECT.code));
    const seen = await reasons(staff.id, 'staff.secondFactor');
    expect(seen.filter((r) => r === 'wrong code')).toHaveLength(5);
    expect(seen.filter((r) => r === 'address stopped')).toHaveLength(15);
    // The session's address is stopped: even the right code is no longer checked in it, from anywhere.
    const right = await adminCall(app, 'POST', TOTP_URL, {
      token,
      ip: address(),
      body: { code: totpCode(staff.secret) },
    });
    expect(right.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);
    expect(
      (await adminCall<StaffProfile>(app, 'GET', ME, { token })).body.result?.period.secondFactorDone,
    ).toBe(false);
  });

  it('lets the owner sign in with the right password and code while an outsider guesses from one address', async () => {
    const staff = await enrolledStaff(app);
    const outsider = address();
    const owner = address();
    const guesses = Promise.all(Array.from({ length: 30 }, () => wrongPassword(staff, outsider)));
    expect(await fullSignIn(staff, owner)).toBe(0);
    await guesses;
    // The outsider's address is stopped for this account, even with the right password ...
    const stopped = await adminCall(app, 'POST', LOGIN, {
      body: { username: staff.username, password: staff.password },
      ip: outsider,
    });
    expect(stopped.body.code).toBe(E.BAD_CREDENTIALS.code);
    // ... and the owner still signs in.
    expect(await fullSignIn(staff, owner)).toBe(0);
    expect(await fullSignIn(staff, address())).toBe(0);
  });

  it('answers every refusal as a wrong password: unknown name, stopped address, disabled account', async () => {
    const staff = await enrolledStaff(app);
    const disabled = await enrolledStaff(app);
    await adminCall(app, 'POST', `${STAFF}/${disabled.id}/disabled`, {
      token: (await signedInAdmin()).token,
      body: { disabled: true },
    });
    const outsider = address();
    for (let i = 0; i < 5; i++) await wrongPassword(staff, outsider);
    const answers = await Promise.all(
      [
        { username: staff.username, password: 'wrong-password-1', ip: address() },
        { username: unique('nobody'), password: STAFF_PASSWORD, ip: address() },
        { username: staff.username, password: STAFF_PASSWORD, ip: outsider },
        { username: disabled.username, password: STAFF_PASSWORD, ip: address() },
      ].map(({ ip, ...body }) => adminCall(app, 'POST', LOGIN, { body, ip })),
    );
    for (const a of answers) {
      expect(a.status).toBe(answers[0]?.status);
      expect(a.body).toEqual(answers[0]?.body);
    }
    expect(answers[0]?.body.code).toBe(E.BAD_CREDENTIALS.code);
  });

  it('slows the account down, without locking it, when guesses come from many addresses', async () => {
    const staff = await enrolledStaff(app);
    const home = address();
    expect(await fullSignIn(staff, home)).toBe(0);
    for (let i = 0; i < 10; i++) await wrongPassword(staff, address());
    expect(await auditOf(staff.id, 'staff.slowed')).toHaveLength(1);
    const admin = await signedInAdmin();
    const list = await adminCall<{ items: { id: number; lockedUntil: string | null }[] }>(app, 'GET', STAFF, {
      token: admin.token,
    });
    expect(list.body.result?.period.items.find((a) => a.id === staff.id)?.lockedUntil).not.toBeNull();

    // A new address is not checked until the slow-down's next slot, even with the right password.
    expect(await fullSignIn(staff, address())).toBe(E.BAD_CREDENTIALS.code);
    // The address the owner signed in from before is not slowed down.
    expect(await fullSignIn(staff, home)).toBe(0);

    for (let i = 0; i < 10; i++) await wrongPassword(staff, address());
    // When the slot comes (as a minute later), one new address gets one check.
    await app.database.db
      .updateTable('staff')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', staff.id)
      .execute();
    const next = address();
    expect(await fullSignIn(staff, next)).toBe(0);
  });

  it('an admin unlock lets a stopped address and a slowed account try again at once', async () => {
    const staff = await enrolledStaff(app);
    const outsider = address();
    for (let i = 0; i < 5; i++) await wrongPassword(staff, outsider);
    const admin = await signedInAdmin();
    // A stopped address alone shows in the staff list, so an admin can lift it (say, the owner's typos).
    const list = await adminCall<{ items: { id: number; lockedUntil: string | null }[] }>(app, 'GET', STAFF, {
      token: admin.token,
    });
    expect(list.body.result?.period.items.find((a) => a.id === staff.id)?.lockedUntil).not.toBeNull();
    for (let i = 0; i < 10; i++) await wrongPassword(staff, address());
    expect(await fullSignIn(staff, outsider)).toBe(E.BAD_CREDENTIALS.code);

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
    expect(await fullSignIn(staff, outsider)).toBe(0);
  });

  it('counts wrong codes with wrong passwords: four wrong passwords and a wrong code stop the address', async () => {
    const staff = await enrolledStaff(app);
    const ip = address();
    const token = await staffPasswordStep(app, staff, ip);
    for (let i = 0; i < 4; i++) await wrongPassword(staff, ip);
    const wrong = await adminCall(app, 'POST', TOTP_URL, {
      token,
      ip,
      body: { code: totpCode(staff.secret, -3) },
    });
    expect(wrong.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);
    // Stopped: even the right code is refused now, and the right password too.
    const right = await adminCall(app, 'POST', TOTP_URL, {
      token,
      ip,
      body: { code: totpCode(staff.secret) },
    });
    expect(right.body.code).toBe(E.STAFF_TOTP_INCORRECT.code);
    expect(await fullSignIn(staff, ip)).toBe(E.BAD_CREDENTIALS.code);
  });

  it('starts the address count again after a completed sign-in, not after a right password alone', async () => {
    const staff = await enrolledStaff(app);
    const ip = address();
    for (let i = 0; i < 4; i++) await wrongPassword(staff, ip);
    // A right password alone gives back only its own attempt.
    await staffPasswordStep(app, staff, ip);
    expect(await fullSignIn(staff, ip)).toBe(0);
    for (let i = 0; i < 4; i++) await wrongPassword(staff, ip);
    expect(await fullSignIn(staff, ip)).toBe(0);
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
    // The desk's only admin makes the new admin at once (with two it would wait for the second).
    await onlyAdmins(app, admin);
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
