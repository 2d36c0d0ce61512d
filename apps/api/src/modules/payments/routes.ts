import { E, MAX_BANK_ACCOUNTS, MAX_USDT_ADDRESSES, paymentsEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { defineRoute } from '../../http/route.ts';
import { memberActor, signedIn } from '../account/routes.ts';
import { recordAudit } from '../audit/audit.ts';
import { listPayments, toBankAccount, toUsdtAddress } from './repository.ts';

/**
 * A member's bank accounts and USDT addresses. Every change runs in a transaction that first locks
 * the member's row, so changes of one member happen one at a time: the count checked before an
 * insert is still the count when it commits (20 simultaneous adds by a member with 9 leave 10).
 * Every query names the member, so another member's entry is simply not found.
 */
const TABLE = { bank: 'bank_accounts', usdt: 'usdt_addresses' } as const;
const LIMIT = {
  bank: { max: MAX_BANK_ACCOUNTS, error: E.BANK_ACCOUNT_LIMIT },
  usdt: { max: MAX_USDT_ADDRESSES, error: E.ADDRESS_LIMIT },
};
const NOT_FOUND = { bank: E.BANK_ACCOUNT_NOT_FOUND, usdt: E.ADDRESS_NOT_FOUND };
const ACTION = { bank: 'BankAccount', usdt: 'UsdtAddress' };

async function lockMember(trx: Kysely<DB>, memberId: number): Promise<void> {
  await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
}

/** Records a refused change (limit reached, not the member's entry) outside the rolled-back transaction. */
async function refused(db: Kysely<DB>, req: FastifyRequest, memberId: number, action: string, err: unknown) {
  if (err instanceof AppError) {
    await recordAudit(db, memberActor(req, memberId), {
      action,
      target: `member:${memberId}`,
      reason: err.def.en,
      outcome: 'failure',
    });
  }
  return err;
}

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  defineRoute(app, paymentsEndpoints.addPayment, async ({ body, req }) => {
    const { memberId } = signedIn(req);
    const action = `payments.add${ACTION[body.type]}`;
    const actor = memberActor(req, memberId);
    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
        await lockMember(trx, memberId);
        const { n } = await trx
          .selectFrom(TABLE[body.type])
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= LIMIT[body.type].max) throw new AppError(LIMIT[body.type].error);
        if (body.type === 'bank') {
          const row = await trx
            .insertInto('bank_accounts')
            .values({
              member_id: memberId,
              bank_code: body.bankCode,
              account_number: body.accountNumber,
              account_name: body.accountName,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAudit(trx, actor, {
            action,
            target: `bank_account:${row.id}`,
            after: toBankAccount(row),
          });
          return row.id;
        }
        const row = await trx
          .insertInto('usdt_addresses')
          .values({
            member_id: memberId,
            network: body.network,
            address: body.address,
            nickname: body.nickname ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action,
          target: `usdt_address:${row.id}`,
          after: toUsdtAddress(row),
        });
        return row.id;
      });
    } catch (err) {
      throw await refused(db, req, memberId, action, err);
    }
    return { id, ...(await listPayments(db, memberId)) };
  });

  defineRoute(app, paymentsEndpoints.updatePayment, async ({ body, req }) => {
    const { memberId } = signedIn(req);
    const action = `payments.update${ACTION[body.type]}`;
    const actor = memberActor(req, memberId);
    try {
      await db.transaction().execute(async (trx) => {
        await lockMember(trx, memberId);
        if (body.type === 'bank') {
          const before = await trx
            .selectFrom('bank_accounts')
            .selectAll()
            .where('id', '=', body.id)
            .where('member_id', '=', memberId)
            .executeTakeFirst();
          if (!before) throw new AppError(NOT_FOUND.bank);
          const after = await trx
            .updateTable('bank_accounts')
            .set({
              bank_code: body.bankCode,
              account_number: body.accountNumber,
              account_name: body.accountName,
              updated_at: new Date(),
            })
            .where('id', '=', body.id)
            .where('member_id', '=', memberId)
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAudit(trx, actor, {
            action,
            target: `bank_account:${body.id}`,
            before: toBankAccount(before),
            after: toBankAccount(after),
          });
          return;
        }
        const before = await trx
          .selectFrom('usdt_addresses')
          .selectAll()
          .where('id', '=', body.id)
          .where('member_id', '=', memberId)
          .executeTakeFirst();
        if (!before) throw new AppError(NOT_FOUND.usdt);
        const after = await trx
          .updateTable('usdt_addresses')
          .set({
            network: body.network,
            address: body.address,
            nickname: body.nickname ?? null,
            updated_at: new Date(),
          })
          .where('id', '=', body.id)
          .where('member_id', '=', memberId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action,
          target: `usdt_address:${body.id}`,
          before: toUsdtAddress(before),
          after: toUsdtAddress(after),
        });
      });
    } catch (err) {
      throw await refused(db, req, memberId, action, err);
    }
    return { id: body.id, ...(await listPayments(db, memberId)) };
  });

  defineRoute(app, paymentsEndpoints.deletePayment, async ({ body, req }) => {
    const { memberId } = signedIn(req);
    const action = `payments.delete${ACTION[body.type]}`;
    const actor = memberActor(req, memberId);
    try {
      await db.transaction().execute(async (trx) => {
        await lockMember(trx, memberId);
        if (body.type === 'bank') {
          const gone = await trx
            .deleteFrom('bank_accounts')
            .where('id', '=', body.id)
            .where('member_id', '=', memberId)
            .returningAll()
            .executeTakeFirst();
          if (!gone) throw new AppError(NOT_FOUND.bank);
          await recordAudit(trx, actor, {
            action,
            target: `bank_account:${body.id}`,
            before: toBankAccount(gone),
          });
          return;
        }
        const gone = await trx
          .deleteFrom('usdt_addresses')
          .where('id', '=', body.id)
          .where('member_id', '=', memberId)
          .returningAll()
          .executeTakeFirst();
        if (!gone) throw new AppError(NOT_FOUND.usdt);
        await recordAudit(trx, actor, {
          action,
          target: `usdt_address:${body.id}`,
          before: toUsdtAddress(gone),
        });
      });
    } catch (err) {
      throw await refused(db, req, memberId, action, err);
    }
    return { id: body.id, ...(await listPayments(db, memberId)) };
  });
}
