import { isIP } from 'node:net';
import type { CounterStore } from './counters.ts';
import { BAN_MS, type LimitRule, type LimitRules } from './rules.ts';

/** Where bans live: durable and shared by every process (the ip_bans table). */
export interface BanStore {
  /** When the IP's ban ends, or undefined when it is not banned at `now`; at once when known. */
  bannedUntil(ip: string, now: number): number | undefined | Promise<number | undefined>;
  ban(ip: string, until: number, reason: string): Promise<void>;
}

/** A value now, or one to wait for: the limiter answers at once when its stores can. */
type Maybe<T> = T | Promise<T>;

function then<T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** The eight 16-bit groups of a valid IPv6 address (any spelling: ::, leading zeros, embedded IPv4, zone). */
function ipv6Groups(ip: string): number[] {
  let s = (ip.split('%')[0] ?? '').toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const parts = (p: string) => (p === '' ? [] : p.split(':'));
  const groups =
    tail === undefined
      ? parts(head)
      : [...parts(head), ...Array(8 - parts(head).length - parts(tail).length).fill('0'), ...parts(tail)];
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The key limits and bans use for a client address. IPv4: the address (also when it arrives
 * IPv4-mapped through an IPv6 socket, ::ffff:1.2.3.4). IPv6: its /64 network, spelt one way
 * (`2001:db8:0:1::/64`), because one home line or server gets a whole /64 and could otherwise
 * step to a fresh address for every request. A port after the address is dropped.
 */
export function normaliseIp(ip: string): string {
  // Some proxies write the client's port too: 1.2.3.4:5678, [2001:db8::1]:5678.
  const trimmed = ip
    .trim()
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1')
    .replace(/^\[([^\]]+)\](?::\d+)?$/, '$1');
  if (isIP(trimmed) !== 6) return trimmed.toLowerCase();
  const g = ipv6Groups(trimmed);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    const [hi = 0, lo = 0] = g.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

export type Verdict = { banned: false } | { banned: true; until: number };

const ADMITTED: Verdict = Object.freeze({ banned: false });

/** The keys of the addresses seen lately: the same few addresses send most requests. */
const KEYS_CACHED = 10_000;

/**
 * Counts requests per IP and bans an IP that exceeds a rule. A banned IP's requests are refused
 * without being counted, so a ban ends exactly BAN_MS after it was made. With counters in memory
 * and the IP's ban status remembered, the verdict comes at once (no promise); otherwise once the
 * stores have answered.
 */
export class Limiter {
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly counters: CounterStore,
    private readonly bans: BanStore,
    private readonly rules: LimitRules,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Called for every request before anything else is done with it. */
  admit(address: string, path: string | undefined): Maybe<Verdict> {
    const ip = this.keyOf(address);
    const now = this.clock();
    return then(this.bans.bannedUntil(ip, now), (until): Maybe<Verdict> => {
      if (until !== undefined) return { banned: true, until };
      const extra = path === undefined ? undefined : this.rules.byPath[path];
      const general = this.count(ip, this.rules.general, now);
      if (!extra) return general;
      return then(general, (verdict) => (verdict.banned ? verdict : this.count(ip, extra, now)));
    });
  }

  /** Called after a sign-in failed on wrong credentials. */
  async recordFailedSignIn(address: string): Promise<Verdict> {
    return this.count(this.keyOf(address), this.rules.failedSignIn, this.clock());
  }

  private keyOf(address: string): string {
    let key = this.keys.get(address);
    if (key === undefined) {
      if (this.keys.size >= KEYS_CACHED) this.keys.clear();
      key = normaliseIp(address);
      this.keys.set(address, key);
    }
    return key;
  }

  private count(ip: string, rule: LimitRule, now: number): Maybe<Verdict> {
    return then(this.counters.increment(`${rule.name}:${ip}`, rule.windowMs, now), (count) => {
      if (count <= rule.max) return ADMITTED;
      const until = now + BAN_MS;
      return this.bans
        .ban(ip, until, `exceeded ${rule.name} (${rule.max} per ${rule.windowMs / 1000} s)`)
        .then((): Verdict => ({ banned: true, until }));
    });
  }
}
