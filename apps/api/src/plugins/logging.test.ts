import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';
import { bundleServer, root, Server } from '../../test/servers.ts';
import { gatheredLines } from './logging.ts';

type Line = Record<string, unknown>;

async function appLoggingAt(level: string): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const lines: Line[] = [];
  const { app } = await testApp(
    { LOG_LEVEL: level },
    { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
  );
  return { app, lines };
}

describe('request log', () => {
  let app: FastifyInstance;
  let lines: Line[];
  beforeAll(async () => {
    ({ app, lines } = await appLoggingAt('info'));
  });
  afterAll(() => app.close());

  it('writes one line per answered request: id, method, URL, address, status and time', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/external/user/getNetwork_bank',
      payload: {},
      headers: { authorization: 'Bearer tok_never_logged' },
    });
    const reqId = res.headers['x-request-id'];
    const mine = lines.filter((l) => l.reqId === reqId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'POST',
      url: '/api/external/user/getNetwork_bank',
      remoteAddress: '127.0.0.1',
      statusCode: 200,
    });
    expect(typeof mine[0]?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('tok_never_logged');
  });

  it('writes the request line as pino writes its own lines: the same fields in the same order', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/external/home/maintenanceStatus' });
    const line = lines.find((l) => l.reqId === res.headers['x-request-id']) as Line;
    const { reqId, method, url, remoteAddress, statusCode, responseTime } = line;
    app.log.info({ reqId, method, url, remoteAddress, statusCode, responseTime }, 'request completed');
    const byPino = lines.at(-1) as Line;
    expect(Object.keys(line)).toEqual(Object.keys(byPino));
    expect({ ...line, time: 0 }).toEqual({ ...byPino, time: 0 });
  });

  it('logs refused and unknown requests too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/route' });
    const mine = lines.filter((l) => l.reqId === res.headers['x-request-id']);
    expect(mine.map((l) => [l.msg, l.statusCode])).toContainEqual(['request completed', 404]);
  });

  it('keeps the health and metrics probes out of the info log', async () => {
    const before = lines.length;
    for (const url of ['/healthz', '/readyz', '/metrics']) await app.inject({ method: 'GET', url });
    expect(lines.slice(before).filter((l) => l.msg === 'request completed')).toEqual([]);
  });
});

describe('request log at debug', () => {
  it('writes the probes at debug level', async () => {
    const { app, lines } = await appLoggingAt('debug');
    try {
      await app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => l.url === '/healthz')).toMatchObject([{ level: 20, statusCode: 200 }]);
    } finally {
      await app.close();
    }
  });
});

describe('log lines to standard output', () => {
  it('rule: the lines of one turn of the event loop go out together, in order, once the turn ends', async () => {
    const writes: string[] = [];
    const lines = gatheredLines({ write: (text) => writes.push(text) });
    lines.write('{"a":1}\n');
    lines.write('{"b":2}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
    lines.write('{"c":3}\n');
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });

  it('rule: flush writes what has gathered at once (as the process exits), and nothing twice', async () => {
    const writes: string[] = [];
    const lines = gatheredLines({ write: (text) => writes.push(text) });
    lines.write('{"last":true}\n');
    lines.flush();
    expect(writes).toEqual(['{"last":true}\n']);
    await nextTurn();
    expect(writes).toEqual(['{"last":true}\n']);
  });

  it("a server process writes each answered request's line to its standard output", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bahtdesk-log-'));
    // Inside the repository, so the bundle finds its npm packages.
    const bundleDir = path.join(root, 'node_modules', '.cache', `bahtdesk-log-${process.pid}`);
    const server = await Server.start('log', await bundleServer(bundleDir), {
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
    });
    try {
      await server.ready(60_000);
      const res = await fetch(`${server.url}/api/external/home/maintenanceStatus`);
      const reqId = res.headers.get('x-request-id') ?? '';
      expect(res.status).toBe(200);
      const output = await server.printed(`"reqId":"${reqId}"`);
      const line = output.split('\n').find((l) => l.includes(reqId)) ?? '';
      expect(JSON.parse(line)).toMatchObject({ msg: 'request completed', statusCode: 200, reqId });
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(bundleDir, { recursive: true, force: true });
    }
  });
});
