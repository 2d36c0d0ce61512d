// Global setup of the e2e project: make sure the app is built, start the real server
// (node apps/api/dist/server.js) on a free loopback port with a fresh PGlite folder, its mail
// server and SMS gateway stood in for here (apps/api/test/fake-delivery.ts), and hand the tests
// its address. Tests run the operator CLI through a small control endpoint served here,
// because PGlite admits one process per data folder: the harness stops the server, runs the CLI
// on the same folder and starts the server again on the same port (see docs/testing.md).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeSmsGateway, startFakeSmtp } from '../apps/api/test/fake-delivery.ts';
import { freePort, repoRoot, runDesk, ServerProcess } from './server-process.ts';
import { signInStaff } from './staff.ts';

/** One server under test, for the journey files of one vitest worker slot (VITEST_POOL_ID). */
export interface JourneyServer {
  /** Where the server listens, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The harness's control endpoint for this server (POST runs the operator CLI). */
  deskUrl: string;
  /**
   * What the server's mail server and SMS gateway (stand-ins run here) received, newest last:
   * GET answers `[{ to, text }]`. A one-time code reaches the member only there: staff never see it.
   */
  messagesUrl: string;
  /** The demo staff account the server seeded on its first start (its password is printed once). */
  demoStaff: { username: string; password: string } | null;
  /** An admin for the journeys, signed in (staff.ts journeyAdmin()). */
  journeyAdmin: JourneyAdmin;
  /**
   * A second admin, signed in, who approves what the journeys' admin proposes (staff.ts
   * journeyApprover()): the desk has two admins, so two-person rules hold (decision 0091).
   */
  journeyApprover: JourneyAdmin;
}

interface JourneyAdmin {
  username: string;
  password: string;
  token: string;
  secret: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker slot: slot n (VITEST_POOL_ID) uses servers[n - 1]. */
    servers: JourneyServer[];
  }
}

function buildIfNeeded(): void {
  const built =
    existsSync(join(repoRoot, 'apps/web/dist/index.html')) &&
    existsSync(join(repoRoot, 'apps/admin/dist/index.html')) &&
    existsSync(join(repoRoot, 'apps/api/dist/server.js')) &&
    existsSync(join(repoRoot, 'apps/api/dist/desk.js'));
  if (built) return;
  console.warn('e2e: the app is not built; running npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

/**
 * Makes a journeys' admin with the operator CLI on the server's folder, with the server stopped.
 * The first start seeded the demo (which goes only into an empty folder), so the desk has an admin
 * already: the demo admin, who stays un-enrolled for the back office's enrolment journey and so
 * cannot sign in on the command line. The harness therefore uses break-glass (decision 0092),
 * which the dashboard then lists. Answers its username and password.
 */
async function createJourneyAdmin(server: ServerProcess, username: string) {
  const password = `journeys-${randomBytes(12).toString('hex')}`;
  const created = await runDesk(
    ['staff:create', username, '--role', 'admin', '--password-stdin', '--break-glass'],
    server.env(),
    `${password}\n`,
  );
  if (created.code !== 0) throw new Error(`staff:create failed:\n${created.stdout}\n${created.stderr}`);
  return { username, password };
}

/**
 * Starts one server with its own PGlite folder (the first start seeds the demo), makes its
 * journeys' admin, and serves its control endpoint: one CLI command at a time, so the CLI and the
 * restarts never overlap. A command runs signed in as the journeys' admin (`--as`, its password and
 * a TOTP code on standard input) unless the call says `signIn: false`.
 */
async function startJourneyServer(dataDir: string) {
  const port = await freePort();
  const smtp = await startFakeSmtp();
  const sms = await startFakeSmsGateway();
  const server = new ServerProcess({
    port,
    dataDir: join(dataDir, 'data'),
    logFile: join(dataDir, 'server.log'),
    env: { SMTP_URL: smtp.url, SMS_GATEWAY_URL: `http://${sms.host}/sms` },
  });
  /** Every message the stand-ins received, by recipient and text. */
  const received = () => [
    ...smtp.received.flatMap((m) => m.to.map((to) => ({ to, text: m.text }))),
    ...sms.requests.map((r) => r.body as { to: string; text: string }),
  ];
  await server.start();
  const demoStaff = server.demoStaff() ?? null;
  await server.stop();
  // Two admins, so that a change one of them proposes can be approved (decision 0091).
  const admins = [
    await createJourneyAdmin(server, 'e2ejourneys'),
    await createJourneyAdmin(server, 'e2eapprover'),
  ];
  await server.start();
  // signInStaff (staff.ts) calls the server through baseUrl(), which reads this while it is set.
  process.env.E2E_BASE_URL = server.baseUrl;
  const sessions = await Promise.all(
    admins.map(async (admin) => ({ admin, session: await signInStaff(admin.username, admin.password) })),
  ).finally(() => {
    delete process.env.E2E_BASE_URL;
  });
  const [journeyAdmin, journeyApprover] = sessions.map(
    ({ admin, session }): JourneyAdmin => ({
      username: admin.username,
      password: session.password,
      token: session.token,
      secret: session.authenticator.secret,
    }),
  );
  const journeyAuthenticator = sessions[0]?.session.authenticator;
  if (!journeyAdmin || !journeyApprover || !journeyAuthenticator) {
    throw new Error('the journeys have no admins');
  }
  /** The command line's sign-in as the journeys' admin: the next unused TOTP code each time. */
  const signInLines = () => `${journeyAdmin.password}\n${journeyAuthenticator.code()}\n`;

  let queue: Promise<unknown> = Promise.resolve();
  const control = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'GET' && request.url === '/messages') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received()));
        return;
      }
      if (request.method !== 'POST' || request.url !== '/desk') {
        response.writeHead(404).end();
        return;
      }
      const { args, signIn = true } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        args: string[];
        signIn?: boolean;
      };
      const job = queue.then(async () => {
        await server.stop();
        try {
          return signIn
            ? await runDesk([...args, '--as', journeyAdmin.username], server.env(), signInLines())
            : await runDesk(args, server.env());
        } finally {
          await server.start();
        }
      });
      queue = job.catch(() => undefined);
      job.then(
        (result) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result)),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const address = control.address();
  if (!address || typeof address === 'string') throw new Error('control server has no port');
  const provided: JourneyServer = {
    baseUrl: server.baseUrl,
    deskUrl: `http://127.0.0.1:${address.port}/desk`,
    messagesUrl: `http://127.0.0.1:${address.port}/messages`,
    demoStaff,
    journeyAdmin,
    journeyApprover,
  };
  const stop = async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await server.stop();
    await Promise.all([smtp.close(), sms.close()]);
    const errors = server.loggedErrors();
    if (errors.length > 0) {
      console.error(
        `e2e: the server ${server.baseUrl} logged ${errors.length} error(s) during the journeys:\n${errors.slice(-20).join('\n')}`,
      );
    }
  };
  return { provided, stop };
}

/**
 * One server per worker slot (the e2e project's maxWorkers), so that journey files running side by
 * side never share a database, and a file's `desk()` restarts only its own server.
 */
export default async function setup(project: TestProject) {
  buildIfNeeded();
  const slots = Math.max(1, project.config.maxWorkers || 1);
  const dataDir = mkdtempSync(join(tmpdir(), 'bahtdesk-e2e-'));
  const servers: Awaited<ReturnType<typeof startJourneyServer>>[] = [];
  for (let slot = 1; slot <= slots; slot++) {
    const folder = join(dataDir, `slot-${slot}`);
    mkdirSync(folder);
    servers.push(await startJourneyServer(folder));
  }
  project.provide(
    'servers',
    servers.map((server) => server.provided),
  );

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
