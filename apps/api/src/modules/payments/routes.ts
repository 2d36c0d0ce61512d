import { E, MAX_BANK_ACCOUNTS, MAX_USDT_ADDRESSES, paymentsEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { defineRoute } from '../../http/route.ts';
import { signedIn } from '../../plugins/auth.ts';
import { lockMemberQuery } from '../account/repository.ts';
import { memberActor, recordAudit } from '../audit/audit.ts';
import {
  countPayments,
  deletePayment,
  findPayment,
  insertPayment,
  listPayments,
  type PaymentType,
  updatePayment,
} from './repository.ts';

/**
 * A member's bank accounts and USDT addresses. Every change runs in a transaction that first locks
 * the member's row, so changes of one member happen one at a time: the count checked before an
 * insert is still the count when it commits (20 simultaneous adds by a member with 9 leave 10).
 * Every query names the member, so another member's entry is simply not found.
 */
const KIND = {
  bank: {
    max: MAX_BANK_ACCOUNTS,
    limitError: E.BANK_ACCOUNT_LIMIT,
    notFound: E.BANK_ACCOUNT_NOT_FOUND,
    action: 'BankAccount',
    target: 'bank_account',
  },
  usdt: {
    max: MAX_USDT_ADDRESSES,
    limitError: E.ADDRESS_LIMIT,
    notFound: E.ADDRESS_NOT_FOUND,
    action: 'UsdtAddress',
    target: 'usdt_address',
  },
} as const;

type Audit = (entryId: number, entry: { before?: unknown; after?: unknown }) => Promise<void>;

/**
 * Runs one change of a member's payment details in a transaction under the member's row lock and
 * answers with the id acted on and the member's details after it. A refused change (limit reached,
 * not the member's entry) is recorded in the audit log outside the rolled-back transaction.
 */
async function change(
  db: Kysely<DB>,
  req: FastifyRequest,
  verb: 'add' | 'update' | 'delete',
  type: PaymentType,
  run: (trx: Kysely<DB>, memberId: number, audit: Audit) => Promise<number>,
) {
  const { memberId } = signedIn(req);
  const actor = memberActor(req, memberId);
  const action = `payments.${verb}${KIND[type].action}`;
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      await lockMemberQuery(trx, memberId).execute();
      return run(trx, memberId, (entryId, entry) =>
        recordAudit(trx, actor, { action, target: `${KIND[type].target}:${entryId}`, ...entry }),
      );
    });
  } catch (err) {
    if (err instanceof AppError) {
      await recordAudit(db, actor, {
        action,
        target: `member:${memberId}`,
        reason: err.def.en,
        outcome: 'failure',
      });
    }
    throw err;
  }
  return { id, ...(await listPayments(db, memberId)) };
}

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  defineRoute(app, paymentsEndpoints.addPayment, ({ body, req }) =>
    change(db, req, 'add', body.type, async (trx, memberId, audit) => {
      if ((await countPayments(trx, body.type, memberId)) >= KIND[body.type].max) {
        throw new AppError(KIND[body.type].limitError);
      }
      const after = await insertPayment(trx, memberId, body);
      await audit(after.id, { after });
      return after.id;
    }),
  );

  defineRoute(app, paymentsEndpoints.updatePayment, ({ body, req }) =>
    change(db, req, 'update', body.type, async (trx, memberId, audit) => {
      const before = await findPayment(trx, body.type, memberId, body.id);
      const after = before && (await updatePayment(trx, memberId, body.id, body));
      if (!after) throw new AppError(KIND[body.type].notFound);
      await audit(body.id, { before, after });
      return body.id;
    }),
  );

  defineRoute(app, paymentsEndpoints.deletePayment, ({ body, req }) =>
    change(db, req, 'delete', body.type, async (trx, memberId, audit) => {
      const before = await deletePayment(trx, body.type, memberId, body.id);
      if (!before) throw new AppError(KIND[body.type].notFound);
      await audit(body.id, { before });
      return body.id;
    }),
  );
}
