import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';
import { isTrustedProxy } from './connections.ts';

/**
 * The real server on a loopback port, with a 1 s request timeout and a cap of 5 connections per
 * address; raw sockets from node:net play slow and greedy clients. Waits are on the socket's
 * 'close' event with a generous upper bound, never on a tight timing.
 */

const CAP = 5;
/** Far above the 1 s request timeout plus Node's once-a-second check. */
const CLOSE_WITHIN_MS = 10_000;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  ({ app } = await testApp({ REQUEST_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS_PER_IP: String(CAP) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
});

/** Every raw client a test opened, closed after it whether it passed or not. */
const opened = new Set<RawClient>();

afterEach(() => {
  for (const client of opened) client.close();
  opened.clear();
});

class RawClient {
  readonly socket: Socket;
  received = '';
  closed = false;
  private readonly closedPromise: Promise<void>;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(localAddress = '127.0.0.1') {
    this.socket = connect({ port, host: '127.0.0.1', localAddress });
    opened.add(this);
    this.socket.on('data', (chunk) => {
      this.received += String(chunk);
    });
    this.socket.on('error', () => {});
    this.closedPromise = new Promise((resolve) => {
      this.socket.once('close', () => {
        this.closed = true;
        for (const timer of this.timers) clearInterval(timer);
        resolve();
      });
    });
  }

  async connected(): Promise<this> {
    if (!this.socket.connecting) return this;
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('close', () => reject(new Error('closed before connecting')));
    });
    return this;
  }

  /** Writes `head` now, then `drip` every 200 ms until the connection closes. */
  dribble(head: string, drip: string): void {
    this.socket.write(head);
    this.timers.push(setInterval(() => this.socket.write(drip), 200));
  }

  /** Resolves once the server has closed the connection; rejects if it has not within `ms`. */
  async closedWithin(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the server still held the connection after ${ms} ms`)), ms);
    });
    try {
      await Promise.race([this.closedPromise, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One keep-alive GET on this connection; resolves with the status line. */
  async get(path: string): Promise<string> {
    const from = this.received.length;
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const deadline = Date.now() + CLOSE_WITHIN_MS;
    for (;;) {
      const text = this.received.slice(from);
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN);
      if (end >= 0 && text.length >= end + 4 + length) return text.split('\r\n')[0] ?? '';
      if (this.closed) throw new Error(`closed while waiting for ${path}; got: ${text}`);
      if (Date.now() > deadline) throw new Error(`no answer to ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

describe('no connection is held forever', () => {
  it('closes connections whose body drips in slower than the request timeout, answering 408', async () => {
    const clients = await Promise.all(Array.from({ length: 3 }, () => new RawClient().connected()));
    for (const client of clients) {
      client.dribble(
        'POST /api/external/home/getRate HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        ' ',
      );
    }
    for (const client of clients) await client.closedWithin(CLOSE_WITHIN_MS);
    for (const client of clients) expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
    const fresh = await new RawClient().connected();
    expect(await fresh.get('/healthz')).toBe('HTTP/1.1 200 OK');
    fresh.close();
  });

  it('closes a connection whose headers never finish', async () => {
    const client = await new RawClient().connected();
    client.dribble('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    await client.closedWithin(CLOSE_WITHIN_MS);
    expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends a byte', async () => {
    const client = await new RawClient().connected();
    await client.closedWithin(CLOSE_WITHIN_MS);
  });

  it('closes at once the connections one address opens over the cap, and keeps serving the first ones', async () => {
    const first: RawClient[] = [];
    for (let i = 0; i < CAP; i++) {
      const client = await new RawClient().connected();
      expect(await client.get('/healthz')).toBe('HTTP/1.1 200 OK');
      first.push(client);
    }
    const excess = [new RawClient(), new RawClient(), new RawClient()];
    for (const client of excess) await client.closedWithin(CLOSE_WITHIN_MS);
    for (const client of excess) expect(client.received).toBe('');

    for (const client of first) {
      expect(client.closed).toBe(false);
      expect(await client.get('/healthz')).toBe('HTTP/1.1 200 OK');
    }
    // Another address has its own count...
    const other = await new RawClient('127.0.0.2').connected();
    expect(await other.get('/healthz')).toBe('HTTP/1.1 200 OK');
    other.close();
    // ...and a closed connection makes room for a new one.
    const leaving = first.pop();
    leaving?.close();
    await leaving?.closedWithin(CLOSE_WITHIN_MS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await new RawClient().connected();
    expect(await next.get('/healthz')).toBe('HTTP/1.1 200 OK');
    for (const client of [...first, next]) client.close();
  });

  it('does not count connections from a trusted proxy: its clients arrive from its one address', async () => {
    const { app: proxied } = await testApp({ TRUST_PROXY: '127.0.0.1', MAX_CONNECTIONS_PER_IP: '2' });
    try {
      await proxied.listen({ port: 0, host: '127.0.0.1' });
      const proxiedPort = (proxied.server.address() as AddressInfo).port;
      const sockets = Array.from({ length: 4 }, () => connect({ port: proxiedPort, host: '127.0.0.1' }));
      const answers = await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<string>((resolve, reject) => {
              let text = '';
              socket.on('data', (chunk) => {
                text += String(chunk);
                if (text.includes('\r\n\r\n')) resolve(text.split('\r\n')[0] ?? '');
              });
              socket.on('close', () => reject(new Error('closed')));
              socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
            }),
        ),
      );
      expect(answers).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
      for (const socket of sockets) socket.destroy();
    } finally {
      await proxied.close();
    }
  });
});

describe('isTrustedProxy', () => {
  it('follows TRUST_PROXY: none, every peer (true or a hop count), or the listed addresses and networks', () => {
    expect(isTrustedProxy(false)('10.0.0.1')).toBe(false);
    expect(isTrustedProxy(0)('10.0.0.1')).toBe(false);
    expect(isTrustedProxy(true)('203.0.113.9')).toBe(true);
    expect(isTrustedProxy(1)('203.0.113.9')).toBe(true);
    const listed = isTrustedProxy(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(listed('10.1.2.3')).toBe(true);
    expect(listed('::ffff:10.1.2.3')).toBe(true);
    expect(listed('192.0.2.7')).toBe(true);
    expect(listed('192.0.2.8')).toBe(false);
    expect(listed('2001:db8:1::5')).toBe(true);
    expect(listed('2001:db9::5')).toBe(false);
  });
});
