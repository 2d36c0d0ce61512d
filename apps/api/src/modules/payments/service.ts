import {
  type addPaymentBodySchema,
  type deletePaymentBodySchema,
  E,
  MAX_BANK_ACCOUNTS,
  MAX_USDT_ADDRESSES,
  type Payments,
  type updatePaymentBodySchema,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { lockMember } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
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

type AddBody = z.output<typeof addPaymentBodySchema>;
type UpdateBody = z.output<typeof updatePaymentBodySchema>;
type DeleteBody = z.output<typeof deletePaymentBodySchema>;

/** A member's payment details after a change, and the id of the entry acted on. */
type Changed = Payments & { id: number };

export function createPaymentsService(db: Kysely<DB>) {
  /**
   * Runs one change of a member's payment details in a transaction under the member's row lock and
   * answers with the id acted on and the member's details after it. A refused change (limit
   * reached, not the member's entry) is recorded in the audit log outside the rolled-back transaction.
   */
  async function change(
    actor: Actor & { memberId: number },
    verb: 'add' | 'update' | 'delete',
    type: PaymentType,
    run: (trx: Kysely<DB>, audit: Audit) => Promise<number>,
  ): Promise<Changed> {
    const { memberId } = actor;
    const action = `payments.${verb}${KIND[type].action}`;
    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
        await lockMember(trx, memberId);
        return run(trx, (entryId, entry) =>
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

  return {
    /** A member's bank accounts and USDT addresses, oldest first. */
    list: (memberId: number): Promise<Payments> => listPayments(db, memberId),

    /** Sign-up's first entries, in the sign-up transaction (the limit cannot be reached yet). */
    async insertFirst(trx: Kysely<DB>, memberId: number, input: AddBody): Promise<void> {
      await insertPayment(trx, memberId, input);
    },

    add: (actor: Actor & { memberId: number }, body: AddBody) =>
      change(actor, 'add', body.type, async (trx, audit) => {
        if ((await countPayments(trx, body.type, actor.memberId)) >= KIND[body.type].max) {
          throw new AppError(KIND[body.type].limitError);
        }
        const after = await insertPayment(trx, actor.memberId, body);
        await audit(after.id, { after });
        return after.id;
      }),

    update: (actor: Actor & { memberId: number }, body: UpdateBody) =>
      change(actor, 'update', body.type, async (trx, audit) => {
        const before = await findPayment(trx, body.type, actor.memberId, body.id);
        const after = before && (await updatePayment(trx, actor.memberId, body.id, body));
        if (!after) throw new AppError(KIND[body.type].notFound);
        await audit(body.id, { before, after });
        return body.id;
      }),

    delete: (actor: Actor & { memberId: number }, body: DeleteBody) =>
      change(actor, 'delete', body.type, async (trx, audit) => {
        const before = await deletePayment(trx, body.type, actor.memberId, body.id);
        if (!before) throw new AppError(KIND[body.type].notFound);
        await audit(body.id, { before });
        return body.id;
      }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
