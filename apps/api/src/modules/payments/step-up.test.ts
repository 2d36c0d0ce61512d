import { E, type Payments, type Profile, type SessionResult } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, unique } from '../../../test/harness.ts';
import { createMember, post, signIn, uniquePhone } from '../../../test/members.ts';

const ADD = '/api/external/user/addPayment';
const UPDATE = '/api/external/user/updatePayment';
const DELETE = '/api/external/user/deletePayment';
const PROFILE = '/api/external/user/profile';
const HOUR = 60 * 60_000;

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA = 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz';
const bank = {
  type: 'bank',
  bankCode: 'SCB',
  accountNumber: '1234567890',
  accountName: 'Somchai Jaidee',
} as const;
const usdt = {
  type: 'usdt',
  network: 'SOLANA',
  custody: 'exchange',
  uid: '12345678',
  address: SOLANA,
  nickname: 'Phantom',
} as const;
const meta = { ip: '127.0.0.1', userAgent: 'test', lang: 'en' as const };

type Result = Payments & { id: number };

let app: FastifyInstance;
beforeAll(async () => {
  // The real failed-sign-in limit (15 per 10 minutes), to show a wrong password counts against it.
  ({ app } = await testApp({ RATE_LIMIT_FACTOR: '1' }));
});
afterAll(() => app.close());

async function member() {
  const m = await createMember(app);
  return { ...m, token: await signIn(app, m.username, m.password) };
}

const entries = async (memberId: number) => app.services.payments.list(memberId);

describe('changing where payouts go needs the current password', () => {
  it('adding, changing or deleting without currentPassword is 10033 on that field and changes nothing', async () => {
    const m = await member();
    const first = await app.services.payments.add(m.id, { ...bank, currentPassword: m.password }, meta);
    for (const [url, body] of [
      [ADD, usdt],
      [UPDATE, { ...bank, id: first.id, accountNumber: '9999999999' }],
      [DELETE, { type: 'bank', id: first.id }],
    ] as const) {
      const res = await post(app, url, body, { token: m.token });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe(E.REQUIRED.code);
    }
    expect(await entries(m.id)).toMatchObject({
      bankAccounts: [{ id: first.id, accountNumber: '1234567890' }],
      usdtAddresses: [],
    });
  });

  it('a wrong current password is 10017, changes nothing, is audited as a failure and counts like a failed sign-in', async () => {
    const m = await member();
    const ip = '198.51.100.77';
    const first = await app.services.payments.add(m.id, { ...bank, currentPassword: m.password }, meta);
    const wrong = { currentPassword: 'not-it-1' };
    const tries = [
      [ADD, { ...usdt, ...wrong }],
      [UPDATE, { ...bank, ...wrong, id: first.id, accountNumber: '9999999999' }],
      [DELETE, { type: 'bank', id: first.id, ...wrong }],
    ] as const;
    for (const [url, body] of tries) {
      const res = await post(app, url, body, { token: m.token, ip });
      expect(res.body.code, url).toBe(E.CURRENT_PASSWORD_INCORRECT.code);
    }
    expect(await entries(m.id)).toMatchObject({
      bankAccounts: [{ id: first.id, accountNumber: '1234567890' }],
      usdtAddresses: [],
    });
    const audited = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'reason'])
      .where('actor_type', '=', 'member')
      .where('actor_id', '=', String(m.id))
      .where('outcome', '=', 'failure')
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      { action: 'payments.addUsdtAddress', outcome: 'failure', reason: 'current password incorrect' },
      { action: 'payments.updateBankAccount', outcome: 'failure', reason: 'current password incorrect' },
      { action: 'payments.deleteBankAccount', outcome: 'failure', reason: 'current password incorrect' },
    ]);
    // 3 counted so far; the failed-sign-in rule allows 15 per 10 minutes: the 16th bans the IP, so
    // the 17th request is refused before it is read.
    let last = 0;
    for (let i = 0; i < 14; i++) {
      last = (await post(app, ADD, { ...usdt, ...wrong }, { token: m.token, ip })).body.code;
    }
    expect(last).toBe(E.IP_BANNED.code);
  });
});

describe('a change of a payout destination is told to the member', () => {
  it('sends a notice to the member’s email and an SMS to their phone, in the language of the request', async () => {
    const m = await member();
    const res = await post<Result>(
      app,
      ADD,
      { ...bank, currentPassword: m.password },
      { token: m.token, lang: 'th' },
    );
    expect(res.body.code).toBe(0);
    const sent = await app.database.db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'subject', 'body'])
      .where('recipient', 'in', [m.email, m.phone])
      .orderBy('channel')
      .execute();
    expect(sent.map((s) => [s.channel, s.recipient])).toEqual([
      ['email', m.email],
      ['sms', m.phone],
    ]);
    for (const s of sent) {
      expect(s.body).toContain('มีการเพิ่มบัญชีธนาคาร SCB …7890');
      expect(s.body).toContain('เวลากรุงเทพฯ');
      expect(s.body).not.toContain('1234567890');
    }
    await post(
      app,
      DELETE,
      { type: 'bank', id: res.body.result?.period.id, currentPassword: m.password },
      {
        token: m.token,
      },
    );
    const deleted = await app.database.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', m.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // A call without a language keeps the one the member last used (Thai, above).
    expect(deleted.body).toMatch(/^มีการลบบัญชีธนาคาร SCB …7890/);
  });
});

describe('a new or changed destination waits out the cooling-off period', () => {
  const t0 = new Date('2026-12-01T03:00:00Z');

  /** A member who already holds a bank account and a USDT address (saved at t0 - 48 h). */
  async function memberWithFirsts() {
    const m = await member();
    const before = new Date(t0.getTime() - 48 * HOUR);
    const { payments } = app.services;
    await payments.add(m.id, { ...bank, currentPassword: m.password }, meta, before);
    await payments.add(
      m.id,
      { ...usdt, address: BEP20, network: 'BEP20', currentPassword: m.password },
      meta,
      before,
    );
    return m;
  }

  it('a member’s first bank account and first USDT address, added after sign-up, are usable at once', async () => {
    const m = await member();
    const { payments } = app.services;
    const firstBank = await payments.add(m.id, { ...bank, currentPassword: m.password }, meta, t0);
    expect(firstBank.bankAccounts[0]?.usableFrom).toBe(t0.toISOString());
    const firstAddress = await payments.add(m.id, { ...usdt, currentPassword: m.password }, meta, t0);
    expect(firstAddress.usdtAddresses[0]?.usableFrom).toBe(t0.toISOString());
    await expect(payments.payoutDestination(m.id, 'bank', firstBank.id, t0)).resolves.toMatchObject({
      id: firstBank.id,
    });
    // The password step-up and the notice stay for the first entry too.
    const notice = await app.database.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', m.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.body).toMatch(
      /^A USDT address …vaYz was added to your BahtDesk account\. It can receive payouts from/,
    );
    const second = await payments.add(
      m.id,
      { ...bank, accountNumber: '2234567890', currentPassword: m.password },
      meta,
      t0,
    );
    expect(second.bankAccounts.find((b) => b.id === second.id)?.usableFrom).toBe(
      new Date(t0.getTime() + 24 * HOUR).toISOString(),
    );
  });

  it('deleting the first entry does not make the next one a first: it waits out the period', async () => {
    const m = await member();
    const { payments } = app.services;
    const first = await payments.add(m.id, { ...bank, currentPassword: m.password }, meta, t0);
    await payments.delete(m.id, { type: 'bank', id: first.id, currentPassword: m.password }, meta, t0);
    const next = await payments.add(
      m.id,
      { ...bank, accountNumber: '2234567890', currentPassword: m.password },
      meta,
      t0,
    );
    expect(next.bankAccounts[0]?.usableFrom).toBe(new Date(t0.getTime() + 24 * HOUR).toISOString());
  });

  it('of two racing first adds, exactly one is usable at once', async () => {
    const m = await member();
    const { payments } = app.services;
    const added = await Promise.all(
      ['1234567890', '2234567890'].map((accountNumber) =>
        payments.add(m.id, { ...bank, accountNumber, currentPassword: m.password }, meta, t0),
      ),
    );
    const { bankAccounts } = await entries(m.id);
    expect(added).toHaveLength(2);
    expect(bankAccounts.map((b) => b.usableFrom).sort()).toEqual([
      t0.toISOString(),
      new Date(t0.getTime() + 24 * HOUR).toISOString(),
    ]);
  });

  it('a later entry is usable from payoutCoolingOffHours (24) later, and the answers say so', async () => {
    const m = await memberWithFirsts();
    const added = await app.services.payments.add(m.id, { ...usdt, currentPassword: m.password }, meta, t0);
    const entry = added.usdtAddresses.find((a) => a.id === added.id);
    expect(entry?.usableFrom).toBe(new Date(t0.getTime() + 24 * HOUR).toISOString());
    const profile = await post<Profile>(app, PROFILE, {}, { token: m.token });
    const shown = profile.body.result?.period.usdtAddresses.find((a) => a.id === added.id);
    expect(shown?.usableFrom).toBe('2026-12-02T03:00:00.000Z');
  });

  it('changing the address starts the period again; changing only the nickname does not', async () => {
    const m = await memberWithFirsts();
    const { payments } = app.services;
    const { id } = await payments.add(m.id, { ...usdt, currentPassword: m.password }, meta, t0);
    const later = new Date(t0.getTime() + 30 * HOUR);
    const renamed = await payments.update(
      m.id,
      { ...usdt, id, nickname: 'Cold', currentPassword: m.password },
      meta,
      later,
    );
    expect(renamed.usdtAddresses.find((a) => a.id === id)?.usableFrom).toBe('2026-12-02T03:00:00.000Z');
    const moved = await payments.update(
      m.id,
      {
        type: 'usdt',
        network: 'BEP20',
        custody: 'exchange',
        uid: '12345678',
        address: BEP20,
        id,
        currentPassword: m.password,
      },
      meta,
      later,
    );
    expect(moved.usdtAddresses.find((a) => a.id === id)?.usableFrom).toBe(
      new Date(later.getTime() + 24 * HOUR).toISOString(),
    );
  });

  it('sign-up’s first bank account and USDT address are usable at once', async () => {
    const username = unique('s').slice(0, 20);
    const res = await post<SessionResult>(app, '/api/external/user/signUp', {
      username,
      password: 'abc123',
      confirmPassword: 'abc123',
      firstName: 'Somchai',
      lastName: 'Jaidee',
      phone: uniquePhone(),
      email: `${username.toLowerCase()}@example.com`,
      bankAccount: bank,
      usdtAddress: usdt,
    });
    expect(res.body.code).toBe(0);
    const profile = (await post<Profile>(app, PROFILE, {}, { token: res.body.result?.period.token })).body
      .result?.period;
    const [b] = profile?.bankAccounts ?? [];
    const [a] = profile?.usdtAddresses ?? [];
    expect(Date.parse(b?.usableFrom ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(a?.usableFrom ?? '')).toBeLessThanOrEqual(Date.now());
    const memberId = profile?.id ?? 0;
    await expect(
      app.services.payments.payoutDestination(memberId, 'usdt', a?.id ?? 0),
    ).resolves.toMatchObject({
      id: a?.id,
    });
  });

  it('payoutDestination refuses an entry still cooling off (10037) and gives it once the period is over', async () => {
    const m = await memberWithFirsts();
    const { payments } = app.services;
    const { id } = await payments.add(
      m.id,
      { ...bank, accountNumber: '2234567890', currentPassword: m.password },
      meta,
      t0,
    );
    await expect(
      payments.payoutDestination(m.id, 'bank', id, new Date(t0.getTime() + 24 * HOUR - 1000)),
    ).rejects.toMatchObject({
      def: E.PAYOUT_DESTINATION_COOLING_OFF,
      details: { usableFrom: '2026-12-02T03:00:00.000Z' },
    });
    await expect(
      payments.payoutDestination(m.id, 'bank', id, new Date(t0.getTime() + 24 * HOUR)),
    ).resolves.toMatchObject({
      id,
      accountNumber: '2234567890',
    });
    const stranger = await createMember(app);
    await expect(
      payments.payoutDestination(stranger.id, 'bank', id, new Date(t0.getTime() + 48 * HOUR)),
    ).rejects.toMatchObject({
      def: E.BANK_ACCOUNT_NOT_FOUND,
    });
  });

  it('the period is the web setting: with payoutCoolingOffHours 2 an entry is usable 2 hours after the change', async () => {
    const { settings, payments } = app.services;
    await settings.set({ type: 'system', id: null }, 'payoutCoolingOffHours', 2);
    try {
      const m = await memberWithFirsts();
      const added = await payments.add(
        m.id,
        { ...bank, accountNumber: '2234567890', currentPassword: m.password },
        meta,
        t0,
      );
      expect(added.bankAccounts.find((b) => b.id === added.id)?.usableFrom).toBe('2026-12-01T05:00:00.000Z');
    } finally {
      await settings.set({ type: 'system', id: null }, 'payoutCoolingOffHours', 24);
    }
  });
});
