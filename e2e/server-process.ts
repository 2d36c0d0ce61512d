// The real server under test as a child process, and the operator CLI run against its data.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  logFile: string;
  /** Extra environment for the server, e.g. to switch a feature for a benchmark. */
  env?: Record<string, string>;
}

/**
 * Environment of the server and of the CLI: PGlite in dataDir, no external services. The abuse
 * limits stay on, raised tenfold: every request from the one browser (static files too) counts
 * against 127.0.0.1, and a ban would end every journey after it. The API tests cover the limits.
 */
function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'TEST_DATABASE_URL',
    'API_URL',
    'TRUST_PROXY',
    'SEED_DEMO',
  ]) {
    delete env[name];
  }
  delete env.VITEST;
  delete env.TEST_DB;
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '10',
    ...options.env,
  };
}

/** The server process ended before it was ready. */
class ServerExited extends Error {}

export class ServerProcess {
  readonly baseUrl: string;
  private child: ChildProcess | undefined;

  constructor(private readonly options: ServerOptions) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
  }

  env(): NodeJS.ProcessEnv {
    return serverEnv(this.options);
  }

  /**
   * Starts the server and waits until it is ready. A server that exits while starting is started
   * once more, and the first exit is reported on stderr with its code and log: once, in a CI
   * rehearsal, a restart right after the operator CLI had used the folder exited without a word.
   */
  async start(): Promise<void> {
    try {
      await this.startOnce();
    } catch (error) {
      if (!(error instanceof ServerExited)) throw error;
      process.stderr.write(`e2e: ${error.message}\ne2e: starting the server once more\n`);
      await this.startOnce();
    }
  }

  private async startOnce(): Promise<void> {
    if (this.child) return;
    const log = openSync(this.options.logFile, 'a');
    const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: repoRoot,
      env: this.env(),
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    let exited: string | undefined;
    child.once('exit', (code, signal) => {
      exited = `code ${code}, signal ${signal}`;
      if (this.child === child) this.child = undefined;
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (exited) throw new ServerExited(`the server exited while starting (${exited}):\n${this.logTail()}`);
      if (await isReady(this.baseUrl)) return;
      await sleep(200);
    }
    await this.stop();
    throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${this.logTail()}`);
  }

  /** Graceful stop (SIGTERM), then SIGKILL if it does not finish in time. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  /** The lines the server logged at level error or fatal (pino levels 50 and 60). */
  loggedErrors(): string[] {
    try {
      return readFileSync(this.options.logFile, 'utf8')
        .split('\n')
        .filter((line) => /"level":(50|60)\b/.test(line));
    } catch {
      return [];
    }
  }

  /** The demo staff account the first start seeded and printed once ('Demo staff account ...: admin / <password>'). */
  demoStaff(): { username: string; password: string } | undefined {
    try {
      const match = readFileSync(this.options.logFile, 'utf8').match(
        /Demo staff account[^:]*:\s*(\S+)\s*\/\s*(\S+)/,
      );
      return match?.[1] && match[2] ? { username: match[1], password: match[2] } : undefined;
    } catch {
      return undefined;
    }
  }

  logTail(lines = 40): string {
    try {
      return readFileSync(this.options.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no server log)';
    }
  }
}

async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface DeskResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The built operator CLI (`node apps/api/dist/desk.js ...args`, what `npm run desk` runs after
 * rebuilding the API) with the server's environment, so against the same database and the same
 * build as the server under test; `stdin` is written to the command's standard input (a sign-in's
 * password and code, a `--password-stdin` password: one line each).
 */
export function runDesk(args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<DeskResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/desk.js', ...args], {
      cwd: repoRoot,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(stdin ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}
