import { E, type ErrorDef, type Profile } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createMember, post, signIn, uniquePhone } from '../../../test/members.ts';

const SIGN_UP = '/api/external/user/signUp';
const PROFILE = '/api/external/user/profile';
const EDIT = '/api/external/user/editProfile';
const CHANGE = '/api/external/user/changePasswordProfile';
const SIGN_IN = '/api/external/auth/auth';

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA = 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz';

function signUpBody(overrides: Record<string, unknown> = {}) {
  const username = unique('s').slice(0, 20);
  return {
    username,
    password: 'abc123',
    confirmPassword: 'abc123',
    firstName: 'Somchai',
    lastName: 'ใจดี',
    phone: uniquePhone(),
    email: `${username.toLowerCase()}@example.com`,
    bankAccount: { bankCode: 'KBANK', accountNumber: '123-4-56789-0', accountName: 'Somchai Jaidee' },
    usdtAddress: { network: 'BEP20', uid: '12345678', address: BEP20, nickname: 'main' },
    ...overrides,
  };
}

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterAll(() => app.close());

async function profile(token: string) {
  return post<Profile>(app, PROFILE, {}, { token });
}

describe('sign-up', () => {
  it('creates the member with the bank account and the USDT address, and signs in', async () => {
    const body = signUpBody();
    const res = await post<{ token: string }>(app, SIGN_UP, body);
    expect(res.body.code).toBe(0);
    const token = res.body.result?.period.token ?? '';
    const p = await profile(token);
    expect(p.body.result?.period).toMatchObject({
      username: body.username,
      firstName: 'Somchai',
      lastName: 'ใจดี',
      phone: body.phone,
      email: body.email,
      kycStatus: 'unverified',
      bankAccounts: [{ bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'Somchai Jaidee' }],
      usdtAddresses: [{ network: 'BEP20', address: BEP20, nickname: 'main' }],
    });
    expect(await signIn(app, body.username, 'abc123')).toBeTruthy();
  });

  it('announces members.changed after the sign-up commits, so the dashboard counts it live', async () => {
    const seen: unknown[] = [];
    const unsubscribe = app.events.subscribe((e) => {
      if (e.name === 'members.changed') seen.push(e.data);
    });
    const res = await post(app, SIGN_UP, signUpBody());
    unsubscribe();
    expect(res.body.code).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('the bank account is optional', async () => {
    const { bankAccount: _, ...body } = signUpBody({
      usdtAddress: { network: 'SOLANA', uid: '12345678', address: SOLANA },
    });
    const res = await post<{ token: string }>(app, SIGN_UP, body);
    expect(res.body.code).toBe(0);
    const p = await profile(res.body.result?.period.token ?? '');
    expect(p.body.result?.period.bankAccounts).toEqual([]);
    expect(p.body.result?.period.usdtAddresses).toMatchObject([{ network: 'SOLANA', nickname: null }]);
  });

  it('refuses a username already taken, in any letter case: 10009', async () => {
    const m = await createMember(app);
    const res = await post(app, SIGN_UP, signUpBody({ username: m.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(E.USERNAME_TAKEN.code);
  });

  it('refuses an email already registered: 10015', async () => {
    const m = await createMember(app);
    const res = await post(app, SIGN_UP, signUpBody({ email: m.email.toUpperCase() }));
    expect(res.body.code).toBe(E.EMAIL_TAKEN.code);
  });

  it('refuses a phone already registered, written in any form: 10016', async () => {
    const m = await createMember(app);
    const international = `+66 ${m.phone.slice(1)}`;
    const res = await post(app, SIGN_UP, signUpBody({ phone: international }));
    expect(res.body.code).toBe(E.PHONE_TAKEN.code);
  });

  it('two sign-ups racing for one username: one succeeds, the other gets 10009, never a 5xx', async () => {
    const a = signUpBody();
    const b = signUpBody({ username: a.username });
    const results = await Promise.all([post(app, SIGN_UP, a), post(app, SIGN_UP, b)]);
    expect(results.map((r) => r.body.code).sort((x, y) => x - y)).toEqual([0, E.USERNAME_TAKEN.code]);
    const count = await app.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<string>`lower(username)`, '=', a.username.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('is all or nothing: when the address cannot be stored, no member or bank account is left', async () => {
    const db = app.database.db;
    await sql`create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin if new.nickname = 'boom' then raise exception 'refused'; end if; return new; end; $$`.execute(db);
    await sql`create trigger refuse_boom before insert on usdt_addresses
      for each row execute function refuse_boom()`.execute(db);
    try {
      const body = signUpBody({
        usdtAddress: { network: 'BEP20', uid: '12345678', address: BEP20, nickname: 'boom' },
      });
      const res = await post(app, SIGN_UP, body);
      expect(res.status).toBe(500);
      const left = await db
        .selectFrom('members')
        .select('id')
        .where('username', '=', body.username)
        .execute();
      expect(left).toEqual([]);
      const banks = await db
        .selectFrom('bank_accounts')
        .select('id')
        .where('account_name', '=', 'Somchai Jaidee')
        .where('member_id', 'not in', db.selectFrom('members').select('id'))
        .execute();
      expect(banks).toEqual([]);
    } finally {
      await sql`drop trigger refuse_boom on usdt_addresses`.execute(db);
      await sql`drop function refuse_boom()`.execute(db);
    }
  });

  it("checks every rule again on the server: passwords don't match 10028, address invalid for its network 10021", async () => {
    const mismatch = await post(app, SIGN_UP, signUpBody({ confirmPassword: 'abc124' }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe(E.PASSWORD_MISMATCH.code);
    const badAddress = await post(
      app,
      SIGN_UP,
      signUpBody({ usdtAddress: { network: 'SOLANA', uid: '12345678', address: BEP20 } }),
    );
    expect(badAddress.body.code).toBe(E.USDT_ADDRESS_INVALID.code);
  });

  it('takes a name with a hyphen or an apostrophe inside it, as on a passport, and refuses one at its end', async () => {
    const body = signUpBody({ firstName: 'Mary-Jane', lastName: 'O’Brien-Smith' });
    const res = await post<{ token: string }>(app, SIGN_UP, body);
    expect(res.body.code).toBe(0);
    const token = res.body.result?.period.token ?? '';
    expect((await profile(token)).body.result?.period).toMatchObject({
      firstName: 'Mary-Jane',
      lastName: "O'Brien-Smith",
    });
    const info = { firstName: 'Mary-Jane', phone: body.phone, email: body.email };
    const edited = await post(app, EDIT, { ...info, lastName: "D'Arcy" }, { token });
    expect(edited.body.code).toBe(0);
    expect((await profile(token)).body.result?.period.lastName).toBe("D'Arcy");
    const trailing = await post(app, EDIT, { ...info, lastName: 'Smith-' }, { token });
    expect(trailing.body.code).toBe(E.NAME_INVALID.code);
    expect((await profile(token)).body.result?.period.lastName).toBe("D'Arcy");
  });

  const ruleCases: [string, Record<string, unknown>, ErrorDef][] = [
    ['username required', { username: '' }, E.REQUIRED],
    ['username letters or numbers only', { username: 'som chai!' }, E.USERNAME_SPECIAL_CHARS],
    ['username at least 4 characters', { username: 'abc' }, E.USERNAME_LENGTH],
    [
      'password letters or numbers, at least 6',
      { password: 'ab1', confirmPassword: 'ab1' },
      E.PASSWORD_INVALID,
    ],
    ['please confirm password', { confirmPassword: '' }, E.PASSWORD_CONFIRM_REQUIRED],
    ['first name Thai or English letters only', { firstName: 'Som1' }, E.NAME_INVALID],
    ['email valid', { email: 'not-an-email' }, E.EMAIL_INVALID],
    ['phone valid and complete', { phone: '08123' }, E.PHONE_INVALID],
    [
      'bank known',
      { bankAccount: { bankCode: 'XYZ', accountNumber: '1234567890', accountName: 'A B' } },
      E.BANK_NOT_FOUND,
    ],
    [
      'network known',
      { usdtAddress: { network: 'POLYGON', uid: '12345678', address: BEP20 } },
      E.NETWORK_NOT_FOUND,
    ],
    [
      'a USDT address is required',
      { usdtAddress: { network: 'BEP20', uid: '12345678', address: '' } },
      E.REQUIRED,
    ],
    ['the body is an object', { username: { $ne: null } }, E.REQUIRED],
  ];
  for (const [rule, change, def] of ruleCases) {
    it(`refuses input against the rule "${rule}" with ${def.code} and creates nothing`, async () => {
      const body = signUpBody(change);
      const res = await post(app, SIGN_UP, body);
      expect(res.status).toBe(def.status);
      expect(res.body.code).toBe(def.code);
      const made = await app.database.db
        .selectFrom('members')
        .select('id')
        .where('email', '=', String(body.email))
        .execute();
      expect(made).toEqual([]);
    });
  }

  it('needs a clientSignature: 403 without one', async () => {
    const res = await post(app, SIGN_UP, signUpBody(), { signed: false });
    expect(res.body.code).toBe(E.ACCESS_DENIED.code);
  });
});

describe('profile', () => {
  it('is in result.period and never carries the password hash', async () => {
    const m = await createMember(app);
    const res = await profile(await signIn(app, m.username, m.password));
    expect(res.body.result?.period).toMatchObject({ id: m.id, username: m.username, email: m.email });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
  });

  it('needs a session: 500 without a token', async () => {
    expect((await post(app, PROFILE, {})).body.code).toBe(500);
  });
});

describe('edit profile', () => {
  async function contactOf(memberId: number) {
    return app.database.db
      .selectFrom('members')
      .select(['first_name', 'last_name', 'phone', 'email'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
  }

  it('changes names, phone and email, given the current password', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    const phone = uniquePhone();
    const res = await post<Profile>(
      app,
      EDIT,
      { firstName: 'Mary Jane', lastName: 'Smith', phone, email: `X${m.email}`, currentPassword: m.password },
      { token },
    );
    expect(res.body.code).toBe(0);
    expect(res.body.result?.period).toMatchObject({
      firstName: 'Mary Jane',
      lastName: 'Smith',
      phone,
      email: `x${m.email}`,
    });
  });

  it('changes names alone without the password (the same phone written another way is no change)', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    const body = {
      firstName: 'Mary',
      lastName: 'Smith',
      phone: `+66 ${m.phone.slice(1)}`,
      email: m.email.toUpperCase(),
    };
    const res = await post<Profile>(app, EDIT, body, { token });
    expect(res.body.code).toBe(0);
    expect(await contactOf(m.id)).toEqual({
      first_name: 'Mary',
      last_name: 'Smith',
      phone: m.phone,
      email: m.email,
    });
  });

  for (const contact of ['email', 'phone'] as const) {
    it(`refuses a new ${contact} without the current password: 10033 on currentPassword, and nothing changes`, async () => {
      const m = await createMember(app);
      const token = await signIn(app, m.username, m.password);
      const before = await contactOf(m.id);
      const changed = contact === 'email' ? { email: `new.${m.email}` } : { phone: uniquePhone() };
      for (const currentPassword of [undefined, '']) {
        const body = {
          firstName: 'Thief',
          lastName: 'Smith',
          phone: m.phone,
          email: m.email,
          ...changed,
          currentPassword,
        };
        const res = await post(app, EDIT, body, { token });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(E.REQUIRED.code);
        expect(res.body.result?.period).toEqual({ fields: ['currentPassword'] });
      }
      expect(await contactOf(m.id)).toEqual(before);
    });
  }

  it('refuses a wrong current password with 10017: nothing changes, the failure is audited and counted against the IP', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    const before = await contactOf(m.id);
    const counted = vi.spyOn(app.limits, 'attemptPassword');
    const givenBack = vi.spyOn(app.limits, 'passwordSucceeded');
    try {
      const body = {
        firstName: 'Thief',
        lastName: 'Smith',
        phone: m.phone,
        email: `thief.${m.email}`,
        currentPassword: 'wrong1',
      };
      const res = await post(app, EDIT, body, { token });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(E.CURRENT_PASSWORD_INCORRECT.code);
      expect(counted).toHaveBeenCalledWith('127.0.0.1');
      expect(givenBack).not.toHaveBeenCalled();
    } finally {
      counted.mockRestore();
      givenBack.mockRestore();
    }
    expect(await contactOf(m.id)).toEqual(before);
    const audit = await app.database.db
      .selectFrom('audit_log')
      .select(['outcome'])
      .where('action', '=', 'account.editProfile')
      .where('actor_id', '=', String(m.id))
      .execute();
    expect(audit).toEqual([{ outcome: 'failure' }]);
  });

  it("keeps email and phone unique: another member's gives 10015 / 10016, one's own is fine", async () => {
    const m = await createMember(app);
    const other = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    const base = { firstName: 'Somchai', lastName: 'Jaidee', phone: m.phone, email: m.email };
    expect((await post(app, EDIT, base, { token })).body.code).toBe(0);
    const withPassword = { ...base, currentPassword: m.password };
    expect((await post(app, EDIT, { ...withPassword, email: other.email }, { token })).body.code).toBe(
      E.EMAIL_TAKEN.code,
    );
    expect((await post(app, EDIT, { ...withPassword, phone: other.phone }, { token })).body.code).toBe(
      E.PHONE_TAKEN.code,
    );
  });
});

describe('change password in the profile', () => {
  it('needs the current password: 10017 when wrong, and nothing changes', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    const res = await post(
      app,
      CHANGE,
      { currentPassword: 'wrong1', password: 'newpass1', confirmPassword: 'newpass1' },
      { token },
    );
    expect(res.body.code).toBe(E.CURRENT_PASSWORD_INCORRECT.code);
    expect(await signIn(app, m.username, m.password)).toBeTruthy();
  });

  it("ends the member's other sessions, keeps this one, and the new password works", async () => {
    const m = await createMember(app);
    const other = await signIn(app, m.username, m.password);
    const token = await signIn(app, m.username, m.password);
    const res = await post(
      app,
      CHANGE,
      { currentPassword: m.password, password: 'newpass1', confirmPassword: 'newpass1' },
      { token },
    );
    expect(res.body.code).toBe(0);
    expect((await profile(other)).body.code).toBe(502);
    expect((await profile(token)).body.code).toBe(0);
    expect((await post(app, SIGN_IN, { username: m.username, password: m.password })).body.code).toBe(999);
    expect(await signIn(app, m.username, 'newpass1')).toBeTruthy();
    const audit = await app.database.db
      .selectFrom('audit_log')
      .select(['outcome', 'ip'])
      .where('action', '=', 'account.changePassword')
      .where('actor_id', '=', String(m.id))
      .execute();
    expect(audit).toEqual([{ outcome: 'success', ip: '127.0.0.1' }]);
  });
});
