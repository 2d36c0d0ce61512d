import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CLIENT_SIGNATURE_HEADER, type Envelope } from '@bahtdesk/contract';
import { build } from 'esbuild';

/** Real API processes for the multi-process suites: the production bundle, on a port of its own. */

export const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The server as production runs it: src/server.ts bundled by esbuild into `dir`, npm packages
 * external (resolved from the repository's node_modules), the workspace's own packages bundled in.
 * Returns the bundle's path.
 */
export async function bundleServer(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    outfile: path.join(dir, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalize-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@bahtdesk/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return path.join(dir, 'server.js');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export class Server {
  readonly url: string;
  readonly output: string[] = [];
  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d) => this.output.push(String(d)));
  }

  /** The process id (its event bus listener is `bahtdesk-bus-<pid>` in pg_stat_activity). */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  static async start(name: string, bundle: string, env: Record<string, string>): Promise<Server> {
    const port = await freePort();
    const inherited = { ...process.env };
    for (const key of ['VITEST', 'TEST_DB', 'TEST_DATABASE_URL', 'SMTP_URL', 'API_URL', 'CORS_ORIGINS']) {
      delete inherited[key];
    }
    const child = spawn(process.execPath, [bundle], {
      cwd: root,
      env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Server(name, child, port);
  }

  async ready(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) break;
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {}
      await sleep(100);
    }
    throw new Error(`server ${this.name} did not start:\n${this.output.join('')}`);
  }

  /** SIGTERM (graceful shutdown), then SIGKILL if it is still running after 5 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }

  async call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    { ip, token, body, signature }: { ip: string; token?: string; body?: unknown; signature?: string },
  ): Promise<{ status: number; headers: Headers; body: Envelope<T> }> {
    const headers: Record<string, string> = { 'x-forwarded-for': ip };
    if (token) headers.authorization = `Bearer ${token}`;
    if (signature) headers[CLIENT_SIGNATURE_HEADER] = signature;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const res = await fetch(`${this.url}${url}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
  }

  async signature(ip: string): Promise<string> {
    const res = await this.call<{ clientSignature: string }>('GET', '/api/clientSignature', { ip });
    return res.body.result?.period.clientSignature ?? '';
  }
}
