import {
  type addPaymentBodySchema,
  type deletePaymentBodySchema,
  E,
  type Lang,
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
import type { Notices } from '../../notifications/index.ts';
import { memberActor, recordAudit } from '../audit/index.ts';
import type { StepUp } from '../passwords/index.ts';
import type { RequestMeta } from '../sessions/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { payoutChangeNotice, type Verb } from './notices.ts';
import {
  claimFirstPayment,
  countPayments,
  deletePayment,
  findPayment,
  insertPayment,
  listPayments,
  type PaymentEntry,
  type PaymentInput,
  type PaymentType,
  updatePayment,
} from './repository.ts';

/**
 * A member's bank accounts and USDT addresses. Every change runs in a transaction that first locks
 * the member's row, so changes of one member happen one at a time: the count checked before an
 * insert is still the count when it commits (20 simultaneous adds by a member with 9 leave 10).
 * Every query names the member, so another member's entry is simply not found.
 *
 * These are where payouts go, so a stolen session must not be able to redirect them: every change
 * needs the member's current password, tells the member by email and SMS, and a new or changed
 * destination receives payouts only once the cooling-off period (`payoutCoolingOffHours`) is over.
 * A member's first bank account and first USDT address ever saved are usable at once (decision
 * 0017): there is nothing yet to redirect payouts from, and the member cannot sell or buy without.
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

const HOUR_MS = 60 * 60_000;

type Audit = (entryId: number, entry: { before?: unknown; after?: unknown }) => Promise<void>;

type AddBody = z.output<typeof addPaymentBodySchema>;
type UpdateBody = z.output<typeof updatePaymentBodySchema>;
type DeleteBody = z.output<typeof deletePaymentBodySchema>;

/** A member's payment details after a change, and the id of the entry acted on. */
type Changed = Payments & { id: number };

/** The request a change comes from: who (the signed-in member), from where, in which language. */
export type ChangeMeta = RequestMeta & { lang: Lang };

/** Whether an update sends payouts somewhere else (a nickname or account-name change does not). */
function destinationChanged(type: PaymentType, before: PaymentEntry, input: PaymentInput): boolean {
  if (type === 'bank' && 'bankCode' in before && input.type === 'bank') {
    return before.bankCode !== input.bankCode || before.accountNumber !== input.accountNumber;
  }
  if ('address' in before && input.type === 'usdt') {
    return before.network !== input.network || before.address !== input.address;
  }
  return true;
}

interface Deps {
  db: Kysely<DB>;
  settings: Pick<SettingsService, 'get'>;
  stepUp: StepUp;
  notices: Pick<Notices, 'send'>;
}

export function createPaymentsService({ db, settings, stepUp, notices }: Deps) {
  /**
   * Runs one change of a member's payment details: the current password first, then the change in
   * a transaction under the member's row lock with its audit row and the notice to the member's
   * email and phone (queued in the same transaction, so it goes out if and only if the change
   * commits). Answers with the
   * id acted on and the member's details after it. A refused change (limit reached, not the
   * member's entry) is recorded in the audit log outside the rolled-back transaction.
   */
  async function change(
    memberId: number,
    meta: ChangeMeta,
    currentPassword: string,
    verb: Verb,
    type: PaymentType,
    now: Date,
    run: (trx: Kysely<DB>, audit: Audit, usableFrom: Date) => Promise<PaymentEntry>,
  ): Promise<Changed> {
    const action = `payments.${verb}${KIND[type].action}` as const;
    const actor = memberActor(meta, memberId);
    await stepUp.assertCurrentPassword(memberId, currentPassword, meta, action);
    // Read before the transaction opens (on PGlite a read beside an open transaction would wait for it).
    const usableFrom = new Date(now.getTime() + (await settings.get('payoutCoolingOffHours')) * HOUR_MS);
    let entry: PaymentEntry;
    try {
      entry = await db.transaction().execute(async (trx) => {
        await lockMember(trx, memberId);
        const audit: Audit = (entryId, e) =>
          recordAudit(trx, actor, { action, target: `${KIND[type].target}:${entryId}`, ...e });
        const done = await run(trx, audit, usableFrom);
        await notices.send(trx, [payoutChangeNotice(memberId, verb, type, done)]);
        return done;
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
    return { id: entry.id, ...(await listPayments(db, memberId)) };
  }

  /** 10040 for a USDT address on a network the desk does not take now (web setting `enabledNetworks`). */
  async function assertNetworkEnabled(input: { type: PaymentType; network?: string }): Promise<void> {
    if (input.type !== 'usdt') return;
    const enabled: readonly string[] = await settings.get('enabledNetworks');
    if (!enabled.includes(input.network ?? '')) throw new AppError(E.NETWORK_DISABLED);
  }

  return {
    assertNetworkEnabled,

    /** A member's bank accounts and USDT addresses, oldest first. */
    list: (memberId: number): Promise<Payments> => listPayments(db, memberId),

    /**
     * Sign-up's first entries, in the sign-up transaction (the limit cannot be reached yet). They
     * are usable at once, as every member's first entry of each type is.
     */
    async insertFirst(
      trx: Kysely<DB>,
      memberId: number,
      input: PaymentInput,
      now = new Date(),
    ): Promise<void> {
      await claimFirstPayment(trx, input.type, memberId, now);
      await insertPayment(trx, memberId, input, now);
    },

    async add(memberId: number, body: AddBody, meta: ChangeMeta, now = new Date()) {
      await assertNetworkEnabled(body);
      return change(
        memberId,
        meta,
        body.currentPassword,
        'add',
        body.type,
        now,
        async (trx, audit, usableFrom) => {
          if ((await countPayments(trx, body.type, memberId)) >= KIND[body.type].max) {
            throw new AppError(KIND[body.type].limitError);
          }
          const first = await claimFirstPayment(trx, body.type, memberId, now);
          const after = await insertPayment(trx, memberId, body, first ? now : usableFrom);
          await audit(after.id, { after });
          return after;
        },
      );
    },

    async update(memberId: number, body: UpdateBody, meta: ChangeMeta, now = new Date()) {
      await assertNetworkEnabled(body);
      return change(
        memberId,
        meta,
        body.currentPassword,
        'update',
        body.type,
        now,
        async (trx, audit, usableFrom) => {
          const before = await findPayment(trx, body.type, memberId, body.id);
          if (!before) throw new AppError(KIND[body.type].notFound);
          // A new destination waits again; a new nickname or account name keeps the entry's date.
          const from = destinationChanged(body.type, before, body) ? usableFrom : new Date(before.usableFrom);
          const after = await updatePayment(trx, memberId, body.id, body, from, now);
          if (!after) throw new AppError(KIND[body.type].notFound);
          await audit(body.id, { before, after });
          return after;
        },
      );
    },

    delete: (memberId: number, body: DeleteBody, meta: ChangeMeta, now = new Date()) =>
      change(memberId, meta, body.currentPassword, 'delete', body.type, now, async (trx, audit) => {
        const before = await deletePayment(trx, body.type, memberId, body.id);
        if (!before) throw new AppError(KIND[body.type].notFound);
        await audit(body.id, { before });
        return before;
      }),

    /**
     * The member's entry a payout may go to at `now`: 10005 / 10008 when it is not theirs, 10037
     * (with `usableFrom`) while it is still in its cooling-off period.
     */
    async payoutDestination(
      memberId: number,
      type: PaymentType,
      id: number,
      now = new Date(),
    ): Promise<PaymentEntry> {
      const entry = await findPayment(db, type, memberId, id);
      if (!entry) throw new AppError(KIND[type].notFound);
      if (Date.parse(entry.usableFrom) > now.getTime()) {
        throw new AppError(E.PAYOUT_DESTINATION_COOLING_OFF, { usableFrom: entry.usableFrom });
      }
      return entry;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
