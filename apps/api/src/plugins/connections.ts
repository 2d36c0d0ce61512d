import type { Server } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HttpLimits, TrustProxy } from '../config.ts';
import { normaliseIp } from './limits/limiter.ts';

/**
 * How often Node looks for requests past their headers or request timeout. Its default, 30 s,
 * would let a request outlive its limit by up to that much; a pass over the open connections
 * each second costs next to nothing.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * The Fastify constructor options that bound how long a connection is held (spread them into
 * the options): Node's HTTP server answers 408 and closes a connection whose request headers have
 * not all arrived within `headersTimeoutMs`, or whose headers and body have not within
 * `requestTimeoutMs` (a slow or stalled upload); an idle keep-alive connection is closed after
 * `keepAliveTimeoutMs`. Node checks the first two once a second.
 */
export function serverTimeouts(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
  };
}

/**
 * Whether a peer address is a proxy TRUST_PROXY names. With a hop count or `true` every peer is
 * one; with a list, the addresses and networks on it.
 */
export function isTrustedProxy(trust: TrustProxy): (address: string) => boolean {
  if (trust === true || (typeof trust === 'number' && trust > 0)) return () => true;
  if (trust === false || typeof trust === 'number') return () => false;
  const list = new BlockList();
  for (const entry of trust) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : '';
    const plain = isIP(mapped) === 4 ? mapped : address;
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Caps the connections one client address holds open at once, on the HTTP server's 'connection'
 * event: a connection over the cap is closed at once, before a byte of it is read. The count
 * is per address as the limits see it (an IPv6 client is its /64), goes down when a connection
 * closes, and forgets an address with none open. Peers that are trusted proxies are not counted:
 * every client behind a proxy arrives from the proxy's address, so the proxy caps them.
 * `onCapped` is told the first time an address hits the cap (again only once it has dropped to
 * no connections), so a flood does not flood the log.
 */
export function capConnectionsPerAddress(
  server: Server,
  max: number,
  options: { exempt?: (address: string) => boolean; onCapped?: (address: string) => void } = {},
): void {
  const open = new Map<string, number>();
  const capped = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || options.exempt?.(address)) return;
    const key = normaliseIp(address);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      if (!capped.has(key)) {
        capped.add(key);
        options.onCapped?.(key);
      }
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) {
        open.set(key, left);
      } else {
        open.delete(key);
        capped.delete(key);
      }
    });
  });
}

/** MAX_CONNECTIONS_PER_IP on the app's own HTTP server (0: no cap). */
export const connectionsPlugin = fp(
  async (app: FastifyInstance) => {
    const { maxConnectionsPerIp } = app.config.http;
    if (maxConnectionsPerIp === 0) return;
    capConnectionsPerAddress(app.server, maxConnectionsPerIp, {
      exempt: isTrustedProxy(app.config.trustProxy),
      onCapped: (address) =>
        app.log.warn(
          { address, max: maxConnectionsPerIp },
          'client address holds the most connections allowed; closing its new ones until some close',
        ),
    });
  },
  { name: 'connections' },
);
