import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, PRODUCTION_ARGON2 } from './hasher.ts';

describe('password hashing', () => {
  it('uses argon2id with at least 19 MiB, two passes and one lane in production', async () => {
    const stored = await createPasswordHasher().hash('secret1');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    const options = parseOptions(stored);
    expect(options.memoryCost).toBeGreaterThanOrEqual(19456);
    expect(options.timeCost).toBe(2);
    expect(options.parallelism).toBe(1);
    expect(PRODUCTION_ARGON2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 2, parallelism: 1 });
    const stored = await hasher.hash('abc123');
    expect(await hasher.verify(stored, 'abc123')).toBe(true);
    expect(await hasher.verify(stored, 'abc124')).toBe(false);
  });

  it('never stores the password itself and salts every hash', async () => {
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 2, parallelism: 1 });
    const a = await hasher.hash('abc123');
    const b = await hasher.hash('abc123');
    expect(a).not.toContain('abc123');
    expect(a).not.toBe(b);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 2, parallelism: 1 });
    expect(await hasher.verify('not-a-hash', 'abc123')).toBe(false);
  });

  it('makes the dummy hash once, with the same cost as real hashes', async () => {
    const hasher = createPasswordHasher({ memoryCost: 2048, timeCost: 2, parallelism: 1 });
    const dummy = await hasher.dummyHash();
    expect(await hasher.dummyHash()).toBe(dummy);
    expect(parseOptions(dummy).memoryCost).toBe(2048);
  });
});
