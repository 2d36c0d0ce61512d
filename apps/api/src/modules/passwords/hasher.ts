import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id cost. Production: OWASP's minimum for argon2id (19 MiB, two passes, one lane). */
export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const PRODUCTION_ARGON2: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * A hash of a random password made with the same cost as real ones. Sign-in verifies against it
   * when the username is unknown, so an unknown username costs the same time as a wrong password.
   */
  dummyHash(): Promise<string>;
}

export function createPasswordHasher(params: Argon2Params = PRODUCTION_ARGON2): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...params };
  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // a malformed stored hash never signs anyone in
      }
    },
    dummyHash() {
      dummy ??= hasher.hash(randomBytes(24).toString('base64url'));
      return dummy;
    },
  };
  return hasher;
}
