import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { createMember, signIn, type TestMember } from './members.ts';

/**
 * A member who may trade, made straight in the database: a verified identity submission, a USDT
 * address and a bank account, both past their cooling-off period; with a session token. With
 * `identity: 'none'` the member has no identity submission yet (the test sends one).
 */
export interface Trader extends TestMember {
  token: string;
  usdtAddressId: number;
  bankAccountId: number;
}

const DAY_MS = 86_400_000;

/** A verified identity submission of the member, written straight to the tables. */
async function verifiedIdentity(db: Kysely<DB>, memberId: number): Promise<void> {
  const file = await db
    .insertInto('files')
    .values({
      owner_member_id: memberId,
      purpose: 'kyc',
      mime: 'image/png',
      size: 1,
      sha256: 'x',
      bytes: new Uint8Array([0]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('kyc_submissions')
    .values({
      member_id: memberId,
      status: 'verified',
      passport_file_id: file.id,
      holding_file_id: file.id,
      screenshot1_file_id: file.id,
      screenshot2_file_id: file.id,
    })
    .execute();
}

export async function createTrader(
  app: FastifyInstance,
  { identity }: { identity: 'verified' | 'none' } = { identity: 'verified' },
): Promise<Trader> {
  const member = await createMember(app);
  const db = app.database.db;
  if (identity === 'verified') await verifiedIdentity(db, member.id);
  const past = new Date(Date.now() - DAY_MS);
  const usdt = await db
    .insertInto('usdt_addresses')
    .values({
      member_id: member.id,
      network: 'TETHER',
      address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
      uid: '1234567',
      usable_from: past,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bank = await db
    .insertInto('bank_accounts')
    .values({
      member_id: member.id,
      bank_code: 'KBANK',
      account_number: '1234567890',
      account_name: 'Somchai Jaidee',
      usable_from: past,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ...member,
    token: await signIn(app, member.username, member.password),
    usdtAddressId: usdt.id,
    bankAccountId: bank.id,
  };
}

/** Staff's rates and the desk settings the order tests rely on. */
export async function deskReady(
  app: FastifyInstance,
  rates = { buyRate: '35.50', sellRate: '34.80', sellFeePercent: '1' },
) {
  const system = { type: 'system' as const, id: null };
  await app.services.rates.set(system, rates);
  const { settings } = app.services;
  await settings.set(system, 'deskBankAccounts', [
    { bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co., Ltd.' },
  ]);
  await settings.set(system, 'receivingAddresses', {
    TETHER: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    BEP20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  });
  await settings.set(system, 'locations', [
    {
      id: 'silom',
      name: { en: 'Silom', th: 'สีลม' },
      address: { en: '1 Silom Road', th: '1 ถนนสีลม' },
      openingHours: { en: 'Mon-Fri 09:00-17:00', th: 'จันทร์-ศุกร์ 09:00-17:00' },
      opens: '09:00',
      closes: '16:00',
    },
  ]);
  await settings.set(system, 'cashDepositCeilingThb', '500000.00');
  await settings.set(system, 'openOrderCap', 3);
  await settings.set(system, 'paymentDeadlineMinutes', 15);
  // Limits so wide no order test meets them; the limits' own tests set theirs (risk/limits.test.ts).
  const wide = { buyDayThb: WIDE, buyMonthThb: WIDE, sellDayThb: WIDE, sellMonthThb: WIDE };
  await settings.set(system, 'tradeLimits', { level1: wide, level2: wide });
}

const WIDE = '1000000000.00';
