import { describe, expect, it } from 'vitest';
import { memoryCounters } from './counters.ts';
import { type BanStore, Limiter, normaliseIp } from './limiter.ts';
import { BAN_MS, DEFAULT_LIMITS, type LimitRules, scaleLimits } from './rules.ts';

function memoryBans(): BanStore & { bans: Map<string, number> } {
  const bans = new Map<string, number>();
  return {
    bans,
    async bannedUntil(ip, now) {
      const until = bans.get(ip);
      return until !== undefined && until > now ? until : undefined;
    },
    async ban(ip, until) {
      bans.set(ip, until);
    },
    forget() {},
  };
}

const rules: LimitRules = {
  general: { name: 'general', max: 5, windowMs: 60_000 },
  byPath: { '/signin': { name: 'signIn', max: 2, windowMs: 60_000 } },
  failedSignIn: { name: 'failedSignIn', max: 3, windowMs: 60_000 },
};

function setup() {
  let now = 1_000_000;
  const bans = memoryBans();
  const limiter = new Limiter(memoryCounters(), bans, rules, () => now);
  return { limiter, bans, advance: (ms: number) => (now += ms), now: () => now };
}

describe('per-IP limits', () => {
  it('admits requests up to the general limit and bans the IP for 60 minutes beyond it', async () => {
    const { limiter, now } = setup();
    for (let i = 0; i < 5; i++) expect(await limiter.admit('1.1.1.1', '/other')).toEqual({ banned: false });
    expect(await limiter.admit('1.1.1.1', '/other')).toEqual({ banned: true, until: now() + BAN_MS });
    expect(BAN_MS).toBe(60 * 60_000);
  });

  it('is tighter on the sensitive endpoints than elsewhere', async () => {
    const { limiter } = setup();
    expect((await limiter.admit('1.1.1.1', '/signin')).banned).toBe(false);
    expect((await limiter.admit('1.1.1.1', '/signin')).banned).toBe(false);
    expect((await limiter.admit('1.1.1.1', '/signin')).banned).toBe(true);
  });

  it('counts each IP on its own', async () => {
    const { limiter } = setup();
    for (let i = 0; i < 2; i++) await limiter.admit('1.1.1.1', '/signin');
    expect((await limiter.admit('2.2.2.2', '/signin')).banned).toBe(false);
  });

  it('keeps the ban after the counting window has reset, until 60 minutes have passed', async () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i++) await limiter.admit('1.1.1.1', '/signin');
    advance(61_000);
    expect((await limiter.admit('1.1.1.1', '/other')).banned).toBe(true);
    advance(BAN_MS);
    expect((await limiter.admit('1.1.1.1', '/other')).banned).toBe(false);
  });

  it('forgets hits once a whole window has passed since them', async () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 5; i++) await limiter.admit('1.1.1.1', undefined);
    advance(120_000);
    for (let i = 0; i < 5; i++) expect((await limiter.admit('1.1.1.1', undefined)).banned).toBe(false);
  });

  it('slides: a burst split across a window boundary counts in full, so it cannot pass twice the limit', async () => {
    const { limiter, advance, now } = setup();
    // Just before a boundary: the limit's worth of hits...
    advance(60_000 - (now() % 60_000) - 100);
    for (let i = 0; i < 5; i++) expect((await limiter.admit('1.1.1.1', undefined)).banned).toBe(false);
    // ...and just after it, a fixed window would admit five more; the sliding count refuses the first.
    advance(200);
    expect((await limiter.admit('1.1.1.1', undefined)).banned).toBe(true);
  });

  it('bans an IP after repeated wrong passwords, counting each attempt before it is checked', async () => {
    const { limiter, bans } = setup();
    for (let i = 0; i < 3; i++) expect((await limiter.attemptPassword('1.1.1.1')).banned).toBe(false);
    expect((await limiter.attemptPassword('1.1.1.1')).banned).toBe(true);
    expect(bans.bans.has('1.1.1.1')).toBe(true);
  });

  it('gives a right password its attempt back, so only wrong ones add up', async () => {
    const { limiter } = setup();
    for (let i = 0; i < 10; i++) {
      expect((await limiter.attemptPassword('1.1.1.1')).banned).toBe(false);
      await limiter.passwordSucceeded('1.1.1.1');
    }
  });

  it('admits exactly the limit of attempts when they all arrive at once', async () => {
    const { limiter } = setup();
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => limiter.attemptPassword('1.1.1.1')));
    expect(verdicts.filter((v) => !v.banned)).toHaveLength(3);
  });

  it('scales every maximum by a factor and keeps the windows', () => {
    const scaled = scaleLimits(10);
    expect(scaled.general.max).toBe(DEFAULT_LIMITS.general.max * 10);
    expect(scaled.general.windowMs).toBe(DEFAULT_LIMITS.general.windowMs);
    for (const [path, r] of Object.entries(DEFAULT_LIMITS.byPath)) {
      expect(scaled.byPath[path]?.max).toBe(r.max * 10);
      expect(r.max).toBeLessThan(DEFAULT_LIMITS.general.max);
    }
  });

  it('treats every address of one IPv6 /64 as one client, so rotating addresses within it does not escape a ban', async () => {
    const { limiter } = setup();
    for (let i = 0; i < 2; i++) await limiter.admit(`2001:db8:1:2::${i + 1}`, '/signin');
    expect((await limiter.admit('2001:db8:1:2:abcd:ef01:2345:6789', '/signin')).banned).toBe(true);
    expect((await limiter.admit('2001:db8:1:2:ffff::', '/other')).banned).toBe(true);
    expect((await limiter.admit('2001:db8:1:3::1', '/other')).banned).toBe(false);
  });
});

describe('the key of a client address', () => {
  it('spells an IPv4 address one way, also when it arrives IPv4-mapped through an IPv6 socket', () => {
    expect(normaliseIp('203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseIp('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseIp('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseIp('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('drops a port a proxy may have written after the address, so a client cannot count afresh from each port', () => {
    expect(normaliseIp('203.0.113.9:51234')).toBe('203.0.113.9');
    expect(normaliseIp('[2001:db8:0:1::1]:443')).toBe('2001:db8:0:1::/64');
    expect(normaliseIp('[2001:db8:0:1::1]')).toBe('2001:db8:0:1::/64');
  });

  it('is the /64 network of an IPv6 address, whatever its case, leading zeros or :: shortening', () => {
    const key = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:DB8:0:1::1',
      '2001:0db8:0000:0001:0000:0000:0000:0001',
      '2001:db8::1:0:0:0:1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:db8:0:1::1%eth0',
    ]) {
      expect(normaliseIp(ip), ip).toBe(key);
    }
    expect(normaliseIp('::1')).toBe('0:0:0:0::/64');
  });
});
