import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearerToken, hashToken, newToken } from './tokens.ts';

describe('session tokens', () => {
  it('carry at least 128 random bits and differ every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newToken().token));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(Buffer.from(t, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it('are stored only as their SHA-256 hash', () => {
    const { token, hash } = newToken();
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).not.toContain(token);
    expect(hashToken(token)).toBe(hash);
  });

  it('are read from an Authorization: Bearer header only', () => {
    expect(bearerToken('Bearer abc_DEF-123')).toBe('abc_DEF-123');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
