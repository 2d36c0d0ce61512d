import { randomBytes } from 'node:crypto';
import {
  adminEndpoints,
  type ChangeProposal,
  type CreateStaffResult,
  E,
  isStaffAccess,
  type StaffAccount,
  type StaffChangeResult,
  type StaffProposal,
  type StaffRole,
  staffProposalValueSchema,
  type TwoPersonRules,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError, parsedOrRefused } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import type { PasswordHasher } from '../passwords/index.ts';
import { type Applied, boundByTwoPersonRules, createProposalStore } from '../proposals/index.ts';
import type { SessionService } from '../sessions/index.ts';
import {
  applyStaffChange,
  countEnabledAdmins,
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

/** The target of a proposal to make the account `username` (any letter case is one name). */
const newAccountTarget = (username: string) => `staff:new:${username.toLowerCase()}`;

const ACTIONS = {
  role: 'staff.setRole',
  disabled: 'staff.setDisabled',
  secondFactor: 'staff.resetSecondFactor',
  unlock: 'staff.unlock',
} as const;

/** A one-time password: 16 characters (96 random bits), within the staff password rules. */
const oneTimePassword = () => randomBytes(12).toString('base64url');

const endsSessions = (what: StaffChange) => ('disabled' in what && what.disabled) || 'secondFactor' in what;

/**
 * The roles of a second person in a two-person rule: an admin decides proposals, and an operator
 * or admin approves a large payout (the roles of approvePayout, decision 0068). An account of one
 * of them that one admin made alone would hold a one-time password only that admin knows, and be
 * that admin's second person (decision 0091).
 */
const payoutApprovers = adminEndpoints.approvePayout.access;
const SECOND_PERSON_ROLES: readonly StaffRole[] = [
  'admin',
  ...(isStaffAccess(payoutApprovers) ? payoutApprovers.staff : []),
];
const isSecondPerson = (role: StaffRole) => SECOND_PERSON_ROLES.includes(role);

/**
 * Whether a change to the account `row` would let one admin act as another person (decision
 * 0091): raising a role to admin, or from viewer to one that approves payouts; enabling an admin or
 * operator again; resetting another admin's second factor; and demoting or disabling an enabled
 * admin when fewer than two enabled admins would be left.
 */
function lendsPower(row: StaffAccountRow, what: StaffChange, actor: Actor, enabledAdmins: number) {
  const leavesTooFew = row.role === 'admin' && !row.disabled && enabledAdmins - 1 < 2;
  if ('role' in what) {
    const raises =
      (what.role === 'admin' && row.role !== 'admin') ||
      (isSecondPerson(what.role) && !isSecondPerson(row.role));
    return raises || (what.role !== 'admin' && leavesTooFew);
  }
  if ('disabled' in what) return what.disabled ? leavesTooFew : isSecondPerson(row.role) && row.disabled;
  if ('secondFactor' in what) return row.role === 'admin' && String(row.id) !== actor.id;
  return false;
}

/** What a change replaces, as a proposal records it. */
function replacedBy(row: StaffAccountRow, what: StaffChange): StaffProposal['replaces'] {
  if ('role' in what) return { role: row.role };
  if ('disabled' in what) return { disabled: row.disabled };
  return { enrolled: row.enrolled };
}

type Created = { id: number; proposal: null } | { id: null; proposal: StaffProposal };

/** Whether two-person rules hold: the desk has at least two enabled admin accounts (decision 0091). */
export async function twoPersonRules(db: Kysely<DB>): Promise<TwoPersonRules> {
  const enabledAdmins = await countEnabledAdmins(db);
  return { hold: enabledAdmins >= 2, enabledAdmins };
}

/**
 * Staff accounts of the back office: separate from members, with roles (decision 0009). A staff
 * member's change that would let one admin act as another person (another admin, or the operator
 * who approves their payout) is only a proposal while two-person rules hold (decision 0091); the
 * approving admin's `applyProposal` makes it.
 */
export function createStaffService(
  db: Kysely<DB>,
  passwords: PasswordHasher,
  sessions: SessionService,
  events: Pick<EventBus, 'publish'>,
) {
  const proposals = createProposalStore(db, events);

  /** Inserts an account with its audit row in `t`; a pending proposal to make it is superseded. */
  async function insert(
    t: Kysely<DB>,
    actor: Actor,
    input: { username: string; passwordHash: string; role: StaffRole; mustChangePassword: boolean },
    noted: Record<string, unknown> = {},
  ): Promise<number> {
    const id = await insertStaff(t, input);
    if (id === undefined) throw new AppError(E.STAFF_USERNAME_TAKEN);
    const { username, role, mustChangePassword } = input;
    await recordAudit(t, actor, {
      action: 'staff.create',
      target: `staff:${id}`,
      after: { username, role, mustChangePassword, ...noted },
    });
    await proposals.supersede(t, actor, newAccountTarget(username));
    return id;
  }

  /**
   * Makes an account (see `create`); an admin or operator account, by a staff member while
   * two-person rules hold, is only proposed, or refused with 31013 where the caller cannot hand over
   * a proposal (`ifGuarded`).
   */
  async function make(
    actor: Actor,
    input: { username: string; password: string; role: StaffRole; mustChangePassword?: boolean },
    ifGuarded: 'propose' | 'refuse',
    trx?: Kysely<DB>,
  ): Promise<Created> {
    const passwordHash = await passwords.hash(input.password);
    const mustChangePassword = input.mustChangePassword ?? false;
    const { username, role } = input;
    const write = async (t: Kysely<DB>): Promise<Created> => {
      await proposals.lock(t);
      const rules = await twoPersonRules(t);
      const guarded = isSecondPerson(role) && boundByTwoPersonRules(actor);
      if (guarded && rules.hold) {
        if (ifGuarded === 'refuse') throw new AppError(E.PROPOSAL_REQUIRED);
        if (await findStaffByUsername(t, username)) throw new AppError(E.STAFF_USERNAME_TAKEN);
        const proposal = await proposals.propose(t, actor, {
          kind: 'staff',
          target: newAccountTarget(username),
          value: { create: { username, role } },
          replaces: null,
        });
        return { id: null, proposal: proposal as StaffProposal };
      }
      const id = await insert(t, actor, { username, role, passwordHash, mustChangePassword });
      if (guarded) await proposals.recordAlone(t, actor, `staff:${id}`, rules);
      return { id, proposal: null };
    };
    const made = trx ? await write(trx) : await db.transaction().execute(write);
    if (!trx) await proposals.announce();
    return made;
  }

  /** Applies `what` to the locked account `row` in `trx`, with its audit row (before/after). */
  async function apply(trx: Kysely<DB>, actor: Actor, row: StaffAccountRow, what: StaffChange) {
    const { id } = row;
    await applyStaffChange(trx, id, what);
    if (endsSessions(what)) await sessions.endAllOfStaff(trx, id);
    const updated = await findStaffById(trx, id);
    if (!updated) throw new AppError(E.STAFF_NOT_FOUND);
    const after = toAccount(updated);
    const key = Object.keys(what)[0] as keyof typeof ACTIONS;
    await recordAudit(trx, actor, {
      action: ACTIONS[key],
      target: `staff:${id}`,
      before: auditView(toAccount(row)),
      after: auditView(after),
    });
    await proposals.supersede(trx, actor, `staff:${id}`);
    return after;
  }

  /**
   * One admin change to an account, atomic with its audit row (before/after): the row is locked
   * first, so two racing changes apply one after the other. Disabling or resetting the second
   * factor ends the account's sessions. 30021 for an unknown id, 31003 for one's own role or
   * disabling oneself. A change that lends one admin another person's power (`lendsPower`), by a
   * staff member while two-person rules hold, is only proposed: the account stays as it is, and the
   * proposal is answered.
   */
  async function change(actor: Actor, id: number, what: StaffChange): Promise<StaffChangeResult> {
    const self = actor.type === 'staff' && actor.id === String(id);
    if (self && ('role' in what || ('disabled' in what && what.disabled))) {
      throw new AppError(E.STAFF_SELF_CHANGE);
    }
    const result = await db.transaction().execute(async (trx): Promise<StaffChangeResult> => {
      await proposals.lock(trx);
      const row = await lockStaffRow(trx, id);
      if (!row) throw new AppError(E.STAFF_NOT_FOUND);
      const rules = await twoPersonRules(trx);
      const guarded = boundByTwoPersonRules(actor) && lendsPower(row, what, actor, rules.enabledAdmins);
      if (guarded && rules.hold) {
        const proposal = await proposals.propose(trx, actor, {
          kind: 'staff',
          target: `staff:${id}`,
          value: what,
          replaces: replacedBy(row, what),
        });
        return { ...toAccount(row), proposal: proposal as StaffProposal };
      }
      const account = await apply(trx, actor, row, what);
      if (guarded) await proposals.recordAlone(trx, actor, `staff:${id}`, rules);
      return { ...account, proposal: null };
    });
    if (endsSessions(what) && !result.proposal) await sessions.announceEnded({ staffId: id });
    await proposals.announce();
    return result;
  }

  /**
   * Makes an approved staff proposal in the approval's transaction, checked again as if it were
   * made now (ProposalApplier): the account must still exist, a new username still be free. A new
   * account gets a one-time password, answered to the approving admin.
   */
  async function applyProposal(trx: Kysely<DB>, actor: Actor, proposal: ChangeProposal): Promise<Applied> {
    if (proposal.kind !== 'staff') throw new AppError(E.INVALID_INPUT);
    const what = parsedOrRefused(staffProposalValueSchema, proposal.value);
    if ('create' in what) {
      const password = oneTimePassword();
      const input = {
        ...what.create,
        passwordHash: await passwords.hash(password),
        mustChangePassword: true,
      };
      await insert(trx, actor, input, { proposal: proposal.id });
      return { oneTimePassword: password };
    }
    const id = Number(proposal.target.slice('staff:'.length));
    const row = Number.isSafeInteger(id) ? await lockStaffRow(trx, id) : undefined;
    if (!row) throw new AppError(E.STAFF_NOT_FOUND);
    await apply(trx, actor, row, what);
    return endsSessions(what) ? { afterCommit: () => sessions.announceEnded({ staffId: id }) } : {};
  }

  /**
   * Creates a staff account with its audit row, in one transaction (`trx` to join the caller's).
   * A username already taken (in any letter case) is 30022. An admin or operator account, by a
   * staff member while two-person rules hold, is refused (31013): it can only be proposed, with a
   * one-time password for the approving admin to hand over (`createWithOneTimePassword`).
   */
  async function create(
    actor: Actor,
    input: { username: string; password: string; role: StaffRole; mustChangePassword?: boolean },
    trx?: Kysely<DB>,
  ): Promise<number> {
    const made = await make(actor, input, 'refuse', trx);
    if (made.id === null) throw new AppError(E.PROPOSAL_REQUIRED);
    return made.id;
  }

  return {
    create,

    /**
     * Creates an account with a random one-time password, answered once (createStaff); an admin or
     * operator account, by a staff member while two-person rules hold, is only proposed.
     */
    async createWithOneTimePassword(
      actor: Actor,
      input: { username: string; role: StaffRole },
    ): Promise<CreateStaffResult> {
      const password = oneTimePassword();
      const created = await make(actor, { ...input, password, mustChangePassword: true }, 'propose');
      if (created.proposal) return { account: null, oneTimePassword: null, proposal: created.proposal };
      const row = await findStaffById(db, created.id);
      if (!row) throw new AppError(E.STAFF_NOT_FOUND);
      return { account: toAccount(row), oneTimePassword: password, proposal: null };
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

    applyProposal,

    /** Whether two-person rules hold: the desk has at least two enabled admin accounts. */
    twoPersonRules: (trx: Kysely<DB> = db) => twoPersonRules(trx),

    /** Whether the account `id` is an enabled admin (who may decide a proposal). */
    async isEnabledAdmin(trx: Kysely<DB>, id: number): Promise<boolean> {
      const row = await findStaffById(trx, id);
      return row?.role === 'admin' && !row.disabled;
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
