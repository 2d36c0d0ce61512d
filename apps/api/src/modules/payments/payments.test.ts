import { E, type Payments } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember, post, signIn } from '../../../test/members.ts';

const ADD = '/api/external/user/addPayment';
const UPDATE = '/api/external/user/updatePayment';
const DELETE = '/api/external/user/deletePayment';

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA = 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz';
// Every test member's password (createMember); each change of a payout destination needs it.
const currentPassword = 'secret1';
const bank = {
  type: 'bank',
  bankCode: 'SCB',
  accountNumber: '1234567890',
  accountName: 'Somchai Jaidee',
  currentPassword,
};
const usdt = {
  type: 'usdt',
  network: 'SOLANA',
  uid: '12345678',
  address: SOLANA,
  nickname: 'Phantom',
  currentPassword,
};

type Result = Payments & { id: number };

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterAll(() => app.close());

async function member() {
  const m = await createMember(app);
  return { ...m, token: await signIn(app, m.username, m.password) };
}

async function seed(memberId: number, banks: number, addresses: number) {
  const db = app.database.db;
  for (let i = 0; i < banks; i++) {
    await db
      .insertInto('bank_accounts')
      .values({
        member_id: memberId,
        bank_code: 'KTB',
        account_number: `11111111${i}`.padEnd(10, '0'),
        account_name: 'A B',
      })
      .execute();
  }
  for (let i = 0; i < addresses; i++) {
    await db
      .insertInto('usdt_addresses')
      .values({ member_id: memberId, network: 'BEP20', address: BEP20 })
      .execute();
  }
}

describe('adding bank accounts and USDT addresses', () => {
  it('saves a bank account and an address and answers with all of them', async () => {
    const m = await member();
    const a = await post<Result>(app, ADD, { ...bank, accountNumber: '123-4-56789-0' }, { token: m.token });
    expect(a.body.code).toBe(0);
    const b = await post<Result>(app, ADD, usdt, { token: m.token });
    expect(b.body.result?.period).toMatchObject({
      id: b.body.result?.period.usdtAddresses[0]?.id,
      bankAccounts: [{ id: a.body.result?.period.id, bankCode: 'SCB', accountNumber: '1234567890' }],
      usdtAddresses: [{ network: 'SOLANA', address: SOLANA, nickname: 'Phantom' }],
    });
  });

  it('checks the account number against the bank (10020) and the bank itself (10022)', async () => {
    const m = await member();
    expect((await post(app, ADD, { ...bank, accountNumber: '12345' }, { token: m.token })).body.code).toBe(
      E.BANK_ACCOUNT_NUMBER_INVALID.code,
    );
    expect((await post(app, ADD, { ...bank, bankCode: 'NOPE' }, { token: m.token })).body.code).toBe(
      E.BANK_NOT_FOUND.code,
    );
  });

  it('checks the address against its network (10021) and the network itself (10007)', async () => {
    const m = await member();
    expect((await post(app, ADD, { ...usdt, network: 'BEP2' }, { token: m.token })).body).toMatchObject({
      code: E.USDT_ADDRESS_INVALID.code,
      message: 'Invalid USDT Address (BEP2)',
    });
    const th = await post(app, ADD, { ...usdt, network: 'BEP20' }, { token: m.token, lang: 'th' });
    expect(th.body).toMatchObject({
      code: E.USDT_ADDRESS_INVALID.code,
      message: 'ที่อยู่ USDT ไม่ถูกต้อง (ERC-20)',
    });
    expect((await post(app, ADD, { ...usdt, network: 'POLYGON' }, { token: m.token })).body.code).toBe(
      E.NETWORK_NOT_FOUND.code,
    );
  });

  it('refuses control characters in the account name and the nickname (400), never a 5xx', async () => {
    const m = await member();
    for (const body of [
      { ...bank, accountName: 'Som\u0000chai' },
      { ...usdt, nickname: 'a\u0000b' },
    ]) {
      const res = await post(app, ADD, body, { token: m.token });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(E.INVALID_INPUT.code);
    }
  });

  it('allows at most 10 bank accounts (10018) and 10 addresses (10019)', async () => {
    const m = await member();
    await seed(m.id, 10, 10);
    const b = await post(app, ADD, bank, { token: m.token });
    expect(b.status).toBe(409);
    expect(b.body).toMatchObject({
      code: E.BANK_ACCOUNT_LIMIT.code,
      message: 'You can save at most 10 bank accounts.',
    });
    expect((await post(app, ADD, usdt, { token: m.token })).body.code).toBe(E.ADDRESS_LIMIT.code);
  });

  it('needs a session: 500 without a token', async () => {
    expect((await post(app, ADD, bank)).body.code).toBe(500);
  });
});

describe('the limit of 10 under concurrency', () => {
  // The member's row is locked in each add's transaction. On PostgreSQL (project api-pg) the 20
  // requests really run at once on separate connections; PGlite runs one statement at a time, so
  // there the same test only shows the outcome under interleaving.
  for (const [kind, body, table, code] of [
    ['bank accounts', bank, 'bank_accounts', E.BANK_ACCOUNT_LIMIT.code],
    ['USDT addresses', usdt, 'usdt_addresses', E.ADDRESS_LIMIT.code],
  ] as const) {
    it(`20 simultaneous adds by a member with 9 ${kind} leave exactly 10`, async () => {
      const m = await member();
      await seed(m.id, kind === 'bank accounts' ? 9 : 0, kind === 'bank accounts' ? 0 : 9);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => post(app, ADD, body, { token: m.token })),
      );
      const codes = results.map((r) => r.body.code);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === code)).toHaveLength(19);
      const rows = await app.database.db
        .selectFrom(table)
        .select('id')
        .where('member_id', '=', m.id)
        .execute();
      expect(rows).toHaveLength(10);
    });
  }
});

describe('changing and deleting entries', () => {
  it('updates and deletes the member’s own entries', async () => {
    const m = await member();
    const added = await post<Result>(app, ADD, bank, { token: m.token });
    const id = added.body.result?.period.id;
    const updated = await post<Result>(
      app,
      UPDATE,
      { ...bank, id, bankCode: 'GSB', accountNumber: '123456789012' },
      { token: m.token },
    );
    expect(updated.body.result?.period.bankAccounts).toMatchObject([
      { id, bankCode: 'GSB', accountNumber: '123456789012' },
    ]);
    const addr = await post<Result>(app, ADD, usdt, { token: m.token });
    const addrId = addr.body.result?.period.id;
    const renamed = await post<Result>(
      app,
      UPDATE,
      {
        type: 'usdt',
        id: addrId,
        network: 'BEP20',
        uid: '12345678',
        address: BEP20,
        nickname: '',
        currentPassword,
      },
      { token: m.token },
    );
    expect(renamed.body.result?.period.usdtAddresses).toMatchObject([
      { id: addrId, network: 'BEP20', nickname: null },
    ]);
    const deleted = await post<Result>(
      app,
      DELETE,
      { type: 'bank', id, currentPassword },
      { token: m.token },
    );
    expect(deleted.body.result?.period.bankAccounts).toEqual([]);
    expect(
      (await post<Result>(app, DELETE, { type: 'usdt', id: addrId, currentPassword }, { token: m.token }))
        .body.code,
    ).toBe(0);
  });

  it("another member's entry is not found (10005 / 10008) and nothing changes", async () => {
    const owner = await member();
    const intruder = await member();
    const b = (await post<Result>(app, ADD, bank, { token: owner.token })).body.result?.period.id;
    const a = (await post<Result>(app, ADD, usdt, { token: owner.token })).body.result?.period.id;
    const attempts = [
      [UPDATE, { ...bank, id: b, accountName: 'Thief' }, E.BANK_ACCOUNT_NOT_FOUND.code],
      [DELETE, { type: 'bank', id: b, currentPassword }, E.BANK_ACCOUNT_NOT_FOUND.code],
      [UPDATE, { ...usdt, id: a, address: SOLANA, nickname: 'mine' }, E.ADDRESS_NOT_FOUND.code],
      [DELETE, { type: 'usdt', id: a, currentPassword }, E.ADDRESS_NOT_FOUND.code],
      [DELETE, { type: 'usdt', id: 999_999_999, currentPassword }, E.ADDRESS_NOT_FOUND.code],
    ] as const;
    for (const [url, body, code] of attempts) {
      const res = await post(app, url, body, { token: intruder.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(code);
    }
    const profile = await post<Payments>(app, '/api/external/user/profile', {}, { token: owner.token });
    expect(profile.body.result?.period.bankAccounts).toMatchObject([
      { id: b, accountName: 'Somchai Jaidee' },
    ]);
    expect(profile.body.result?.period.usdtAddresses).toMatchObject([{ id: a, nickname: 'Phantom' }]);
  });

  it('writes every change to the audit log with member, IP and outcome', async () => {
    const m = await member();
    const id = (await post<Result>(app, ADD, bank, { token: m.token, ip: '203.0.113.9' })).body.result?.period
      .id;
    await post(app, UPDATE, { ...bank, id, accountName: 'New Name' }, { token: m.token, ip: '203.0.113.9' });
    await post(app, DELETE, { type: 'bank', id, currentPassword }, { token: m.token, ip: '203.0.113.9' });
    await post(app, DELETE, { type: 'bank', id, currentPassword }, { token: m.token, ip: '203.0.113.9' });
    const rows = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'ip', 'outcome'])
      .where('actor_id', '=', String(m.id))
      .where('action', 'like', 'payments.%')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'payments.addBankAccount', ip: '203.0.113.9', outcome: 'success' },
      { action: 'payments.updateBankAccount', ip: '203.0.113.9', outcome: 'success' },
      { action: 'payments.deleteBankAccount', ip: '203.0.113.9', outcome: 'success' },
      { action: 'payments.deleteBankAccount', ip: '203.0.113.9', outcome: 'failure' },
    ]);
  });
});
