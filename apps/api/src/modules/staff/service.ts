import { randomBytes } from 'node:crypto';
import { E, type StaffAccount, type StaffRole } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import type { PasswordHasher } from '../passwords/index.ts';
import type { SessionService } from '../sessions/index.ts';
import {
  applyStaffChange,
  findStaffById,
  findStaffByUsername,
  hasAnyStaff,
  hasEnabledAdmin,
  insertStaff,
  listStaffAccounts,
  lockStaffRow,
  lockStaffTable,
  type StaffAccountRow,
  type StaffChange,
} from './repository.ts';

function toAccount(row: StaffAccountRow): StaffAccount {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled,
    enrolled: row.enrolled,
    mustChangePassword: row.must_change_password,
    lockedUntil: row.locked_until && row.locked_until > new Date() ? row.locked_until.toISOString() : null,
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** What an audit row shows of an account: never a secret or a hash. */
const auditView = (a: StaffAccount) => ({
  role: a.role,
  disabled: a.disabled,
  enrolled: a.enrolled,
  lockedUntil: a.lockedUntil,
});

const ACTIONS = {
  role: 'staff.setRole',
  disabled: 'staff.setDisabled',
  secondFactor: 'staff.resetSecondFactor',
  unlock: 'staff.unlock',
} as const;

/** A one-time password: 16 characters (96 random bits), within the staff password rules. */
const oneTimePassword = () => randomBytes(12).toString('base64url');

/** Staff accounts of the back office: separate from members, with roles (decision 0009). */
export function createStaffService(db: Kysely<DB>, passwords: PasswordHasher, sessions: SessionService) {
  async function create(
    actor: Actor,
    input: { username: string; password: string; role: StaffRole; mustChangePassword?: boolean },
    trx?: Kysely<DB>,
  ): Promise<number> {
    const passwordHash = await passwords.hash(input.password);
    const mustChangePassword = input.mustChangePassword ?? false;
    const write = async (t: Kysely<DB>) => {
      const id = await insertStaff(t, {
        username: input.username,
        passwordHash,
        role: input.role,
        mustChangePassword,
      });
      if (id === undefined) throw new AppError(E.STAFF_USERNAME_TAKEN);
      await recordAudit(t, actor, {
        action: 'staff.create',
        target: `staff:${id}`,
        after: { username: input.username, role: input.role, mustChangePassword },
      });
      return id;
    };
    return trx ? write(trx) : db.transaction().execute(write);
  }

  /**
   * One admin change to an account, atomic with its audit row (before/after): the row is locked
   * first, so two racing changes apply one after the other. Disabling or resetting the second
   * factor ends the account's sessions. 30021 for an unknown id, 31003 for one's own role or
   * disabling oneself.
   */
  async function change(actor: Actor, id: number, what: StaffChange): Promise<StaffAccount> {
    const self = actor.type === 'staff' && actor.id === String(id);
    if (self && ('role' in what || ('disabled' in what && what.disabled))) {
      throw new AppError(E.STAFF_SELF_CHANGE);
    }
    const endsSessions = ('disabled' in what && what.disabled) || 'secondFactor' in what;
    const account = await db.transaction().execute(async (trx) => {
      const row = await lockStaffRow(trx, id);
      if (!row) throw new AppError(E.STAFF_NOT_FOUND);
      const before = toAccount(row);
      await applyStaffChange(trx, id, what);
      if (endsSessions) await sessions.endAllOfStaff(trx, id);
      const updated = await findStaffById(trx, id);
      if (!updated) throw new AppError(E.STAFF_NOT_FOUND);
      const after = toAccount(updated);
      const key = Object.keys(what)[0] as keyof typeof ACTIONS;
      await recordAudit(trx, actor, {
        action: ACTIONS[key],
        target: `staff:${id}`,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
    if (endsSessions) await sessions.announceEnded({ staffId: id });
    return account;
  }

  return {
    /**
     * Creates a staff account with its audit row, in one transaction (`trx` to join the caller's).
     * A username already taken (in any letter case) is 30022.
     */
    create,

    /** Creates an account with a random one-time password, answered once (createStaff). */
    async createWithOneTimePassword(
      actor: Actor,
      input: { username: string; role: StaffRole },
    ): Promise<{ account: StaffAccount; oneTimePassword: string }> {
      const password = oneTimePassword();
      const id = await create(actor, { ...input, password, mustChangePassword: true });
      const row = await findStaffById(db, id);
      if (!row) throw new AppError(E.STAFF_NOT_FOUND);
      return { account: toAccount(row), oneTimePassword: password };
    },

    async list(): Promise<{ items: StaffAccount[] }> {
      return { items: (await listStaffAccounts(db)).map(toAccount) };
    },

    change,

    /** Whether any staff account exists (none: the command line may create the first unsigned, decision 0092). */
    hasAny: () => hasAnyStaff(db),

    /**
     * Creates the desk's first staff account, only while it has none (31015 otherwise): decided
     * under a lock of the staff table, so of two racing first accounts one is made.
     */
    async createFirst(
      actor: Actor,
      input: { username: string; password: string; role: StaffRole },
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await lockStaffTable(trx);
        if (await hasAnyStaff(trx)) throw new AppError(E.STAFF_NOT_FIRST);
        return create(actor, input, trx);
      });
    },

    /** Whether an admin account that is not disabled exists (the desk's setup, decision 0055). */
    hasAdmin: () => hasEnabledAdmin(db),

    /** The id of an account by username (any letter case), for the CLI; 30021 when unknown. */
    async idOf(username: string): Promise<number> {
      const row = await findStaffByUsername(db, username);
      if (!row) throw new AppError(E.STAFF_NOT_FOUND);
      return row.id;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
