import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

export interface FreezableRelay {
  /** The URL of `databaseUrl` with host and port changed to the relay's. */
  url: string;
  /** From now on, accept connections and read both sides but pass nothing on. */
  freeze(): void;
  /** Pass on everything held back, and relay normally again. */
  thaw(): void;
  /** Stop listening and drop every connection, as a stopped server would: connecting is refused. */
  cut(): Promise<void>;
  /** Listen again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay on loopback to the PostgreSQL server of `databaseUrl` that can be frozen, as a
 * server stopped with SIGSTOP or a network that drops every packet would be: connections are
 * accepted (the kernel does that for a stopped server too) but no answer ever comes; or cut, as a
 * server that went away: connections dropped, new ones refused, until it is restored. The shared
 * PostgreSQL server itself is never touched.
 */
export async function freezableRelay(databaseUrl: string): Promise<FreezableRelay> {
  const target = new URL(databaseUrl);
  let frozen = false;
  const pairs = new Set<{ client: Socket; upstream: Socket; held: [Socket, Buffer][] }>();
  const server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) });
    const pair = { client, upstream, held: [] as [Socket, Buffer][] };
    pairs.add(pair);
    const relay = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (frozen) pair.held.push([to, chunk]);
        else to.write(chunk);
      });
    relay(client, upstream);
    relay(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  const port = Number(url.port);
  const dropAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
  };
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) {
        for (const [to, chunk] of pair.held.splice(0)) to.write(chunk);
      }
    },
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      dropAll();
      await closed;
    },
    async restore() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    async close() {
      const closed = new Promise((resolve) =>
        server.listening ? server.close(resolve) : resolve(undefined),
      );
      dropAll();
      await closed;
    },
  };
}
