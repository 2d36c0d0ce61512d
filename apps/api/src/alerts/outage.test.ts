import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { quiet } from '../../test/bus-events.ts';
import { startFakeSmtp } from '../../test/fake-delivery.ts';
import { startFakeLine } from '../../test/fake-line.ts';
import { freezableRelay } from '../../test/frozen-relay.ts';
import { testApp, testDatabase, testDatabaseUrl } from '../../test/harness.ts';
import { type Database, openPostgres } from '../db/connection.ts';
import { lineDelivery } from '../delivery/index.ts';
import { smtpDelivery } from '../delivery/smtp.ts';
import { createEventBus, type EventBus } from '../events/bus.ts';
import { createOutageWatch, type OutageWatch } from './outage.ts';

/**
 * A process that loses its database or its event bus tells the desk alert channel straight through
 * SMTP and LINE, once per outage, and again when it is back (decision 0082). The connections are
 * really broken: a PostgreSQL address where nothing listens, or a relay to the real server that is
 * cut and restored. The waits end on state (a message received, checks counted), never on time.
 */

const GROUP = `C${'fedcba9876543210'.repeat(2)}`;
const LINE = { channelAccessToken: 'outage-token', channelSecret: 'outage-secret' };
/** Short checks and waits, so an outage is judged in a fraction of a second. */
const TIMING = { checkEveryMs: 50, downAfterMs: 300, upAfterMs: 300, pingTimeoutMs: 2000, retryMs: 50 };

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let line: Awaited<ReturnType<typeof startFakeLine>>;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  line = await startFakeLine(LINE);
});
afterAll(async () => {
  await smtp?.close();
  await line?.close();
});
const each: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of each.splice(0).reverse()) await cleanup();
});

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A PostgreSQL pool, and an event bus on it, at an address where nothing listens. */
async function unreachable(): Promise<{ database: Database; bus: EventBus }> {
  const database = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/bahtdesk`);
  const bus = await createEventBus(database, quiet);
  each.push(
    () => bus.close(),
    () => database.close(),
  );
  return { database, bus };
}

/** A received mail's text (nodemailer sends Thai quoted-printable or base64, lines end CRLF). */
function textOf(data: string): string {
  return decoded(data).replace(/\r\n/g, '\n').trim();
}
function decoded(data: string): string {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split);
  const body = data.slice(split + 4);
  if (/content-transfer-encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
const mails = (marker: string) =>
  smtp.received
    .filter((m) => m.to.includes('desk@example.com'))
    .map((m) => ({ head: m.data.slice(0, m.data.indexOf('\r\n\r\n')), text: textOf(m.data) }))
    .filter((m) => m.text.includes(marker));
const pushes = (marker: string) => line.pushes.filter((p) => p.to === GROUP && p.text.includes(marker));

function watch(deps: { ping(): Promise<void>; busConnected(): boolean }, processName: string): OutageWatch {
  const email = smtpDelivery(smtp.url, 'BahtDesk <alerts@example.com>');
  const watcher = createOutageWatch({
    ...deps,
    recipients: [
      { channel: 'email', to: 'desk@example.com' },
      { channel: 'line', to: GROUP },
    ],
    adapters: { email, line: lineDelivery({ apiUrl: line.url, ...LINE }) },
    log: { info: () => {}, warn: () => {}, error: () => {} },
    timing: TIMING,
    processName,
  });
  each.push(
    () => watcher.stop(),
    () => email.close(),
  );
  return watcher;
}

/** Waits until the watch has made `n` more checks. */
async function checksPass(watcher: OutageWatch, n: number) {
  const from = watcher.state().checks;
  await vi.waitFor(() => expect(watcher.state().checks).toBeGreaterThanOrEqual(from + n), {
    timeout: 20_000,
    interval: 20,
  });
}

describe('desk alert: a process cannot reach its database or event bus', () => {
  it('rule: a process whose database refuses connections tells each desk recipient once, by email and LINE, in both languages', async () => {
    const { database, bus } = await unreachable();
    expect(bus.connected).toBe(false);
    const watcher = watch(
      { ping: () => database.ping(), busConnected: () => bus.connected },
      'api-a (pid 11)',
    );
    watcher.start();
    await vi.waitFor(
      () => {
        expect(mails('api-a (pid 11)')).toHaveLength(1);
        expect(pushes('api-a (pid 11)')).toHaveLength(1);
      },
      { timeout: 20_000, interval: 20 },
    );
    const [push] = pushes('api-a (pid 11)');
    expect(push?.text).toContain(
      'BahtDesk process api-a (pid 11) cannot reach the database and the event bus since',
    );
    expect(push?.text).toContain(
      'กระบวนการ api-a (pid 11) ของ BahtDesk ติดต่อฐานข้อมูลและระบบกระจายเหตุการณ์ (event bus)ไม่ได้',
    );
    expect(push?.text).toContain('service unavailable');
    expect(push?.text).not.toContain('postgres://');
    expect(mails('api-a (pid 11)')[0]?.text).toBe(push?.text);
    expect(mails('api-a (pid 11)')[0]?.head).toContain('Subject: =?UTF-8?');

    // Still down, many checks later: nothing more is sent.
    await checksPass(watcher, 10);
    expect(watcher.state().down).toBe(true);
    expect(mails('api-a (pid 11)')).toHaveLength(1);
    expect(pushes('api-a (pid 11)')).toHaveLength(1);
  });

  it('rule: a process that lost only its event bus says so, and a push LINE failed is retried and arrives once', async () => {
    const working = await testDatabase();
    const { bus } = await unreachable();
    line.failNext(1, 500);
    const watcher = watch(
      { ping: () => working.ping(), busConnected: () => bus.connected },
      'api-b (pid 12)',
    );
    watcher.start();
    await vi.waitFor(
      () => {
        expect(mails('api-b (pid 12)')).toHaveLength(1);
        expect(pushes('api-b (pid 12)')).toHaveLength(1);
      },
      { timeout: 20_000, interval: 20 },
    );
    const [push] = pushes('api-b (pid 12)');
    expect(push?.text).toContain('cannot reach the event bus since');
    expect(push?.text).not.toContain('the database and');
    expect(push?.text).toContain('reads everything from the database meanwhile');
    expect(line.attempts.filter((a) => a.retryKey === push?.retryKey).map((a) => a.status)).toEqual([
      500, 200,
    ]);
    // Sent straight to the channels: the outbox holds none of it.
    const queued = await working.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', 'like', 'desk.process%')
      .execute();
    expect(queued).toEqual([]);
  });

  it('rule: a process in good health sends nothing', async () => {
    const working = await testDatabase();
    const watcher = watch({ ping: () => working.ping(), busConnected: () => true }, 'api-c (pid 13)');
    watcher.start();
    await checksPass(watcher, 10);
    expect(watcher.state().down).toBe(false);
    expect(mails('api-c (pid 13)')).toEqual([]);
    expect(pushes('api-c (pid 13)')).toEqual([]);
  });

  it.runIf(process.env.TEST_DB === 'pg')(
    'rule: a listening app whose PostgreSQL goes away tells the desk once, and once more when it is back',
    async () => {
      await testDatabase();
      const relay = await freezableRelay(testDatabaseUrl() ?? '');
      each.push(() => relay.close());
      const database = openPostgres(relay.url, () => {}, {
        statementTimeoutMs: 1000,
        acquireTimeoutMs: 1000,
      });
      each.push(() => database.close());
      const { app } = await testApp(
        {
          DESK_ALERT_EMAILS: 'desk@example.com',
          DESK_ALERT_LINE_GROUP: GROUP,
          SMTP_URL: smtp.url,
          LINE_CHANNEL_ACCESS_TOKEN: LINE.channelAccessToken,
          LINE_CHANNEL_SECRET: LINE.channelSecret,
          LINE_OFFICIAL_ACCOUNT_ID: '@bahtdesk',
          LINE_API_URL: line.url,
        },
        { database, outageTiming: TIMING },
      );
      each.push(() => app.close());
      await app.listen({ host: '127.0.0.1', port: 0 });
      const name = `(pid ${process.pid})`;

      await relay.cut();
      await vi.waitFor(
        () => {
          expect(pushes(`${name} cannot reach`).length).toBe(1);
          expect(mails(`${name} cannot reach`).length).toBe(1);
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(app.events.connected).toBe(false);

      await relay.restore();
      await vi.waitFor(
        () => {
          expect(pushes(`${name} reaches`).length).toBe(1);
          expect(mails(`${name} reaches`).length).toBe(1);
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(pushes(`${name} reaches`)[0]?.text).toContain('reaches the database and the event bus again');
      expect(app.events.connected).toBe(true);
      expect(pushes(`${name} cannot reach`).length).toBe(1);
    },
  );
});
