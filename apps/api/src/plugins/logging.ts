import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';

/**
 * Log fields that must never be written: credentials, sessions, one-time codes; bank account
 * numbers (decision 0094), also in lists of accounts; and the detail of a database error, which
 * repeats the values of the row that failed ("Failing row contains (...)", "Key (...)=(...)").
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-client-signature"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'newPassword',
    'currentPassword',
    'confirmPassword',
    'otp',
    'token',
    'clientSignature',
    'resetTicket',
  ].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  ...['accountNumber', 'account_number', 'bank_account_number'].flatMap((k) => [
    k,
    `*.${k}`,
    `*.*.${k}`,
    `*.*.*.${k}`,
  ]),
  'err.detail',
];

/** Probes a load balancer or Prometheus calls every few seconds: their lines are debug, not info. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** Writes one request line to a logger's own destination (see RequestLog). */
type LineWriter = (level: 'info' | 'debug', fields: Record<string, string | number>) => void;

/**
 * The request line's writer for `logger`: the line pino would write for `fields` with the message
 * "request completed" (level, time, the logger's bindings, the fields, msg), made by one
 * JSON.stringify instead of pino's key-by-key string building, to the logger's own destination.
 */
function lineWriter(logger: FastifyBaseLogger): LineWriter {
  const root = logger as unknown as pino.Logger & Record<symbol, unknown>;
  const stream = root[pino.symbols.streamSym] as { write(line: string): void } | undefined;
  // The fields pino adds to each of the logger's lines (pid, hostname, a child's bindings), as it
  // keeps them: JSON text after a comma.
  const chindings = root[pino.symbols.chindingsSym] as string;
  const bindings = chindings ? JSON.parse(`{${chindings.slice(1)}}`) : {};
  const { values } = root.levels;
  return (level, fields) => {
    if (!stream || !root.isLevelEnabled(level)) return;
    stream.write(
      `${JSON.stringify({ level: values[level], time: Date.now(), ...bindings, ...fields, msg: 'request completed' })}\n`,
    );
  };
}

/**
 * Fastify's request lines, one per request instead of two: when the request has been answered,
 * its id, method, URL, client address, status and milliseconds taken, at info (debug for the
 * health and metrics probes). The line is written without pino's redaction pass or its
 * key-by-key serialiser (lineWriter): its fields are these, always, flat strings and numbers, and
 * none is a credential; the redaction would cost about ten times the rest of the line, and the
 * serialiser about twice one JSON.stringify. A response that failed while being sent, and every
 * other line Fastify or the app writes, go through the redacting logger as before.
 */
class RequestLog extends LogController {
  /** Each logger's request line writer. */
  private readonly writers = new WeakMap<FastifyBaseLogger, LineWriter>();

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, req, reply);
      return;
    }
    const root = req.server.log;
    let write = this.writers.get(root);
    if (!write) {
      write = lineWriter(root);
      this.writers.set(root, write);
    }
    write(PROBES.has(req.routeOptions.url ?? '') ? 'debug' : 'info', {
      reqId: req.id,
      method: req.method,
      url: req.url,
      remoteAddress: req.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    });
  }
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Args = [unknown, ...unknown[]];

/**
 * A request's `req.log`, made into a pino child logger only when something logs through it. Most
 * requests never do (their one line comes from RequestLog), and making a child of the redacting
 * logger costs more than the rest of the request's logging (it redacts its bindings).
 */
class LazyChild {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made.level = level;
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
  fatal(...args: Args): void {
    (this.made.fatal as (...a: Args) => void)(...args);
  }
  error(...args: Args): void {
    (this.made.error as (...a: Args) => void)(...args);
  }
  warn(...args: Args): void {
    (this.made.warn as (...a: Args) => void)(...args);
  }
  info(...args: Args): void {
    (this.made.info as (...a: Args) => void)(...args);
  }
  debug(...args: Args): void {
    (this.made.debug as (...a: Args) => void)(...args);
  }
  trace(...args: Args): void {
    (this.made.trace as (...a: Args) => void)(...args);
  }
  silent(...args: Args): void {
    (this.made.silent as (...a: Args) => void)(...args);
  }
}

const lazyChild: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;

/**
 * Lines gathered over one turn of the event loop and written to `out` together at its end: under
 * load, the request lines of every request answered in the turn go out in one write instead of one
 * each. `flush` writes what has gathered at once.
 */
export function gatheredLines(out: { write(text: string): unknown }) {
  let gathered: string[] = [];
  const flush = () => {
    if (gathered.length === 0) return;
    const text = gathered.join('');
    gathered = [];
    out.write(text);
  };
  return {
    write(line: string) {
      if (gathered.push(line) === 1) setImmediate(flush);
    },
    flush,
  };
}

let stdout: ReturnType<typeof gatheredLines> | undefined;

/**
 * Standard output as the log's destination, one write per turn of the event loop (gatheredLines)
 * through pino's synchronous stdout. Written a line at a time, the request line cost about 4 to 6
 * µs of a public read's 20 (a system call and three UTF-8 passes over a string in pieces each);
 * gathered, about a third of that (decision 0089). The write at the end of a turn is synchronous,
 * so a line is out before the next turn starts, and what a turn has gathered is written when the
 * process exits, after a fatal error too. One per process.
 */
export function stdoutLines() {
  if (!stdout) {
    const lines = gatheredLines(pino.destination({ dest: 1, sync: true }));
    process.on('exit', lines.flush);
    stdout = lines;
  }
  return stdout;
}

/**
 * The Fastify options that decide logging: JSON lines at LOG_LEVEL, to `stream` (stdout in batches
 * by default, stdoutLines), with credentials redacted; one line per request (RequestLog);
 * `req.log` made on first use (LazyChild).
 */
export function loggingOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      stream: stream ?? stdoutLines(),
    },
    logController: new RequestLog(),
    childLoggerFactory: lazyChild,
  };
}
