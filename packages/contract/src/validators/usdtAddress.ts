import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, bech32 } from '@scure/base';
import { z } from 'zod';
import { E } from '../errors.ts';
import { type AddressFormat, NETWORK_IDS, networkById } from '../networks.ts';
import { codeMessage } from './messages.ts';
import { cappedString, inputCap, NO_CONTROL_CHARS, visibleOnly } from './text.ts';

/**
 * USDT address checks per network format (networks.ts):
 * - evm (BEP20 and Tether/ERC-20): 0x + 40 hex digits; written in mixed case, the EIP-55
 *   checksum must hold; all lower or all upper case carries no checksum and is accepted.
 * - bep2: bech32 (BIP-173) with the human-readable part 'bnb', a valid checksum and a 20-byte
 *   payload.
 * - solana: base58 that decodes to exactly 32 bytes (an ed25519 public key or program address).
 */
const EVM_RE = /^0x[0-9a-fA-F]{40}$/;

export function isValidEvmAddress(address: string): boolean {
  if (!EVM_RE.test(address)) return false;
  const hexPart = address.slice(2);
  if (hexPart === hexPart.toLowerCase() || hexPart === hexPart.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** The EIP-55 mixed-case form of a 0x address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const ch = lower.charAt(i);
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

export function isValidBep2Address(address: string): boolean {
  try {
    const { prefix, words } = bech32.decode(address as `${string}1${string}`);
    return prefix === 'bnb' && bech32.fromWords(words).length === 20;
  } catch {
    return false;
  }
}

export function isValidSolanaAddress(address: string): boolean {
  if (address.length < 32 || address.length > 44) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

const byFormat: Record<AddressFormat, (address: string) => boolean> = {
  evm: isValidEvmAddress,
  bep2: isValidBep2Address,
  solana: isValidSolanaAddress,
};

export function isValidUsdtAddress(networkId: string, address: string): boolean {
  const network = networkById(networkId);
  return (
    network !== undefined &&
    address.length <= inputCap(ADDRESS_MAX_LENGTH) &&
    byFormat[network.format](address.trim())
  );
}

export const networkIdSchema = z.enum(NETWORK_IDS, { error: codeMessage(E.NETWORK_NOT_FOUND) });

const ADDRESS_MAX_LENGTH = 128;

/** The address alone, trimmed; whether it is valid depends on the network. */
export const usdtAddressSchema = cappedString(
  inputCap(ADDRESS_MAX_LENGTH),
  codeMessage(E.USDT_ADDRESS_INVALID),
  codeMessage(E.REQUIRED),
)
  .trim()
  .min(1, codeMessage(E.REQUIRED))
  .max(ADDRESS_MAX_LENGTH, codeMessage(E.USDT_ADDRESS_INVALID));

const NICKNAME_MAX_LENGTH = 50;

/**
 * An optional label for an address; blank means none. No control, invisible or direction-changing
 * character (text.ts): a label must not make one address read like another.
 */
export const nicknameSchema = visibleOnly(
  cappedString(inputCap(NICKNAME_MAX_LENGTH), codeMessage(E.INVALID_INPUT)),
  codeMessage(E.INVALID_INPUT),
)
  .trim()
  .max(NICKNAME_MAX_LENGTH, codeMessage(E.INVALID_INPUT))
  .regex(NO_CONTROL_CHARS, codeMessage(E.INVALID_INPUT))
  .transform((s) => (s === '' ? null : s))
  .nullable()
  .optional();

/**
 * Adds the per-network address check to an object schema holding `network` and `address`;
 * the issue lands on the address field, worded for the network's address format.
 */
export function withUsdtAddressCheck<S extends z.ZodObject>(schema: S) {
  return schema.superRefine((v, ctx) => {
    const { network, address } = v as Record<string, unknown>;
    if (typeof network === 'string' && typeof address === 'string' && !isValidUsdtAddress(network, address)) {
      // In the words of the network's address format ('Invalid USDT Address (ERC-20)').
      const format = networkById(network)?.format;
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: codeMessage(E.USDT_ADDRESS_INVALID, format),
      });
    }
  });
}
