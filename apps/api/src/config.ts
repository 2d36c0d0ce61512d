import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distance } from 'fastest-levenshtein';
import { z } from 'zod';

/**
 * Configuration comes only from environment variables, validated once at start. `.env.example`
 * lists every variable with its meaning; keep the two in step. An empty value counts as unset.
 */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  /** Interface to listen on. 127.0.0.1 by default so a fresh clone is not exposed to the network. */
  host: string;
  /** PGlite data folder (used when databaseUrl is unset). */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Base address browsers call the API at; '' means the same origin that served the page. */
  apiUrl: string;
  /** Origins (scheme://host[:port]) of front ends served elsewhere that may call this API. */
  corsOrigins: string[];
  smtpUrl: string | undefined;
  smsGatewayUrl: string | undefined;
  /** The notification worker (decision 0077). */
  notifications: NotificationsConfig;
  /** LINE as a channel, when LINE_CHANNEL_ACCESS_TOKEN and LINE_CHANNEL_SECRET are set (decision 0079). */
  line: LineConfig | undefined;
  /** Where the desk's own alerts go (decision 0080); both empty: no alerts. */
  deskAlerts: DeskAlertsConfig;
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** Built front ends: the member app at `/` and the back office at `/admin/`. */
  webDistDir: string;
  adminDistDir: string;
  /** Member accounts: sessions, password hashing, clientSignature, limits, mail. */
  accounts: AccountsConfig;
  /** How long a connection may take to send a request, stay idle, and how many one address may hold. */
  http: HttpLimits;
  /** How long a query may run and a request may wait for a database connection. */
  databaseTimeouts: DatabaseTimeouts;
  /** PostgreSQL connections one process's pool may open (the event bus's listener is one more). */
  databasePoolSize: number;
  /**
   * Whether the server seeds the demo data into a database never seeded: SEED_DEMO, which is
   * true by default on PGlite and false with DATABASE_URL (decision 0055).
   */
  seedDemo: boolean;
}

export interface NotificationsConfig {
  /** Messages the worker sends per second at most; 0: no bound. */
  ratePerSecond: number;
  /** Attempts at one message before it is marked failed. */
  maxAttempts: number;
  /** A row claimed this long ago and still sending (its process died) is claimed again, or settled. */
  sendingTimeoutMs: number;
  /** OUTBOX_SECRET_KEY, which seals messages holding a secret; unset: one generated and kept in the database. */
  secretKey: string | undefined;
}

export interface LineConfig {
  /** The Messaging API channel's access token (Authorization: Bearer). */
  channelAccessToken: string;
  /** The channel secret: checks the webhook's X-Line-Signature and keys the link codes' hashes. */
  channelSecret: string;
  /** The desk's LINE official account, e.g. `@bahtdesk`, shown to members with its add-friend link. */
  officialAccountId: string;
  /** Base address of the Messaging API (a local stand-in in tests). */
  apiUrl: string;
}

export interface DeskAlertsConfig {
  /** DESK_ALERT_EMAILS: addresses that receive every desk alert by email. */
  emails: string[];
  /** DESK_ALERT_LINE_GROUP: a LINE group (or user) id that receives every desk alert. */
  lineGroup: string | undefined;
}

export interface HttpLimits {
  /** A request's headers and body must have arrived this long after it started, else 408 and close. */
  requestTimeoutMs: number;
  /** ...and its headers this long after it started (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Open connections one client address may hold at once (an IPv6 client is its /64); 0: no cap. */
  maxConnectionsPerIp: number;
}

export interface DatabaseTimeouts {
  /** A query running longer is cancelled (PostgreSQL statement_timeout; pg's query_timeout a second later). */
  statementTimeoutMs: number;
  /** Waiting longer for a pooled connection, or to open one, fails. */
  acquireTimeoutMs: number;
}

/** The defaults of DatabaseTimeouts, also for callers that open a database without a configuration. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementTimeoutMs: 10_000,
  acquireTimeoutMs: 5_000,
};

/** The default of DATABASE_POOL_SIZE, also for callers that open a database without a configuration. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

export interface AccountsConfig {
  /** A session ends after this many minutes without a call... */
  sessionIdleMinutes: number;
  /** ...and this many minutes after sign-in at the latest. */
  sessionAbsoluteMinutes: number;
  /** HMAC key of clientSignature; unset: one generated and kept in the database (shared by all processes). */
  clientSignatureSecret: string | undefined;
  /** argon2id memory in KiB: 19456 (the production minimum) unless a test lowers it explicitly. */
  argon2MemoryKib: number;
  /** Every per-IP request limit is multiplied by this (1 in production; test suites raise it). */
  rateLimitFactor: number;
  /** Sender of OTP emails. */
  mailFrom: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const urlWith = (schemes: string[], what: string) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(
        (v) => {
          try {
            return schemes.includes(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        `must be ${what} URL (${schemes.map((s) => `${s}//`).join(' or ')}...)`,
      )
      .optional(),
  );

function parseTrustProxy(raw: string): TrustProxy | undefined {
  const v = raw.trim().toLowerCase();
  if (v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = list.every((entry) => {
    const [addr, prefix, extra] = entry.split('/');
    const family = isIP(addr ?? '');
    if (family === 0 || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return list.length > 0 && valid ? list : undefined;
}

/** Origins of `https://app.example.com, http://localhost:5173`, or undefined when one is not an origin. */
function parseCorsOrigins(raw: string): string[] | undefined {
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = list.every((o) => {
    try {
      const url = new URL(o);
      return ['http:', 'https:'].includes(url.protocol) && url.origin === o.replace(/\/$/, '');
    } catch {
      return false;
    }
  });
  return valid ? list.map((o) => new URL(o).origin) : undefined;
}

/** An optional variable read by `parse`, which gives undefined for a value it refuses. */
/** DESK_ALERT_EMAILS: a comma-separated list of email addresses, each checked. */
function parseEmails(raw: string): string[] | undefined {
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.every((a) => z.email().safeParse(a).success) ? list : undefined;
}

/** A LINE user, group or room id: U, C or R and 32 hex digits. */
const LINE_ID = /^[UCR][0-9a-f]{32}$/;

const parsedWith = <T>(parse: (raw: string) => T | undefined, message: string) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .transform((v, ctx) => {
        const parsed = parse(v);
        if (parsed === undefined) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
  );

const positiveInt = (fallback: number) =>
  z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'must be a whole number above 0' })
      .int('must be a whole number above 0')
      .positive('must be a whole number above 0')
      .default(fallback),
  );

/** A number of seconds from 1 to 86400 (a day). */
const SECONDS_MESSAGE = 'must be a whole number of seconds from 1 to 86400';
const wholeSeconds = () =>
  z.coerce
    .number({ message: SECONDS_MESSAGE })
    .int(SECONDS_MESSAGE)
    .min(1, SECONDS_MESSAGE)
    .max(86_400, SECONDS_MESSAGE);
const seconds = (fallback: number) => z.preprocess(unsetIfEmpty, wholeSeconds().default(fallback));
const optionalSeconds = () => z.preprocess(unsetIfEmpty, wholeSeconds().optional());

const envSchema = z.object({
  PORT: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'must be a whole number from 0 to 65535' })
      .int('must be a whole number from 0 to 65535')
      .min(0, 'must be a whole number from 0 to 65535')
      .max(65535, 'must be a whole number from 0 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine((v) => isIP(v) !== 0 || /^[a-z0-9.-]+$/i.test(v), 'must be an IP address or a host name')
      .default('127.0.0.1'),
  ),
  DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:'], 'a PostgreSQL'),
  REDIS_URL: urlWith(['redis:', 'rediss:'], 'a Redis'),
  API_URL: urlWith(['http:', 'https:'], 'an http(s)'),
  CORS_ORIGINS: parsedWith(
    parseCorsOrigins,
    'must be a comma-separated list of origins like https://app.example.com',
  ),
  SMTP_URL: urlWith(['smtp:', 'smtps:'], 'an SMTP'),
  SMS_GATEWAY_URL: urlWith(['http:', 'https:'], 'an http(s)'),
  NOTIFY_RATE_PER_SECOND: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'must be a whole number (0: no bound)' })
      .int('must be a whole number (0: no bound)')
      .min(0, 'must be a whole number (0: no bound)')
      .default(20),
  ),
  NOTIFY_MAX_ATTEMPTS: positiveInt(8),
  NOTIFY_SENDING_TIMEOUT_SECONDS: seconds(300),
  OUTBOX_SECRET_KEY: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .min(32, 'must be at least 32 characters (a random secret shared by every API process)')
      .optional(),
  ),
  LINE_CHANNEL_ACCESS_TOKEN: z.preprocess(unsetIfEmpty, z.string().optional()),
  LINE_CHANNEL_SECRET: z.preprocess(unsetIfEmpty, z.string().optional()),
  LINE_OFFICIAL_ACCOUNT_ID: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^@?[a-z0-9._-]{1,40}$/i, 'must be the LINE official account id, e.g. @bahtdesk')
      .optional(),
  ),
  LINE_API_URL: urlWith(['http:', 'https:'], 'an http(s)'),
  DESK_ALERT_EMAILS: parsedWith(parseEmails, 'must be a comma-separated list of email addresses'),
  DESK_ALERT_LINE_GROUP: parsedWith(
    (v) => (LINE_ID.test(v.trim()) ? v.trim() : undefined),
    'must be a LINE group, room or user id (C, R or U and 32 hex digits)',
  ),
  TRUST_PROXY: parsedWith(
    parseTrustProxy,
    'must be false, true, a number of proxy hops, or a comma-separated list of IPs/CIDRs',
  ),
  SESSION_IDLE_MINUTES: positiveInt(60),
  SESSION_ABSOLUTE_MINUTES: positiveInt(720),
  CLIENT_SIGNATURE_SECRET: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .min(32, 'must be at least 32 characters (a random secret shared by every API process)')
      .optional(),
  ),
  ARGON2_MEMORY_KIB: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'must be a whole number of KiB' })
      .int('must be a whole number of KiB')
      .min(1024, 'must be at least 1024 (and 19456, the default, outside tests)')
      .default(19456),
  ),
  RATE_LIMIT_FACTOR: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'must be a positive number' })
      .positive('must be a positive number')
      .default(1),
  ),
  MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().default('BahtDesk <no-reply@bahtdesk.local>')),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === 'string' ? unsetIfEmpty(v.toLowerCase()) : v),
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  REQUEST_TIMEOUT_SECONDS: seconds(30),
  /** Unset: 10, or REQUEST_TIMEOUT_SECONDS when that is shorter. */
  HEADERS_TIMEOUT_SECONDS: optionalSeconds(),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
  MAX_CONNECTIONS_PER_IP: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ message: 'must be a whole number (0: no cap)' })
      .int('must be a whole number (0: no cap)')
      .min(0, 'must be a whole number (0: no cap)')
      .default(50),
  ),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds(DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs / 1000),
  DATABASE_ACQUIRE_TIMEOUT_SECONDS: seconds(DEFAULT_DATABASE_TIMEOUTS.acquireTimeoutMs / 1000),
  DATABASE_POOL_SIZE: positiveInt(DEFAULT_DATABASE_POOL_SIZE),
  SEED_DEMO: z.preprocess(
    (v) => (typeof v === 'string' ? unsetIfEmpty(v.trim().toLowerCase()) : v),
    z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  ),
});

/** Every variable the configuration reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * Variables set in `env` that BahtDesk does not read but that look like a misspelling of one it
 * does (`DATABSE_URL`, `database_url`, `LOGLEVEL`): a name within one edit of a known one (two for
 * names of eight characters or more), letter case aside. Such a variable is ignored, so the start
 * reports it.
 */
export function misspeltVariables(
  env: Record<string, string | undefined>,
): { name: string; meant: string }[] {
  const found: { name: string; meant: string }[] = [];
  for (const name of Object.keys(env)) {
    if (CONFIG_VARIABLES.includes(name)) continue;
    let best: { meant: string; edits: number } | undefined;
    for (const known of CONFIG_VARIABLES) {
      const edits = distance(name.toUpperCase(), known);
      if (edits <= (known.length >= 8 ? 2 : 1) && (!best || edits < best.edits))
        best = { meant: known, edits };
    }
    if (best) found.push({ name, meant: best.meant });
  }
  return found;
}

const DEFAULT_HEADERS_TIMEOUT_SECONDS = 10;

/** LINE is configured by its token and secret together, and then needs the official account id. */
function lineConfig(e: z.output<typeof envSchema>): LineConfig | undefined {
  const token = e.LINE_CHANNEL_ACCESS_TOKEN;
  const secret = e.LINE_CHANNEL_SECRET;
  if (!token && !secret) return undefined;
  const missing = [
    ...(token ? [] : ['LINE_CHANNEL_ACCESS_TOKEN: must be set with LINE_CHANNEL_SECRET']),
    ...(secret ? [] : ['LINE_CHANNEL_SECRET: must be set with LINE_CHANNEL_ACCESS_TOKEN']),
    ...(e.LINE_OFFICIAL_ACCOUNT_ID ? [] : ['LINE_OFFICIAL_ACCOUNT_ID: must be set when LINE is configured']),
  ];
  if (!token || !secret || !e.LINE_OFFICIAL_ACCOUNT_ID) throw new ConfigError(missing);
  const id = e.LINE_OFFICIAL_ACCOUNT_ID;
  return {
    channelAccessToken: token,
    channelSecret: secret,
    officialAccountId: id.startsWith('@') ? id : `@${id}`,
    apiUrl: (e.LINE_API_URL ?? 'https://api.line.me').replace(/\/+$/, ''),
  };
}

export class ConfigError extends Error {
  readonly lines: string[];
  constructor(lines: string[]) {
    super(`Invalid configuration:\n${lines.join('\n')}`);
    this.name = 'ConfigError';
    this.lines = lines;
  }
}

/** The repository root: the nearest folder above this module holding apps/api (src or bundle). */
function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'apps', 'api', 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/** Reads and validates the environment; throws ConfigError with one line per wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError([...new Set(lines)]);
  }
  const e = parsed.data;
  if (e.HEADERS_TIMEOUT_SECONDS !== undefined && e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError([
      `HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS (${e.REQUEST_TIMEOUT_SECONDS})`,
    ]);
  }
  const line = lineConfig(e);
  if (e.DESK_ALERT_LINE_GROUP && !line) {
    throw new ConfigError([
      'DESK_ALERT_LINE_GROUP: needs LINE configured (LINE_CHANNEL_ACCESS_TOKEN, LINE_CHANNEL_SECRET, LINE_OFFICIAL_ACCOUNT_ID): the desk LINE account posts the alerts',
    ]);
  }
  const root = repoRoot();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    apiUrl: (e.API_URL ?? '').replace(/\/+$/, ''),
    corsOrigins: e.CORS_ORIGINS ?? [],
    smtpUrl: e.SMTP_URL,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    notifications: {
      ratePerSecond: e.NOTIFY_RATE_PER_SECOND,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      sendingTimeoutMs: e.NOTIFY_SENDING_TIMEOUT_SECONDS * 1000,
      secretKey: e.OUTBOX_SECRET_KEY,
    },
    line,
    deskAlerts: { emails: e.DESK_ALERT_EMAILS ?? [], lineGroup: e.DESK_ALERT_LINE_GROUP },
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDistDir: join(root, 'apps', 'web', 'dist'),
    adminDistDir: join(root, 'apps', 'admin', 'dist'),
    accounts: {
      sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
      sessionAbsoluteMinutes: e.SESSION_ABSOLUTE_MINUTES,
      clientSignatureSecret: e.CLIENT_SIGNATURE_SECRET,
      argon2MemoryKib: e.ARGON2_MEMORY_KIB,
      rateLimitFactor: e.RATE_LIMIT_FACTOR,
      mailFrom: e.MAIL_FROM,
    },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs:
        (e.HEADERS_TIMEOUT_SECONDS ?? Math.min(DEFAULT_HEADERS_TIMEOUT_SECONDS, e.REQUEST_TIMEOUT_SECONDS)) *
        1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    databaseTimeouts: {
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_SECONDS * 1000,
    },
    databasePoolSize: e.DATABASE_POOL_SIZE,
    seedDemo: e.SEED_DEMO === undefined ? e.DATABASE_URL === undefined : e.SEED_DEMO === 'true',
  };
}

/**
 * Where the data lives, for people: "PGlite in /srv/desk/data" or "PostgreSQL database bahtdesk
 * on db.internal:5432". Never the user or password of the URL.
 */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `PGlite in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username);
  return `PostgreSQL database ${name || '(the default)'} on ${url.searchParams.get('host') || url.hostname || 'localhost'}:${url.port || '5432'}`;
}

/** Whether Redis holds the request counters, for people: its host and port, never a password. */
export function describeRedis(config: Pick<Config, 'redisUrl'>): string {
  if (!config.redisUrl) return 'not used (request counters are kept in this process)';
  const url = new URL(config.redisUrl);
  return `${url.hostname}:${url.port || '6379'} (request counters shared by every process)`;
}
