import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createMember, post, signIn, uniquePhone } from '../../../test/members.ts';

const SIGN_UP = '/api/external/user/signUp';
const EDIT = '/api/external/user/editProfile';
const FORGOT = '/api/external/user/forgotPassword';
const FORGOT_USERNAME = '/api/external/user/forgotUsername';
const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let app: FastifyInstance;
beforeAll(async () => {
  // The real limits: the lookup budget is 15 answers per IP per 10 minutes.
  ({ app } = await testApp({ RATE_LIMIT_FACTOR: '1' }));
});
afterAll(() => app.close());

function signUpBody(overrides: Record<string, unknown>) {
  const username = unique('s').slice(0, 20);
  return {
    username,
    password: 'abc123',
    confirmPassword: 'abc123',
    firstName: 'Somchai',
    lastName: 'Jaidee',
    phone: uniquePhone(),
    email: `${username.toLowerCase()}@example.com`,
    usdtAddress: { network: 'BEP20', uid: '12345678', address: BEP20 },
    ...overrides,
  };
}

const editBody = (m: { email: string; phone: string; password: string }, overrides: object) => ({
  firstName: 'Somchai',
  lastName: 'Jaidee',
  email: m.email,
  phone: m.phone,
  currentPassword: m.password,
  ...overrides,
});

describe('answers that say whether a member exists share one budget', () => {
  it('sign-up, editProfile, forgot-password and forgot-username answers count against one per-IP budget: the 16th in 10 minutes bans the IP (4290060)', async () => {
    const ip = '192.0.2.61';
    const taken = await createMember(app);
    const prober = await createMember(app);
    const token = await signIn(app, prober.username, prober.password);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await post(app, SIGN_UP, signUpBody({ phone: taken.phone }), { ip })).body.code);
      answers.push(
        (await post(app, EDIT, editBody(prober, { email: taken.email }), { token, ip })).body.code,
      );
      answers.push((await post(app, FORGOT, { channel: 'phone', phone: uniquePhone() }, { ip })).body.code);
    }
    expect(new Set(answers)).toEqual(
      new Set([E.PHONE_TAKEN.code, E.EMAIL_TAKEN.code, E.PHONE_NOT_FOUND.code]),
    );
    const next = await post(app, FORGOT_USERNAME, { channel: 'phone', phone: uniquePhone() }, { ip });
    expect(next.body.code).toBe(E.IP_BANNED.code);
    // From now on the IP is refused before anything is looked up.
    const after = await post(app, SIGN_UP, signUpBody({ phone: taken.phone }), { ip });
    expect(after.body.code).toBe(E.IP_BANNED.code);
  });

  it('a signed-in member gets at most 15 "in use" answers from editProfile per 10 minutes, from any IP (10038), and nothing changes', async () => {
    const taken = await createMember(app);
    const prober = await createMember(app);
    const token = await signIn(app, prober.username, prober.password);
    for (let i = 0; i < 15; i++) {
      const res = await post(app, EDIT, editBody(prober, { phone: taken.phone }), {
        token,
        ip: `198.51.100.${100 + i}`,
      });
      expect(res.body.code).toBe(E.PHONE_TAKEN.code);
    }
    const refused = await post(app, EDIT, editBody(prober, { phone: taken.phone }), {
      token,
      ip: '198.51.100.200',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(E.TOO_MANY_LOOKUPS.code);
    const row = await app.database.db
      .selectFrom('members')
      .select('phone')
      .where('id', '=', prober.id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe(prober.phone);
    // A change that gives no such answer still works.
    const renamed = await post(app, EDIT, editBody(prober, { firstName: 'Somsak' }), {
      token,
      ip: '198.51.100.201',
    });
    expect(renamed.body.code).toBe(0);
  });
});
