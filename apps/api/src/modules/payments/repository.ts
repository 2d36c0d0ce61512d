import type { BankAccount, Payments, UsdtAddressEntry } from '@bahtdesk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { BankAccountsTable, DB, UsdtAddressesTable } from '../../db/schema.ts';

/** SQL of a member's bank accounts and USDT addresses, and their wire form. */

export function toBankAccount(row: Selectable<BankAccountsTable>): BankAccount {
  return {
    id: row.id,
    bankCode: row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    createdAt: row.created_at.toISOString(),
  };
}

export function toUsdtAddress(row: Selectable<UsdtAddressesTable>): UsdtAddressEntry {
  return {
    id: row.id,
    network: row.network,
    address: row.address,
    nickname: row.nickname,
    createdAt: row.created_at.toISOString(),
  };
}

/** A member's bank accounts and USDT addresses, oldest first. */
export async function listPayments(db: Kysely<DB>, memberId: number): Promise<Payments> {
  const [banks, addresses] = await Promise.all([
    db.selectFrom('bank_accounts').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),
    db.selectFrom('usdt_addresses').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),
  ]);
  return { bankAccounts: banks.map(toBankAccount), usdtAddresses: addresses.map(toUsdtAddress) };
}
