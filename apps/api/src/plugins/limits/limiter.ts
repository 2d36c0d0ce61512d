import type { CounterStore } from './counters.ts';
import { BAN_MS, type LimitRule, type LimitRules } from './rules.ts';

/** Where bans live: durable and shared by every process (the ip_bans table). */
export interface BanStore {
  /** When the IP's ban ends, or undefined when it is not banned at `now`. */
  bannedUntil(ip: string, now: number): Promise<number | undefined>;
  ban(ip: string, until: number, reason: string): Promise<void>;
}

/** One spelling per address: an IPv4 address seen through an IPv6 socket (::ffff:1.2.3.4) is 1.2.3.4. */
export function normaliseIp(ip: string): string {
  return ip.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

export type Verdict = { banned: false } | { banned: true; until: number };

/**
 * Counts requests per IP and bans an IP that exceeds a rule. A banned IP's requests are refused
 * without being counted, so a ban ends exactly BAN_MS after it was made.
 */
export class Limiter {
  constructor(
    private readonly counters: CounterStore,
    private readonly bans: BanStore,
    private readonly rules: LimitRules,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Called for every request before anything else is done with it. */
  async admit(address: string, path: string | undefined): Promise<Verdict> {
    const ip = normaliseIp(address);
    const now = this.clock();
    const until = await this.bans.bannedUntil(ip, now);
    if (until !== undefined) return { banned: true, until };
    const extra = path === undefined ? undefined : this.rules.byPath[path];
    const rules = extra ? [this.rules.general, extra] : [this.rules.general];
    for (const rule of rules) {
      const verdict = await this.count(ip, rule, now);
      if (verdict.banned) return verdict;
    }
    return { banned: false };
  }

  /** Called after a sign-in failed on wrong credentials. */
  recordFailedSignIn(address: string): Promise<Verdict> {
    return this.count(normaliseIp(address), this.rules.failedSignIn, this.clock());
  }

  private async count(ip: string, rule: LimitRule, now: number): Promise<Verdict> {
    const count = await this.counters.increment(`${rule.name}:${ip}`, rule.windowMs, now);
    if (count <= rule.max) return { banned: false };
    const until = now + BAN_MS;
    await this.bans.ban(ip, until, `exceeded ${rule.name} (${rule.max} per ${rule.windowMs / 1000} s)`);
    return { banned: true, until };
  }
}
