import type { addPaymentBodySchema, BankAccount, Payments, UsdtAddressEntry } from '@bahtdesk/contract';
import { type Expression, expressionBuilder, type Kysely, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { compiledOnce } from '../../db/compiled-once.ts';
import { isoTime } from '../../db/json.ts';
import type { BankAccountsTable, DB, UsdtAddressesTable } from '../../db/schema.ts';

/** SQL of a member's bank accounts and USDT addresses, and their wire form. */

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A bank account or a USDT address as a request gives it (validated by the contract). */
export type PaymentInput = DistributiveOmit<z.output<typeof addPaymentBodySchema>, 'currentPassword'>;
export type PaymentType = PaymentInput['type'];
export type PaymentEntry = BankAccount | UsdtAddressEntry;

const TABLE = { bank: 'bank_accounts', usdt: 'usdt_addresses' } as const;

function toBankAccount(row: Selectable<BankAccountsTable>): BankAccount {
  return {
    id: row.id,
    bankCode: row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    createdAt: row.created_at.toISOString(),
    usableFrom: row.usable_from.toISOString(),
  };
}

function toUsdtAddress(row: Selectable<UsdtAddressesTable>): UsdtAddressEntry {
  return {
    id: row.id,
    network: row.network,
    address: row.address,
    nickname: row.nickname,
    custody: row.custody,
    uid: row.uid,
    createdAt: row.created_at.toISOString(),
    usableFrom: row.usable_from.toISOString(),
  };
}

type PaymentRow = Selectable<BankAccountsTable> | Selectable<UsdtAddressesTable>;

function toEntry(type: PaymentType, row: PaymentRow): PaymentEntry {
  return type === 'bank'
    ? toBankAccount(row as Selectable<BankAccountsTable>)
    : toUsdtAddress(row as Selectable<UsdtAddressesTable>);
}

export function countPaymentsQuery(trx: Kysely<DB>, type: PaymentType, memberId: number) {
  return trx
    .selectFrom(TABLE[type])
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('member_id', '=', memberId);
}

export async function countPayments(trx: Kysely<DB>, type: PaymentType, memberId: number): Promise<number> {
  const { n } = await countPaymentsQuery(trx, type, memberId).executeTakeFirstOrThrow();
  return Number(n);
}

/** Saves a new entry that can receive payouts from `usableFrom`. */
export async function insertPayment(
  trx: Kysely<DB>,
  memberId: number,
  input: PaymentInput,
  usableFrom: Date,
): Promise<PaymentEntry> {
  if (input.type === 'bank') {
    const row = await trx
      .insertInto('bank_accounts')
      .values({
        member_id: memberId,
        bank_code: input.bankCode,
        account_number: input.accountNumber,
        account_name: input.accountName,
        usable_from: usableFrom,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBankAccount(row);
  }
  const row = await trx
    .insertInto('usdt_addresses')
    .values({
      member_id: memberId,
      network: input.network,
      address: input.address,
      custody: input.custody,
      uid: input.uid ?? null,
      nickname: input.nickname ?? null,
      usable_from: usableFrom,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUsdtAddress(row);
}

/** A member's entry of each type by id, a statement built once per type. */
export const FIND_PAYMENT = {
  bank: compiledOnce((db: Kysely<DB>, id: number, memberId: number) =>
    db.selectFrom('bank_accounts').selectAll().where('id', '=', id).where('member_id', '=', memberId),
  ),
  usdt: compiledOnce((db: Kysely<DB>, id: number, memberId: number) =>
    db.selectFrom('usdt_addresses').selectAll().where('id', '=', id).where('member_id', '=', memberId),
  ),
};

/** The member's own entry, or undefined when the id is not theirs. */
export async function findPayment(
  trx: Kysely<DB>,
  type: PaymentType,
  memberId: number,
  id: number,
): Promise<PaymentEntry | undefined> {
  const [row] = await FIND_PAYMENT[type](trx, id, memberId);
  return row && toEntry(type, row);
}

/** Changes the member's own entry, usable for payouts from `usableFrom`; undefined when the id is not theirs. */
export async function updatePayment(
  trx: Kysely<DB>,
  memberId: number,
  id: number,
  input: PaymentInput,
  usableFrom: Date,
  updated_at: Date,
): Promise<PaymentEntry | undefined> {
  if (input.type === 'bank') {
    const row = await trx
      .updateTable('bank_accounts')
      .set({
        bank_code: input.bankCode,
        account_number: input.accountNumber,
        account_name: input.accountName,
        updated_at,
        usable_from: usableFrom,
      })
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .returningAll()
      .executeTakeFirst();
    return row && toBankAccount(row);
  }
  const row = await trx
    .updateTable('usdt_addresses')
    .set({
      network: input.network,
      address: input.address,
      custody: input.custody,
      uid: input.uid ?? null,
      nickname: input.nickname ?? null,
      updated_at,
      usable_from: usableFrom,
    })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .returningAll()
    .executeTakeFirst();
  return row && toUsdtAddress(row);
}

/** Deletes the member's own entry and returns what it was; undefined when the id is not theirs. */
export async function deletePayment(
  trx: Kysely<DB>,
  type: PaymentType,
  memberId: number,
  id: number,
): Promise<PaymentEntry | undefined> {
  const row = await trx
    .deleteFrom(TABLE[type])
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .returningAll()
    .executeTakeFirst();
  return row && toEntry(type, row);
}

const FIRST_AT = { bank: 'first_bank_account_at', usdt: 'first_usdt_address_at' } as const;

/**
 * Marks `at` as when the member first saved an entry of this type, if they never had one before;
 * true when this is that first entry (it is then usable at once). Run under the member's row lock.
 */
export async function claimFirstPayment(
  trx: Kysely<DB>,
  type: PaymentType,
  memberId: number,
  at: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('members')
    .set({ [FIRST_AT[type]]: at })
    .where('id', '=', memberId)
    .where(FIRST_AT[type], 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a member has saved a USDT address, as an expression for another module's statement. */
export function usdtAddressSavedOf(memberId: Expression<number> | number) {
  const eb = expressionBuilder<DB, never>();
  return eb.exists(
    eb
      .selectFrom('usdt_addresses')
      .select('usdt_addresses.id')
      .where('usdt_addresses.member_id', '=', memberId),
  );
}

/** A member's bank accounts in their wire form (as toBankAccount gives), oldest first: one JSON array. */
export function bankAccountsOf(memberId: Expression<number> | number) {
  const eb = expressionBuilder<DB, never>();
  return jsonArrayFrom(
    eb
      .selectFrom('bank_accounts as b')
      .select((b) => [
        'b.id',
        'b.bank_code as bankCode',
        'b.account_number as accountNumber',
        'b.account_name as accountName',
        isoTime(b.ref('b.created_at')).as('createdAt'),
        isoTime(b.ref('b.usable_from')).as('usableFrom'),
      ])
      .where('b.member_id', '=', memberId)
      .orderBy('b.id'),
  ).$castTo<BankAccount[]>();
}

/** A member's USDT addresses in their wire form (as toUsdtAddress gives), oldest first: one JSON array. */
export function usdtAddressesOf(memberId: Expression<number> | number) {
  const eb = expressionBuilder<DB, never>();
  return jsonArrayFrom(
    eb
      .selectFrom('usdt_addresses as u')
      .select((u) => [
        'u.id',
        'u.network',
        'u.address',
        'u.nickname',
        'u.uid',
        'u.custody',
        isoTime(u.ref('u.created_at')).as('createdAt'),
        isoTime(u.ref('u.usable_from')).as('usableFrom'),
      ])
      .where('u.member_id', '=', memberId)
      .orderBy('u.id'),
  ).$castTo<UsdtAddressEntry[]>();
}

/** A member's bank accounts and USDT addresses, oldest first, in one statement. */
export async function listPayments(db: Kysely<DB>, memberId: number): Promise<Payments> {
  return db
    .selectNoFrom([
      bankAccountsOf(memberId).as('bankAccounts'),
      usdtAddressesOf(memberId).as('usdtAddresses'),
    ])
    .executeTakeFirstOrThrow();
}
