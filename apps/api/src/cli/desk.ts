import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  chatLinkSchema,
  E,
  type ErrorDef,
  htmlPageInputSchema,
  issueDef,
  maintenanceStatusSchema,
  newsInputSchema,
  pageLinkSchema,
  type RateChangeCheck,
  ratesInputSchema,
  SETUP_ITEMS,
  type SetRatesResult,
  STAFF_ROLES,
  type StaffRole,
  usernameSchema,
} from '@bahtdesk/contract';
import type { z } from 'zod';
import { backup, restore } from '../backup/index.ts';
import { type Config, ConfigError, describeDatabase, loadConfig, misspeltVariables } from '../config.ts';
import { type Database, openDatabase, pgliteDatabaseExists } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { explainDatabaseError } from '../db/unreachable.ts';
import { latestOutbox } from '../delivery/outbox.ts';
import { createEventBus, type EventBus } from '../events/bus.ts';
import { AppError } from '../http/app-error.ts';
import { type Actor, recordAudit } from '../modules/audit/index.ts';
import { createNewsService } from '../modules/news/index.ts';
import { createPagesService } from '../modules/pages/index.ts';
import { createPasswordHasher } from '../modules/passwords/index.ts';
import { createRatesService } from '../modules/rates/index.ts';
import { createSessionService } from '../modules/sessions/index.ts';
import { createSettingsService } from '../modules/settings/index.ts';
import { createSetupService, SETUP_GUIDE } from '../modules/setup/index.ts';
import { createStaffService } from '../modules/staff/index.ts';
import { unbanIp } from '../plugins/limits/bans.ts';
import { normaliseIp } from '../plugins/limits/limiter.ts';
import { readSecret } from './prompt.ts';

/**
 * The operator command line: `npm run desk -- <command> [options]`. It works on the same
 * database as the server (DATABASE_URL, else the PGlite folder DATA_DIR), validates every input
 * with the contract's schemas as the API does, and writes an audit row for every change.
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

Commands:
  check
      List what a real desk must set before it opens (an admin account, rates, a desk bank
      account, a receiving address, a cash-appointment location) and how to set each.
      Exits 1 while any is missing, 0 once all are set.
  staff:create <username> [--role admin|operator|viewer] [--password-stdin]
      Create a back-office staff account. The password (12 to 128 characters) is asked for
      twice, or read from standard input with --password-stdin. Nothing secret is printed.
      The first back-office sign-in (/admin/) sets up its two-factor authentication.
  staff:reset-second-factor <username>
      Remove a staff account's two-factor authentication and recovery codes and end its
      sessions: the next sign-in sets it up again (a lost phone, no admin able to sign in).
  staff:unlock <username>
      Forget a staff account's failed sign-ins: every address stopped for it (five failures
      stop an address for 15 minutes) and the slow-down of guesses from many addresses end at once.
  rates:set --buy <THB> --sell <THB> --fee <percent> [--confirm]
      Set the buy and sell rates (THB per USDT, up to 2 decimals) and the sell fee
      (percent of the gross THB, 0 to below 100, up to 3 decimals). The history keeps every change.
      A move of buy or sell past the web setting rateChangeConfirmPercent (3 %) from the rates in
      force needs --confirm; past rateChangeMaxPercent (15 %) it only makes a proposal that an
      admin approves or discards in the back office (Rates). The sell rate may not exceed the buy rate.
  maintenance on|off
      on: the service is up. off: maintenance, members see the maintenance page.
  news:publish --title-en <t> --title-th <t> --body-en <html> --body-th <html>
  news:publish --file <news.json>
      Publish a news item in English and Thai (JSON keys: titleEn, titleTh, bodyEn, bodyTh).
      Bodies are HTML; anything unsafe (scripts, event handlers, ...) is removed.
  page:publish <link> --title-en <t> --title-th <t> --body-en-file <a.html> --body-th-file <b.html>
      Create or replace a page served by getHtmlPage (e.g. manual, calculator).
  chat-link:set <https-url>
      Set the chat-app link of the footer contact dialog.
  outbox [--limit <n>]
      Show the newest messages (email/SMS/LINE) of the outbox and their state, newest first (default 20).
  unban <ip>
      Lift the 60-minute ban of an IP address that exceeded the request limits (IPv6:
      limits and bans apply to a whole /64 network, so any address in it lifts that ban).
  backup <file>
      Write the whole desk (members, orders, identity photos, slips, staff and their second
      factors, settings) to a new file. PGlite: a consistent copy, also while the server runs.
      PostgreSQL: pg_dump (its client tools must be installed, of the server's version or newer).
  restore <file>
      Load a backup into a database that holds no desk yet: an empty DATA_DIR folder (PGlite),
      or an empty database named by DATABASE_URL (PostgreSQL, through pg_restore); then
      migrate it to this version. Start the server on it afterwards.
  help
      Show this help.

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
  /** Reads all of standard input (for --password-stdin). */
  readStdin: () => Promise<string>;
  /** Asks for a secret without echoing it; undefined when there is no terminal to ask on. */
  askSecret?: (question: string) => Promise<string>;
  /** An open, migrated database to use instead of opening one from the environment (tests). */
  database?: Database;
  /** Who is running the command, for the audit log; defaults to the OS user. */
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

/**
 * The services the commands use, on the command's database. Changes are announced on the event
 * bus, so servers running on the same PostgreSQL serve them within a second.
 */
/** The CLI starts no session, it only ends them (staff recovery), so no limits apply. */
const NO_SESSIONS = { idleMs: 0, absoluteMs: 0 };

async function deskServices(database: Database) {
  const quiet = { warn: () => {}, info: () => {} };
  const events = await createEventBus(database, quiet);
  const { db } = database;
  const settings = createSettingsService(db, events);
  const rates = createRatesService(db, events, settings);
  const staff = createStaffService(
    db,
    createPasswordHasher(),
    createSessionService(db, { member: NO_SESSIONS, staff: NO_SESSIONS }, events),
    events,
  );
  return {
    events,
    settings,
    rates,
    news: createNewsService(db, events),
    pages: createPagesService(db, events),
    staff,
    setup: createSetupService({ settings, rates, staff }),
  };
}

type DeskServices = Awaited<ReturnType<typeof deskServices>>;

interface DeskContext {
  database: Database;
  services: DeskServices;
  actor: Actor;
  io: DeskIO;
  /** The database the command works on, for people; unknown when the caller opened it. */
  where: string | undefined;
  /** Reads a file argument, from the folder the command was run in. */
  readFile: (file: string) => string;
}

/** What a command prints, and its exit code when not 0 (a check that found something missing). */
type Handler = (args: string[], ctx: DeskContext) => Promise<string | { output: string; exitCode: number }>;

/** A recovery change to one staff account by username (audited by the staff service). */
async function changeStaff(
  args: string[],
  { services, actor }: DeskContext,
  command: string,
  change: { secondFactor: 'reset' } | { unlock: true },
  done: (username: string) => string,
): Promise<string> {
  const { positionals } = parse(args, {});
  if (positionals.length !== 1) throw usage(`${command} needs exactly one <username>`);
  const username = check(usernameSchema, positionals[0], 'username');
  try {
    await services.staff.change(actor, await services.staff.idOf(username), change);
  } catch (error) {
    if (error instanceof AppError) throw new DeskError(`${error.def.en} (code ${error.def.code})`);
    throw error;
  }
  return done(username);
}

const STAFF_PASSWORD_MIN = 12;
const STAFF_PASSWORD_MAX = 128;

const commands: Record<string, Handler> = {
  async check(args, { services, where }) {
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

  async 'staff:create'(args, { services, actor, io }) {
    const { values, positionals } = parse(args, {
      role: { type: 'string', default: 'admin' },
      'password-stdin': { type: 'boolean', default: false },
    });
    if (positionals.length !== 1) throw usage('staff:create needs exactly one <username>');
    const username = check(usernameSchema, positionals[0], 'username');
    const role = values.role as StaffRole;
    if (!STAFF_ROLES.includes(role)) throw usage(`--role must be ${STAFF_ROLES.join(', ')}`);
    const password = await readNewPassword(io, Boolean(values['password-stdin']));
    try {
      await services.staff.create(actor, { username, password, role });
    } catch (error) {
      if (error instanceof AppError) throw new DeskError(`${error.def.en} (code ${error.def.code})`);
      throw error;
    }
    return `Created staff account ${username} (${role}). Two-factor sign-in is set up at the first back-office sign-in.`;
  },

  'staff:reset-second-factor': (args, ctx) =>
    changeStaff(
      args,
      ctx,
      'staff:reset-second-factor',
      { secondFactor: 'reset' },
      (name) =>
        `Removed the two-factor authentication of ${name} and ended its sessions: the next sign-in sets it up again.`,
    ),

  'staff:unlock': (args, ctx) =>
    changeStaff(args, ctx, 'staff:unlock', { unlock: true }, (name) => `Unlocked staff account ${name}.`),

  async 'rates:set'(args, { services, actor }) {
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
      if (error instanceof AppError) throw new DeskError(`${error.def.en} (code ${error.def.code})`);
      throw error;
    }
    const { proposal } = result;
    if (proposal) {
      return `Proposed rates #${proposal.id}: buy ${proposal.buyRate} THB (${signed(proposal.buyChangePercent)} %), sell ${proposal.sellRate} THB (${signed(proposal.sellChangePercent)} %) per USDT, sell fee ${proposal.sellFeePercent}%. They take effect when another admin approves them in the back office (Rates); until then buy ${result.buyRate} and sell ${result.sellRate} stay in force.`;
    }
    return `Rates set: buy ${input.buyRate} THB, sell ${input.sellRate} THB per USDT, sell fee ${input.sellFeePercent}%.`;
  },

  async maintenance(args, { services, actor }) {
    if (args.length !== 1) throw usage('maintenance needs on or off');
    const status = check(maintenanceStatusSchema, args[0], 'status');
    await services.settings.set(actor, 'maintenance', status);
    return status === 'on'
      ? 'Maintenance status is on: the service is up.'
      : 'Maintenance status is off: members now see the maintenance page.';
  },

  async 'news:publish'(args, { services, actor, readFile }) {
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

  async 'page:publish'(args, { services, actor, readFile }) {
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

  async 'chat-link:set'(args, { services, actor }) {
    if (args.length !== 1) throw usage('chat-link:set needs one <https-url>');
    const link = check(chatLinkSchema, args[0], 'link');
    await services.settings.set(actor, 'chatLink', link);
    return `Chat-app link set to ${link}`;
  },

  async unban(args, { database, actor }) {
    const ip = args.length === 1 && isIP(args[0] ?? '') !== 0 ? normaliseIp(args[0] ?? '') : undefined;
    if (!ip) throw usage('unban needs one <ip> (IPv4 or IPv6)');
    const lifted = await unbanIp(database.db, ip);
    await recordAudit(database.db, actor, {
      action: 'limits.unban',
      target: `ip:${ip}`,
      ...(lifted ? {} : { outcome: 'failure' as const, reason: 'not banned' }),
    });
    return lifted ? `The ban on ${ip} is lifted.` : `${ip} is not banned.`;
  },

  async outbox(args, { database }) {
    const { values, positionals } = parse(args, { limit: { type: 'string', default: '20' } });
    if (positionals.length > 0) throw usage(`unexpected argument ${positionals[0]}`);
    const limit = Number(values.limit);
    if (!/^\d+$/.test(String(values.limit)) || limit < 1 || limit > 500)
      throw usage('--limit must be 1 to 500');
    const rows = await latestOutbox(database.db, limit).execute();
    if (rows.length === 0) return 'The outbox is empty.';
    return rows
      .map((r) =>
        [
          `#${r.id} ${r.created_at.toISOString()} ${r.channel} to ${r.recipient} (${r.kind}, ${r.lang}, ${r.state})`,
          ...(r.subject ? [`Subject: ${r.subject}`] : []),
          r.body,
        ].join('\n'),
      )
      .join('\n\n');
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

/** One line saying how far a refused change moves the rates, and what --confirm would do. */
function unconfirmedChange(c: RateChangeCheck): string {
  const move = `buy ${c.current.buyRate} -> ${c.proposed.buyRate} (${signed(c.buyChangePercent)} %), sell ${c.current.sellRate} -> ${c.proposed.sellRate} (${signed(c.sellChangePercent)} %)`;
  const then = c.needsApproval
    ? `past the ${c.maxPercent} % bound, so with --confirm it becomes a proposal another admin approves in the back office`
    : `past the ${c.confirmPercent} % bound: check the rates and run again with --confirm`;
  return `${move}: ${then} (code ${E.RATE_CHANGE_UNCONFIRMED.code})`;
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

async function readNewPassword(io: DeskIO, fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) {
    password = (await io.readStdin()).replace(/\r?\n$/, '');
  } else {
    if (!io.askSecret) throw usage('no terminal to ask for the password on: use --password-stdin');
    password = await io.askSecret('Password: ');
    if ((await io.askSecret('Repeat password: ')) !== password)
      throw new DeskError('the passwords do not match', 2);
  }
  if (password.length < STAFF_PASSWORD_MIN || password.length > STAFF_PASSWORD_MAX) {
    throw new DeskError(`the password must be ${STAFF_PASSWORD_MIN} to ${STAFF_PASSWORD_MAX} characters`, 2);
  }
  return password;
}

/** Runs one command; returns the exit code. Output and errors go to io.stdout / io.stderr. */
export async function runDesk(argv: string[], io: DeskIO): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(HELP);
    return 0;
  }
  const own = Object.hasOwn(onTheirOwn, name) ? onTheirOwn[name] : undefined;
  if (own) {
    try {
      io.stdout.write(`${await own(args, readConfig(io.env), io)}\n`);
      return 0;
    } catch (error) {
      return failed(io, name, error);
    }
  }
  const handler = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!handler) {
    io.stderr.write(`desk: unknown command ${name} (see: npm run desk -- help)\n`);
    return 2;
  }
  for (const { name: variable, meant } of misspeltVariables(io.env)) {
    io.stderr.write(`desk: ignoring ${variable}: did you mean ${meant}?\n`);
  }
  let database = io.database;
  let where: string | undefined;
  let events: EventBus | undefined;
  try {
    if (!database) ({ database, where } = await openFromEnv(io.env, name));
    const services = await deskServices(database);
    events = services.events;
    const actor: Actor = { type: 'operator', id: io.operator ?? osUser() };
    const cwd = io.cwd ?? io.env.INIT_CWD ?? process.cwd();
    const readFile = (file: string) => readText(cwd, file);
    const result = await handler(args, { database, services, actor, io, where, readFile });
    const { output, exitCode } = typeof result === 'string' ? { output: result, exitCode: 0 } : result;
    io.stdout.write(`${output}\n`);
    return exitCode;
  } catch (error) {
    return failed(io, name, error);
  } finally {
    await events?.close();
    if (database && database !== io.database) await database.close();
  }
}

/** Reports a failed command as one line; answers its exit code. */
function failed(io: DeskIO, name: string, error: unknown): number {
  const exitCode = error instanceof DeskError ? error.exitCode : 1;
  const message = error instanceof Error ? error.message : String(error);
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
 * The database of the environment, migrated, as the server opens it. A PGlite folder holding no
 * desk is opened only by SETUP_COMMANDS.
 */
async function openFromEnv(
  env: Record<string, string | undefined>,
  command: string,
): Promise<{ database: Database; where: string }> {
  const config = readConfig(env);
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

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const code = await runDesk(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: readAllStdin,
    ...(process.stdin.isTTY ? { askSecret: readSecret } : {}),
  });
  process.exitCode = code;
}
