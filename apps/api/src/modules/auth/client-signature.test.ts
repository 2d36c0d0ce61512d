import { describe, expect, it } from 'vitest';
import { createClientSignatures } from './client-signature.ts';

describe('clientSignature', () => {
  const signatures = createClientSignatures('test-secret-of-enough-length', 10 * 60_000);

  it('accepts a signature it issued while it is fresh', () => {
    const { signature, expiresAt } = signatures.issue(1_000_000);
    expect(expiresAt).toBe(1_000_000 + 10 * 60_000);
    expect(signatures.isValid(signature, 1_000_000 + 60_000)).toBe(true);
  });

  it('refuses an expired signature', () => {
    const { signature } = signatures.issue(1_000_000);
    expect(signatures.isValid(signature, 1_000_000 + 10 * 60_000 + 1)).toBe(false);
  });

  it('refuses a signature issued with another secret, a tampered one and garbage', () => {
    const other = createClientSignatures('another-secret-of-enough-length', 10 * 60_000);
    const { signature } = other.issue(1_000_000);
    expect(signatures.isValid(signature, 1_000_000)).toBe(false);
    const own = signatures.issue(1_000_000).signature;
    const [, nonce, mac] = own.split('.');
    expect(signatures.isValid(`1000001.${nonce}.${mac}`, 1_000_000)).toBe(false);
    for (const junk of [undefined, '', 'a.b.c', '...', `${own}.x`]) {
      expect(signatures.isValid(junk, 1_000_000)).toBe(false);
    }
  });

  it('is accepted by another process that shares the secret', () => {
    const { signature } = signatures.issue();
    expect(createClientSignatures('test-secret-of-enough-length', 10 * 60_000).isValid(signature)).toBe(true);
  });
});
