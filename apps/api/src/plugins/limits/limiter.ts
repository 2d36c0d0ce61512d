import { isIP } from 'node:net';
import type { BanVerdict } from '../../http/ip-banned.ts';
import type { CounterStore } from './counters.ts';
import { BAN_MS, type LimitRule, type LimitRules } from './rules.ts';

/** Where bans live: durable and shared by every process (the ip_bans table). */
export interface BanStore {
  /** When the IP's ban ends, or undefined when it is not banned at `now`. */
  bannedUntil(ip: string, now: number): Promise<number | undefined>;
  /**
   * The answer `bannedUntil` would give, when this process still remembers it: the ban's end,
   * null when not banned, undefined when it must ask.
   */
  rememberedUntil?(ip: string, now: number): number | null | undefined;
  ban(ip: string, until: number, reason: string): Promise<void>;
  /** Drops what this process remembers about the IP (after its ban was lifted). */
  forget(ip: string): void;
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

export type Verdict = BanVerdict;

const NOT_BANNED: Verdict = Object.freeze({ banned: false });
/** Addresses whose key is remembered at once; past that the memory starts afresh. */
const MAX_KEYS = 10_000;

/**
 * Counts requests per IP and bans an IP that exceeds a rule. A banned IP's requests are refused
 * without being counted, so a ban ends exactly BAN_MS after it was made.
 */
export class Limiter {
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly counters: CounterStore,
    private readonly bans: BanStore,
    private readonly rules: LimitRules,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Forgets this process's cached answer for a ban key, so a lifted ban stops here at once. */
  forgetBan(key: string): void {
    this.bans.forget(key);
  }

  /**
   * Called for every request before anything else is done with it. Answers at once (no promise)
   * when the counters are in this process and the IP's ban status is remembered, as on most
   * requests; otherwise once the stores have answered. Every request is counted either way.
   */
  admit(address: string, path: string | undefined): Verdict | Promise<Verdict> {
    const ip = this.keyOf(address);
    const now = this.clock();
    const rules = this.rulesOf(path);
    const remembered = this.bans.rememberedUntil?.(ip, now);
    const addNow = this.counters.addNow;
    if (remembered === undefined || addNow === undefined) return this.admitLater(ip, rules, now);
    if (remembered !== null) return { banned: true, until: remembered };
    for (const rule of rules) {
      if (addNow(`${rule.name}:${ip}`, rule.windowMs, now) > rule.max) return this.ban(ip, rule, now);
    }
    return NOT_BANNED;
  }

  private async admitLater(ip: string, rules: LimitRule[], now: number): Promise<Verdict> {
    const until = await this.bans.bannedUntil(ip, now);
    if (until !== undefined) return { banned: true, until };
    for (const rule of rules) {
      const verdict = await this.count(ip, rule, now);
      if (verdict.banned) return verdict;
    }
    return NOT_BANNED;
  }

  private rulesOf(path: string | undefined): LimitRule[] {
    const extra = path === undefined ? undefined : this.rules.byPath[path];
    return extra ? [this.rules.general, extra] : [this.rules.general];
  }

  /** normaliseIp, remembered per address: the same few addresses send most requests. */
  private keyOf(address: string): string {
    let key = this.keys.get(address);
    if (key === undefined) {
      if (this.keys.size >= MAX_KEYS) this.keys.clear();
      key = normaliseIp(address);
      this.keys.set(address, key);
    }
    return key;
  }

  /**
   * Counts a password attempt (sign-in, or a current password asked before a change) BEFORE the
   * password is checked, so concurrent attempts cannot get past the limit while the slow check
   * runs: the attempt that goes over it is refused (and bans the IP) without being checked. A
   * correct password gives its attempt back (`passwordSucceeded`), so only failures accumulate.
   */
  attemptPassword(address: string): Promise<Verdict> {
    return this.count(normaliseIp(address), this.rules.failedSignIn, this.clock());
  }

  /** Gives back the attempt of a password that was right. */
  async passwordSucceeded(address: string): Promise<void> {
    const rule = this.rules.failedSignIn;
    await this.counters.add(`${rule.name}:${normaliseIp(address)}`, rule.windowMs, this.clock(), -1);
  }

  private async count(ip: string, rule: LimitRule, now: number): Promise<Verdict> {
    const count = await this.counters.add(`${rule.name}:${ip}`, rule.windowMs, now);
    if (count <= rule.max) return NOT_BANNED;
    return this.ban(ip, rule, now);
  }

  private async ban(ip: string, rule: LimitRule, now: number): Promise<Verdict> {
    const until = now + BAN_MS;
    await this.bans.ban(ip, until, `exceeded ${rule.name} (${rule.max} per ${rule.windowMs / 1000} s)`);
    return { banned: true, until };
  }
}
