import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isatty } from 'node:tty';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type Access,
  adminEndpoints,
  BREAK_GLASS_SHOWN_DAYS,
  type BreakGlassCommand,
  chatLinkSchema,
  commandLineAddress,
  E,
  type ErrorDef,
  htmlPageInputSchema,
  isStaffAccess,
  issueDef,
  maintenanceStatusSchema,
  newsInputSchema,
  pageLinkSchema,
  type RateChangeCheck,
  type RateSet,
  ratesInputSchema,
  SETUP_ITEMS,
  type SetRatesResult,
  STAFF_PASSWORD_MAX,
  STAFF_PASSWORD_MIN,
  STAFF_ROLES,
  type StaffRole,
  usernameSchema,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { breakGlassUsed, createDeskAlerts } from '../alerts/index.ts';
import { backup, restore } from '../backup/index.ts';
import { type Config, ConfigError, describeDatabase, loadConfig, misspeltVariables } from '../config.ts';
import { type Database, openDatabase, pgliteDatabaseExists } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { DB } from '../db/schema.ts';
import { explainDatabaseError } from '../db/unreachable.ts';
import { createEventBus, type EventBus, publishAfterCommit } from '../events/bus.ts';
import { AppError } from '../http/app-error.ts';
import { type Actor, recordAudit } from '../modules/audit/index.ts';
import { createBansService } from '../modules/bans/index.ts';
import { createNewsService } from '../modules/news/index.ts';
import { createOutboxService } from '../modules/outbox/index.ts';
import { createPagesService } from '../modules/pages/index.ts';
import { createPasswordHasher, PRODUCTION_ARGON2 } from '../modules/passwords/index.ts';
import { createRatesService } from '../modules/rates/index.ts';
import { createSessionService } from '../modules/sessions/index.ts';
import { createSettingsService } from '../modules/settings/index.ts';
import { createSetupService, SETUP_GUIDE } from '../modules/setup/index.ts';
import { createStaffService, createStaffSignIn } from '../modules/staff/index.ts';
import { databaseBans } from '../plugins/limits/bans.ts';
import { databaseCounters } from '../plugins/limits/counters.ts';
import { Limiter, normaliseIp } from '../plugins/limits/limiter.ts';
import { scaleLimits } from '../plugins/limits/rules.ts';
import { STAFF_SESSION } from '../services.ts';
import { lineReader, readAnswer, readSecret } from './prompt.ts';
import { type CommandLineStaff, signInAtCommandLine } from './sign-in.ts';

/**
 * The operator command line: `npm run desk -- <command> [options]`. It works on the same
 * database as the server (DATABASE_URL, else the PGlite folder DATA_DIR), validates every input
 * with the contract's schemas as the API does, and makes every change through the modules'
 * services, with its audit row.
 *
 * Who it is (decision 0092): a command that changes the desk or shows members' data runs as a staff
 * member who signs in as in the console (cli/sign-in.ts), with the role the console's endpoint for
 * the same change asks for; its changes are that staff member's, under the console's rules. Only
 * `help` and `check` need no sign-in; `backup` and `restore` work on the database's files and run
 * as the OS user; the desk's first staff account and break-glass (`--break-glass`) run as the OS
 * user too, the latter announced to the desk alert channel and on the dashboard.
 *
 * PGlite admits one process per data folder: against PGlite, stop the server first (the CLI says
 * so if it is running). Against PostgreSQL the CLI and any number of servers run together.
 *
 * A PGlite folder that holds no desk yet is refused, unless the command is one of SETUP_COMMANDS
 * (a wrong DATA_DIR would otherwise make a fresh empty database). File arguments are read from
 * the folder the command was run in (npm's INIT_CWD), though npm runs it from the repository root.
 */

/**
 * The commands that may make a new desk in an empty PGlite folder (decision 0055); every other
 * command refuses a DATA_DIR holding no desk.
 */
export const SETUP_COMMANDS: readonly string[] = ['staff:create'];

const HELP = `BahtDesk operator command line

Usage: npm run desk -- <command> [options]

Signing in: every command that changes the desk or shows members' data runs as a staff member,
signed in as in the console: the username (--as <username>, else asked), the password, then a
two-factor code (from the authenticator app, or a recovery code). On a terminal they are asked
for; without one (a script), the password and the code are read from standard input, one line
each, never from the command line or the environment. The role must allow the command (as in the
console), the console's rules apply (two-person changes: a rate proposal is approved by another
admin), and the audit log names the staff member, from cli:<server user>. Five wrong passwords or
codes stop that server user's attempts for the account for 15 minutes, as for an address in the
console. check and help need no sign-in; backup and restore work on the database files as the
server user.

Commands:
  check
      List what a real desk must set before it opens (an admin account, rates, a desk bank
      account, a receiving address, a cash-appointment location) and how to set each.
      Exits 1 while any is missing, 0 once all are set. No sign-in.
  staff:create <username> [--role admin|operator|viewer] [--password-stdin] [--break-glass]
      (admin) Create a back-office staff account. Its password (${STAFF_PASSWORD_MIN} to ${STAFF_PASSWORD_MAX} characters) is
      asked for twice, or read from one line of standard input with --password-stdin (after the
      sign-in's lines; the rest of standard input is left unread). Nothing secret is printed.
      An account an admin makes sets a password of its own at its first back-office sign-in (/admin/),
      which also sets up its two-factor authentication. On a desk with two enabled admins, an admin
      or operator account is not made here (code 31013): propose it in the back office (Staff),
      where another admin approves it.
      The desk's first staff account needs no sign-in (a desk with no staff account yet).
  staff:reset-second-factor <username> [--break-glass]
      (admin) Remove a staff account's two-factor authentication and recovery codes and end its
      sessions: the next sign-in sets it up again (a lost phone).
  staff:unlock <username> [--break-glass]
      (admin) Forget a staff account's failed sign-ins: every address stopped for it (five failures
      stop an address for 15 minutes) and the slow-down of guesses from many addresses end at once.
  rates:set --buy <THB> --sell <THB> --fee <percent> [--confirm]
      (admin) Set the buy and sell rates (THB per USDT, up to 2 decimals) and the sell fee
      (percent of the gross THB, 0 to below 100, up to 3 decimals). The history keeps every change.
      A move of buy, sell or what a seller gets after the fee past the web setting
      rateChangeConfirmPercent (3 %) from the rates in force needs --confirm; past
      rateChangeMaxPercent (15 %) from the rates in force, or from the rates in force 24 hours ago
      (or approved by a second admin since), it only makes a proposal that another admin approves
      or discards in the back office (Rates). The sell rate may not exceed the buy rate.
  maintenance on|off
      (admin) on: the service is up. off: maintenance, members see the maintenance page.
  news:publish --title-en <t> --title-th <t> --body-en <html> --body-th <html>
  news:publish --file <news.json>
      (admin) Publish a news item in English and Thai (JSON keys: titleEn, titleTh, bodyEn, bodyTh).
      Bodies are HTML; anything unsafe (scripts, event handlers, ...) is removed.
  page:publish <link> --title-en <t> --title-th <t> --body-en-file <a.html> --body-th-file <b.html>
      (admin) Create or replace a page served by getHtmlPage (e.g. manual, calculator).
  chat-link:set <https-url>
      (admin) Set the chat-app link of the footer contact dialog.
  outbox [--limit <n>]
      (admin, operator) Show the newest messages (email/SMS/LINE) of the outbox and their state,
      newest first (default 20). Never the text of a one-time code or a username; each use is
      written to the audit log.
  unban <ip>
      (admin, operator) Lift the 60-minute ban of an IP address that exceeded the request limits
      (IPv6: limits and bans apply to a whole /64 network, so any address in it lifts that ban).
  backup <file>
      Write the whole desk (members, orders, identity photos, slips, staff and their second
      factors, settings) to a new file. PGlite: a consistent copy, also while the server runs.
      PostgreSQL: pg_dump (its client tools must be installed, of the server's version or newer).
      No sign-in and no audit row: it needs the database's files or credentials, which whoever runs
      it can copy anyway.
  restore <file>
      Load a backup into a database that holds no desk yet: an empty DATA_DIR folder (PGlite),
      or an empty database named by DATABASE_URL (PostgreSQL, through pg_restore); then
      migrate it to this version. Start the server on it afterwards. No sign-in, as backup.
  help
      Show this help.

Break-glass, for a desk whose admins cannot sign in (forgotten passwords, lost phones):
staff:create, staff:reset-second-factor and staff:unlock with --break-glass run without a
sign-in, on admin accounts only, as the server user: whoever can run this on the server can
reach the database anyway. Each use is audited (staff.breakGlass), sent to the desk alert channel
(DESK_ALERT_EMAILS, DESK_ALERT_LINE_GROUP) and shown on the console's dashboard for ${BREAK_GLASS_SHOWN_DAYS} days.

Environment: DATABASE_URL (PostgreSQL), else DATA_DIR (PGlite folder, default ./data).
Against PGlite, stop the server first: a PGlite folder admits one process at a time
(backup excepted: a running server takes the copy itself).
A DATA_DIR holding no desk yet is refused, except by ${SETUP_COMMANDS.join(', ')} and restore.
File arguments are read from the folder you run the command in.
`;

export interface DeskIO {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /**
   * Reads one line of standard input, without its line end; undefined once it has ended. Nothing
   * past that line is taken (a script may pipe more for whoever reads next).
   */
  readLine: () => Promise<string | undefined>;
  /** Asks for a secret without echoing it; undefined when there is no terminal to ask on. */
  askSecret?: (question: string) => Promise<string>;
  /** Asks a question on the terminal, echoing the answer; undefined when there is no terminal. */
  ask?: (question: string) => Promise<string>;
  /** An open, migrated database to use instead of opening one from the environment (tests). */
  database?: Database;
  /** Who is running the command on the server, for sign-in and the audit log; defaults to the OS user. */
  operator?: string;
  /** The folder file arguments are read from; defaults to env.INIT_CWD (npm's), else the process's. */
  cwd?: string;
}

/** A failure to report as one line and an exit code (2: wrong usage, 1: refused or failed). */
class DeskError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'DeskError';
    this.exitCode = exitCode;
  }
}

const usage = (message: string) => new DeskError(`${message} (see: npm run desk -- help)`, 2);

/** Parses with a contract schema; a failure becomes a one-line error naming the field. */
function check<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const def: ErrorDef = issue ? issueDef(issue.message) : E.INVALID_INPUT;
  const field = issue?.path.length ? issue.path.join('.') : what;
  throw new DeskError(`${field}: ${def.en} (code ${def.code})`, 2);
}

/** The CLI starts no member session, it only ends them (staff recovery), so no limits apply. */
const NO_SESSIONS = { idleMs: 0, absoluteMs: 0 };

/**
 * The services the commands use, on the command's database, with the server's rules: staff
 * sessions as the server keeps them, and sign-in attempts counted in the database (the
 * `rate_counters` and `ip_bans` the server reads), with the server's limits. Changes are announced
 * on the event bus, so servers running on the same PostgreSQL serve them within a second.
 */
async function deskServices(database: Database, config: Config) {
  const quiet = { warn: () => {}, info: () => {} };
  const events = publishAfterCommit(await createEventBus(database, quiet), quiet);
  const { db } = database;
  const settings = createSettingsService(db, events);
  const rates = createRatesService(db, events, settings);
  const passwords = createPasswordHasher({
    ...PRODUCTION_ARGON2,
    memoryCost: config.accounts.argon2MemoryKib,
  });
  const sessions = createSessionService(db, { member: NO_SESSIONS, staff: STAFF_SESSION }, events);
  const limits = new Limiter(
    databaseCounters(db),
    databaseBans(db),
    scaleLimits(config.accounts.rateLimitFactor),
  );
  const staff = createStaffService(db, passwords, sessions, events);
  return {
    events,
    settings,
    rates,
    news: createNewsService(db, events),
    pages: createPagesService(db, events),
    sessions,
    staff,
    staffSignIn: createStaffSignIn({ db, passwords, sessions, passwordAttempts: limits }),
    bans: createBansService(db, limits),
    setup: createSetupService({ settings, rates, staff }),
    alerts: createDeskAlerts(config.deskAlerts),
    outbox: createOutboxService(db),
  };
}

type DeskServices = Awaited<ReturnType<typeof deskServices>>;

/**
 * How a staff command runs without a staff sign-in: it makes the desk's first staff account, or
 * it is break-glass (decision 0092). Both act as the OS user.
 */
type Unsigned = 'first account' | 'break-glass';

interface DeskContext {
  database: Database;
  services: DeskServices;
  /** The signed-in staff member; for a command that needs no sign-in, the OS user (`operator`). */
  actor: Actor;
  /** Set when a staff command runs without a sign-in, and why. */
  unsigned: Unsigned | undefined;
  io: DeskIO;
  /** The database the command works on, for people; unknown when the caller opened it. */
  where: string | undefined;
  /** Reads a file argument, from the folder the command was run in. */
  readFile: (file: string) => string;
}

/** What a command prints, and its exit code when not 0 (a check that found something missing). */
type Handler = (args: string[], ctx: DeskContext) => Promise<string | { output: string; exitCode: number }>;

interface DeskCommand {
  /**
   * Who may run it: 'shell', whoever can run commands on the server, without signing in; else the
   * staff roles that may, signed in: those of the console's endpoint for the same change.
   */
  runner: 'shell' | readonly StaffRole[];
  /** For a staff command: when it runs without a sign-in instead (undefined: it signs in). */
  unsigned?: (args: string[], services: DeskServices) => Promise<Unsigned | undefined>;
  run: Handler;
}

/** The staff roles an endpoint of the console admits. */
const rolesOf = (access: Access): readonly StaffRole[] => (isStaffAccess(access) ? access.staff : []);

const e = adminEndpoints;

const BREAK_GLASS_FLAG = '--break-glass';

/** Break-glass, when asked for (decision 0092): the staff commands that have it run unsigned with it. */
const breakGlassAsked = async (args: string[]): Promise<Unsigned | undefined> =>
  args.includes(BREAK_GLASS_FLAG) ? 'break-glass' : undefined;

/**
 * Records a use of break-glass in `trx`: its own audit row (`staff.breakGlass`, as the OS user,
 * with the command and the account) and the desk alert, so the desk learns of it whoever ran it.
 */
async function recordBreakGlass(
  trx: Kysely<DB>,
  { actor, services }: DeskContext,
  command: BreakGlassCommand,
  account: { id: number; username: string },
): Promise<void> {
  await recordAudit(trx, actor, {
    action: 'staff.breakGlass',
    target: `staff:${account.id}`,
    after: { command, username: account.username },
  });
  await services.alerts.raise(trx, breakGlassUsed(command, account.username, actor.id ?? ''));
}

/** What a break-glass command tells the person who ran it. */
const breakGlassNote = ({ services }: DeskContext) =>
  `Break-glass: audited as staff.breakGlass, shown on the console's dashboard for ${BREAK_GLASS_SHOWN_DAYS} days${
    services.alerts.configured
      ? ' and sent to the desk alert channel.'
      : '. No desk alert channel is configured (DESK_ALERT_EMAILS, DESK_ALERT_LINE_GROUP): tell the desk yourself.'
  }`;

/** A recovery change to one staff account by username (audited by the staff service). */
async function changeStaff(
  args: string[],
  ctx: DeskContext,
  command: BreakGlassCommand,
  change: { secondFactor: 'reset' } | { unlock: true },
  done: (username: string) => string,
): Promise<string> {
  const { positionals } = parse(args, { 'break-glass': { type: 'boolean', default: false } });
  if (positionals.length !== 1) throw usage(`${command} needs exactly one <username>`);
  const username = check(usernameSchema, positionals[0], 'username');
  const { services, actor, database } = ctx;
  const id = await services.staff.idOf(username);
  if (ctx.unsigned !== 'break-glass') {
    const { proposal } = await services.staff.change(actor, id, change);
    // Another admin's second factor, while two-person rules hold (decision 0091).
    if (proposal) {
      return `Proposed: waiting for a second admin. Change #${proposal.id} to ${username} takes effect when another admin approves it in the back office (Dashboard or Staff).`;
    }
    return done(username);
  }
  const account = (await services.staff.list()).items.find((a) => a.id === id);
  if (account?.role !== 'admin') {
    throw new DeskError(
      `${BREAK_GLASS_FLAG} recovers admin accounts only; ${username} is not one: an admin does this in the console`,
    );
  }
  // Announced before the change, so a change that fails or is cut off is announced all the same.
  await database.db.transaction().execute((trx) => recordBreakGlass(trx, ctx, command, account));
  await services.staff.change(actor, id, change);
  return `${done(username)}\n${breakGlassNote(ctx)}`;
}

const commands: Record<string, DeskCommand> = {
  check: {
    runner: 'shell',
    async run(args, { services, where }) {
      if (args.length > 0) throw usage(`unexpected argument ${args[0]}`);
      const missing = await services.setup.missing();
      const lines = [`Setup of the desk${where ? ` (${where})` : ''}:`];
      for (const item of SETUP_ITEMS) {
        const { what, how } = SETUP_GUIDE[item];
        lines.push(missing.includes(item) ? `  missing  ${what}: ${how}` : `  set      ${what}`);
      }
      if (missing.length === 0) return `${lines.join('\n')}\nReady to open: everything above is set.`;
      lines.push(
        `Not ready to open: ${missing.length} of ${SETUP_ITEMS.length} missing. The site works meanwhile, and the console's dashboard lists them too.`,
      );
      return { output: lines.join('\n'), exitCode: 1 };
    },
  },

  'staff:create': {
    runner: rolesOf(e.createStaff.access),
    // Break-glass when asked for; else the desk's first account needs no sign-in.
    unsigned: async (args, services) =>
      (await breakGlassAsked(args)) ?? ((await services.staff.hasAny()) ? undefined : 'first account'),
    async run(args, ctx) {
      const { values, positionals } = parse(args, {
        role: { type: 'string', default: 'admin' },
        'password-stdin': { type: 'boolean', default: false },
        'break-glass': { type: 'boolean', default: false },
      });
      if (positionals.length !== 1) throw usage('staff:create needs exactly one <username>');
      const username = check(usernameSchema, positionals[0], 'username');
      const role = values.role as StaffRole;
      if (!STAFF_ROLES.includes(role)) throw usage(`--role must be ${STAFF_ROLES.join(', ')}`);
      if (ctx.unsigned === 'break-glass' && role !== 'admin') {
        throw usage(
          `${BREAK_GLASS_FLAG} makes admin accounts only: an admin makes the others in the console`,
        );
      }
      const password = await readNewPassword(ctx.io, Boolean(values['password-stdin']));
      const { services, actor, database } = ctx;
      const input = { username, password, role };
      const created = `Created staff account ${username} (${role}).`;
      if (ctx.unsigned === 'first account') {
        await services.staff.createFirst(actor, input);
        return `${created} Two-factor sign-in is set up at the first back-office sign-in.`;
      }
      if (ctx.unsigned === 'break-glass') {
        await database.db.transaction().execute(async (trx) => {
          const id = await services.staff.create(actor, input, trx);
          await recordBreakGlass(trx, ctx, 'staff:create', { id, username });
        });
        return `${created} Two-factor sign-in is set up at the first back-office sign-in.\n${breakGlassNote(ctx)}`;
      }
      // As an account an admin makes in the console: its owner sets a password of their own.
      await services.staff.create(actor, { ...input, mustChangePassword: true });
      return `${created} Its first back-office sign-in sets up two-factor sign-in and a password of its own.`;
    },
  },

  'staff:reset-second-factor': {
    runner: rolesOf(e.resetStaffSecondFactor.access),
    unsigned: breakGlassAsked,
    run: (args, ctx) =>
      changeStaff(
        args,
        ctx,
        'staff:reset-second-factor',
        { secondFactor: 'reset' },
        (name) =>
          `Removed the two-factor authentication of ${name} and ended its sessions: the next sign-in sets it up again.`,
      ),
  },

  'staff:unlock': {
    runner: rolesOf(e.unlockStaff.access),
    unsigned: breakGlassAsked,
    run: (args, ctx) =>
      changeStaff(args, ctx, 'staff:unlock', { unlock: true }, (name) => `Unlocked staff account ${name}.`),
  },

  'rates:set': {
    runner: rolesOf(e.setRates.access),
    async run(args, { services, actor }) {
      const { values, positionals } = parse(args, {
        buy: { type: 'string' },
        sell: { type: 'string' },
        fee: { type: 'string' },
        confirm: { type: 'boolean', default: false },
      });
      if (positionals.length > 0) throw usage(`unexpected argument ${positionals[0]}`);
      if (values.buy === undefined || values.sell === undefined || values.fee === undefined) {
        throw usage('rates:set needs --buy, --sell and --fee');
      }
      const input = check(
        ratesInputSchema,
        { buyRate: values.buy, sellRate: values.sell, sellFeePercent: values.fee },
        'rates',
      );
      let result: SetRatesResult;
      try {
        result = await services.rates.change(actor, { ...input, confirmed: Boolean(values.confirm) });
      } catch (error) {
        if (error instanceof AppError && error.def === E.RATE_CHANGE_UNCONFIRMED) {
          throw new DeskError(unconfirmedChange(error.details as RateChangeCheck));
        }
        throw error;
      }
      const { proposal } = result;
      if (proposal) {
        return `Proposed: waiting for a second admin. Rates #${proposal.id}: ${moves(proposal.from, proposal, proposal)}. They take effect when another admin approves them in the back office (Rates); until then buy ${result.buyRate} and sell ${result.sellRate} stay in force.`;
      }
      return `Rates set: buy ${input.buyRate} THB, sell ${input.sellRate} THB per USDT, sell fee ${input.sellFeePercent}%.`;
    },
  },

  maintenance: {
    runner: rolesOf(e.saveSetting.access),
    async run(args, { services, actor }) {
      if (args.length !== 1) throw usage('maintenance needs on or off');
      const status = check(maintenanceStatusSchema, args[0], 'status');
      await services.settings.set(actor, 'maintenance', status);
      return status === 'on'
        ? 'Maintenance status is on: the service is up.'
        : 'Maintenance status is off: members now see the maintenance page.';
    },
  },

  'news:publish': {
    runner: rolesOf(e.createNews.access),
    async run(args, { services, actor, readFile }) {
      const { values, positionals } = parse(args, {
        file: { type: 'string' },
        'title-en': { type: 'string' },
        'title-th': { type: 'string' },
        'body-en': { type: 'string' },
        'body-th': { type: 'string' },
      });
      if (positionals.length > 0) throw usage(`unexpected argument ${positionals[0]}`);
      const raw = values.file
        ? readJson(values.file, readFile)
        : {
            titleEn: values['title-en'],
            titleTh: values['title-th'],
            bodyEn: values['body-en'],
            bodyTh: values['body-th'],
          };
      const input = check(newsInputSchema, raw, 'news');
      const id = await services.news.publish(actor, input);
      return `Published news item #${id}: ${input.titleEn}`;
    },
  },

  'page:publish': {
    runner: rolesOf(e.savePage.access),
    async run(args, { services, actor, readFile }) {
      const { values, positionals } = parse(args, {
        'title-en': { type: 'string' },
        'title-th': { type: 'string' },
        'body-en-file': { type: 'string' },
        'body-th-file': { type: 'string' },
      });
      if (positionals.length !== 1) throw usage('page:publish needs exactly one <link>');
      const link = check(pageLinkSchema, positionals[0], 'link');
      const enFile = values['body-en-file'];
      const thFile = values['body-th-file'];
      if (!enFile || !thFile) throw usage('page:publish needs --body-en-file and --body-th-file');
      const input = check(
        htmlPageInputSchema,
        {
          link,
          titleEn: values['title-en'],
          titleTh: values['title-th'],
          bodyEn: readFile(enFile),
          bodyTh: readFile(thFile),
        },
        'page',
      );
      await services.pages.publish(actor, input);
      return `Published page ${link}.`;
    },
  },

  'chat-link:set': {
    runner: rolesOf(e.saveSetting.access),
    async run(args, { services, actor }) {
      if (args.length !== 1) throw usage('chat-link:set needs one <https-url>');
      const link = check(chatLinkSchema, args[0], 'link');
      await services.settings.set(actor, 'chatLink', link);
      return `Chat-app link set to ${link}`;
    },
  },

  unban: {
    runner: rolesOf(e.unban.access),
    async run(args, { services, actor }) {
      const ip = args.length === 1 && isIP(args[0] ?? '') !== 0 ? normaliseIp(args[0] ?? '') : undefined;
      if (!ip) throw usage('unban needs one <ip> (IPv4 or IPv6)');
      await services.bans.unban(actor, ip);
      return `The ban on ${ip} is lifted.`;
    },
  },

  outbox: {
    runner: rolesOf(e.outbox.access),
    async run(args, { services, actor }) {
      const { values, positionals } = parse(args, { limit: { type: 'string', default: '20' } });
      if (positionals.length > 0) throw usage(`unexpected argument ${positionals[0]}`);
      const limit = Number(values.limit);
      if (!/^\d+$/.test(String(values.limit)) || limit < 1 || limit > 500)
        throw usage('--limit must be 1 to 500');
      // Audited; the text of a message holding a secret is never shown (decision 0095).
      const rows = await services.outbox.latest(actor, limit);
      if (rows.length === 0) return 'The outbox is empty.';
      return rows
        .map((r) =>
          [
            `#${r.id} ${r.createdAt} ${r.channel} to ${r.recipient} (${r.kind}, ${r.lang}, ${r.state}, attempts ${r.attempts})`,
            ...(r.lastError ? [`Last error: ${r.lastError}`] : []),
            ...(r.subject ? [`Subject: ${r.subject}`] : []),
            r.body ?? '(text withheld: it holds a secret)',
          ].join('\n'),
        )
        .join('\n\n');
    },
  },
};

/**
 * Commands that open the database themselves, or not at all: backup asks a running PGlite server
 * for its copy, and restore fills a database that holds no desk yet.
 */
const onTheirOwn: Record<string, (args: string[], config: Config, io: DeskIO) => Promise<string>> = {
  async backup(args, config, io) {
    if (args.length !== 1) throw usage('backup needs one <file>');
    return backup(config, fromCallerDir(io, args[0] ?? ''));
  },
  async restore(args, config, io) {
    if (args.length !== 1) throw usage('restore needs one <file>');
    return restore(config, fromCallerDir(io, args[0] ?? ''));
  },
};

/** A file argument, relative to the folder the command was run from (npm run starts in the project's). */
const fromCallerDir = (io: DeskIO, file: string) =>
  path.resolve(io.cwd ?? io.env.INIT_CWD ?? process.cwd(), file);

const signed = (percent: string) => (percent.startsWith('-') ? percent : `+${percent}`);

/** How far rates move from `from` to `to`: buy, sell, and the fee with what a seller then gets. */
function moves(
  from: RateSet,
  to: RateSet,
  m: Pick<RateChangeCheck, 'buyChangePercent' | 'sellChangePercent' | 'netSellChangePercent'>,
): string {
  return `buy ${from.buyRate} -> ${to.buyRate} (${signed(m.buyChangePercent)} %), sell ${from.sellRate} -> ${to.sellRate} (${signed(m.sellChangePercent)} %), sell fee ${from.sellFeePercent} % -> ${to.sellFeePercent} % (a seller gets ${from.netSellRate} -> ${to.netSellRate} THB per USDT, ${signed(m.netSellChangePercent)} %)`;
}

/** One line saying how far a refused change moves the rates and fee, and what --confirm would do. */
function unconfirmedChange(c: RateChangeCheck): string {
  const reference = c.reference
    ? `; from the reference rates of ${c.reference.since} (in force 24 hours ago, or approved by a second admin since): ${moves(c.reference.rates, c.proposed, c.reference)}`
    : '';
  const then = c.needsApproval
    ? `past the ${c.maxPercent} % bound, so with --confirm it becomes a proposal another admin approves in the back office`
    : `past the ${c.confirmPercent} % bound: check the rates and run again with --confirm`;
  return `${moves(c.current, c.proposed, c)}${reference}: ${then} (code ${E.RATE_CHANGE_UNCONFIRMED.code})`;
}

function parse<O extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(
  args: string[],
  options: O,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usage((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
}

/** Reads a file argument from `cwd`; a one-line error names the file as given and where it was looked for. */
function readText(cwd: string, file: string): string {
  const full = path.resolve(cwd, file);
  try {
    return readFileSync(full, 'utf8');
  } catch {
    throw new DeskError(`cannot read ${file}${full === file ? '' : ` (${full})`}`);
  }
}

function readJson(file: string, readFile: (file: string) => string): unknown {
  try {
    return JSON.parse(readFile(file));
  } catch (error) {
    if (error instanceof DeskError) throw error;
    throw new DeskError(`${file} is not valid JSON`);
  }
}

/**
 * The password of a new staff account: one line of standard input with --password-stdin (nothing
 * after it is read), else asked twice on the terminal.
 */
async function readNewPassword(io: DeskIO, fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) {
    const line = await io.readLine();
    if (line === undefined) throw new DeskError('standard input ended before the new password', 2);
    password = line;
  } else {
    if (!io.askSecret) throw usage('no terminal to ask for the password on: use --password-stdin');
    password = await io.askSecret('New password: ');
    if ((await io.askSecret('Repeat new password: ')) !== password)
      throw new DeskError('the passwords do not match', 2);
  }
  if (password.length < STAFF_PASSWORD_MIN || password.length > STAFF_PASSWORD_MAX) {
    throw new DeskError(`the password must be ${STAFF_PASSWORD_MIN} to ${STAFF_PASSWORD_MAX} characters`, 2);
  }
  return password;
}

/** A secret asked on the terminal, else the next line of standard input. */
async function readSecretLine(io: DeskIO, question: string, what: string): Promise<string> {
  if (io.askSecret) return io.askSecret(question);
  const line = await io.readLine();
  if (line === undefined) throw new DeskError(`standard input ended before ${what}`, 2);
  return line;
}

/** Takes `--as <username>` (or `--as=<username>`) out of a command's arguments. */
function takeAs(args: string[]): { as: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let as: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--as' || arg.startsWith('--as=')) {
      if (as !== undefined) throw usage('--as is given twice');
      as = arg === '--as' ? args[++i] : arg.slice('--as='.length);
      if (!as) throw usage('--as needs a <username>');
    } else {
      rest.push(arg);
    }
  }
  return { as, rest };
}

/**
 * Signs the staff member in who runs `command` (decision 0092): the username from --as or asked,
 * the password and the code asked on the terminal or read from standard input; then checks that
 * their role may run it, as the console's endpoint for the same change would.
 */
async function signIn(
  io: DeskIO,
  services: DeskServices,
  command: string,
  roles: readonly StaffRole[],
  as: string | undefined,
  osUser: string,
): Promise<CommandLineStaff> {
  const username = as ?? (await io.ask?.('Staff username: '));
  if (!username) {
    throw usage(
      `${command} runs as a staff member: give --as <username>, and the password and the two-factor code on standard input, one line each`,
    );
  }
  const password = await readSecretLine(io, 'Password: ', 'the password');
  const staff = await signInAtCommandLine(
    { signIn: services.staffSignIn, sessions: services.sessions },
    { username, password },
    () => readSecretLine(io, 'Two-factor code (or a recovery code): ', 'the two-factor code'),
    { ip: commandLineAddress(osUser), userAgent: 'bahtdesk command line' },
  );
  if (!roles.includes(staff.role)) {
    await staff.signOut();
    throw new DeskError(
      `${E.ACCESS_DENIED.en} (code ${E.ACCESS_DENIED.code}): ${command} is for ${roles.join(' and ')} accounts; ${staff.username} is ${staff.role}`,
    );
  }
  return staff;
}

/** Runs one command; returns the exit code. Output and errors go to io.stdout / io.stderr. */
export async function runDesk(argv: string[], io: DeskIO): Promise<number> {
  const [name, ...argsGiven] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(HELP);
    return 0;
  }
  const own = Object.hasOwn(onTheirOwn, name) ? onTheirOwn[name] : undefined;
  if (own) {
    try {
      io.stdout.write(`${await own(argsGiven, readConfig(io.env), io)}\n`);
      return 0;
    } catch (error) {
      return failed(io, name, error);
    }
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr.write(`desk: unknown command ${name} (see: npm run desk -- help)\n`);
    return 2;
  }
  for (const { name: variable, meant } of misspeltVariables(io.env)) {
    io.stderr.write(`desk: ignoring ${variable}: did you mean ${meant}?\n`);
  }
  let database = io.database;
  let where: string | undefined;
  let events: EventBus | undefined;
  let staff: CommandLineStaff | undefined;
  try {
    const { as, rest: args } = takeAs(argsGiven);
    const config = readConfig(io.env);
    if (!database) ({ database, where } = await openFromEnv(config, name));
    const services = await deskServices(database, config);
    events = services.events;
    const operator = io.operator ?? osUser();
    const { runner } = command;
    const unsigned = runner === 'shell' ? undefined : await command.unsigned?.(args, services);
    if (as !== undefined && (runner === 'shell' || unsigned)) {
      throw usage(
        unsigned === 'break-glass'
          ? `${BREAK_GLASS_FLAG} runs without a sign-in: leave out --as`
          : `${name} needs no sign-in here: leave out --as`,
      );
    }
    if (runner !== 'shell' && !unsigned) staff = await signIn(io, services, name, runner, as, operator);
    const actor: Actor = staff?.actor ?? { type: 'operator', id: operator };
    const cwd = io.cwd ?? io.env.INIT_CWD ?? process.cwd();
    const readFile = (file: string) => readText(cwd, file);
    const result = await command.run(args, { database, services, actor, unsigned, io, where, readFile });
    const { output, exitCode } = typeof result === 'string' ? { output: result, exitCode: 0 } : result;
    io.stdout.write(`${output}\n`);
    return exitCode;
  } catch (error) {
    return failed(io, name, error);
  } finally {
    await staff?.signOut().catch(() => {});
    await events?.close();
    if (database && database !== io.database) await database.close();
  }
}

/** Reports a failed command as one line (a refusal of the services as its English text and code); answers its exit code. */
function failed(io: DeskIO, name: string, error: unknown): number {
  const exitCode = error instanceof DeskError ? error.exitCode : 1;
  const message =
    error instanceof AppError
      ? `${error.def.en} (code ${error.def.code})`
      : error instanceof Error
        ? error.message
        : String(error);
  io.stderr.write(`desk ${name}: ${message.split('\n')[0]}\n`);
  return exitCode;
}

function readConfig(env: Record<string, string | undefined>): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new DeskError(`configuration: ${error.lines.join('; ')}`);
    throw error;
  }
}

/**
 * The database of the configuration, migrated, as the server opens it. A PGlite folder holding no
 * desk is opened only by SETUP_COMMANDS.
 */
async function openFromEnv(config: Config, command: string): Promise<{ database: Database; where: string }> {
  if (!config.databaseUrl && !SETUP_COMMANDS.includes(command) && !pgliteDatabaseExists(config.dataDir)) {
    throw new DeskError(
      `DATA_DIR ${config.dataDir} holds no desk. Set DATA_DIR (or DATABASE_URL) as the server has it; a new desk starts with npm start, or npm run desk -- ${SETUP_COMMANDS[0]} <username>.`,
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw explainDatabaseError(error, config.databaseUrl);
  }
  return { database, where: describeDatabase(config) };
}

function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  // Standard input is read through its descriptor, a byte at a time, so a script's lines after
  // the ones a command takes stay unread; a terminal is asked with prompts instead.
  const terminal = isatty(0);
  const code = await runDesk(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    readLine: lineReader(0),
    ...(terminal ? { askSecret: readSecret, ask: readAnswer } : {}),
  });
  process.exitCode = code;
}
