import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, bech32, createBase58check, hex } from '@scure/base';
import { z } from 'zod';
import { E } from '../errors.ts';
import { EXCHANGE_UID_MAX_LENGTH, EXCHANGE_UID_MIN_LENGTH } from '../limits.ts';
import { type AddressFormat, NETWORK_IDS, networkById } from '../networks.ts';
import { codeMessage } from './messages.ts';
import { cappedString, inputCap, NO_CONTROL_CHARS, visibleOnly } from './text.ts';

/**
 * A member's USDT address must be one the member's own wallet can receive on and spend from
 * (decision 0015). Two checks per network format (networks.ts):
 *
 * How it is written (`isValid*Address`):
 * - evm (BEP20 and Tether/ERC-20): 0x + 40 hex digits; written in mixed case, the EIP-55
 *   checksum must hold; all lower or all upper case carries no checksum and is accepted.
 * - bep2: bech32 (BIP-173) with the human-readable part 'bnb', a valid checksum and a 20-byte
 *   payload, in one case (stored in lower case).
 * - solana: base58 that decodes to exactly 32 bytes.
 * - tron (TRC-20): base58check (a 4-byte double-SHA-256 checksum) of 21 bytes whose first, the
 *   version byte, is 0x41: 34 characters starting with 'T' (decision 0060).
 *
 * Whether funds sent there can be spent (`canReceiveFunds`):
 * - evm, bep2 and tron: not an address whose first 18 bytes are zero (the zero address, precompiles,
 *   0x...dEaD: no key hashes to one) and, for evm, not one of the burn addresses, placeholders and
 *   USDT token contracts below.
 * - solana: the 32 bytes are an ed25519 public key: a point on the curve (a member's wallet always
 *   is; base58 has no checksum, and a one-character change almost always leaves the curve), not of
 *   small order (no signature for such a key is accepted), and not one of the programs, mints and
 *   the incinerator below. Program-derived addresses are off the curve by design; a member's
 *   personal wallet never is one, so they are refused.
 */
const ADDRESS_MAX_LENGTH = 128;

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

const tronBase58check = createBase58check(sha256);
const TRON_VERSION = 0x41;

/** The 20-byte account of a TRON address, or undefined when it is not one (checksum, length, version). */
function tronAccount(address: string): Uint8Array | undefined {
  if (address.length !== 34 || !address.startsWith('T')) return undefined;
  try {
    const bytes = tronBase58check.decode(address);
    return bytes.length === 21 && bytes[0] === TRON_VERSION ? bytes.subarray(1) : undefined;
  } catch {
    return undefined;
  }
}

export function isValidTronAddress(address: string): boolean {
  return tronAccount(address) !== undefined;
}

/** 18 leading zero bytes: a small number, not the hash of any key. */
const isLowNumber = (bytes: Uint8Array) => bytes.subarray(0, 18).every((b) => b === 0);

/** EVM addresses, in lower case, that take tokens no one can move again. */
const EVM_UNRECEIVABLE = new Set([
  '0xdead000000000000000042069420694206942069', // a widely used burn address
  '0xffffffffffffffffffffffffffffffffffffffff', // all ones: a sentinel, no key
  '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', // the native-coin placeholder of swap contracts
  '0xdac17f958d2ee523a2206206994597c13d831ec7', // the USDT token contract on Ethereum
  '0x55d398326f99059ff775485246999027b3197955', // the USDT token contract on BNB Smart Chain
]);

/** TRON accounts that take tokens no one can move again: the USDT (TRC-20) token contract. */
const TRON_UNRECEIVABLE = new Set(['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t']);

/** Solana accounts that are not a member's wallet: programs, token mints and the incinerator. */
const SOLANA_UNRECEIVABLE = new Set([
  '11111111111111111111111111111111', // the system program
  '1nc1nerator11111111111111111111111111111111', // the incinerator
  'So11111111111111111111111111111111111111112', // the wrapped SOL mint
  'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', // the USDT mint
  'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // the USDC mint
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // the token program
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', // the token-2022 program
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', // the associated token account program
]);

/** True when 32 bytes decode (RFC 8032, canonical) to an ed25519 point that is not of small order. */
export function isWalletPublicKey(bytes: Uint8Array): boolean {
  try {
    return !ed25519.Point.fromBytes(bytes).isSmallOrder();
  } catch {
    return false;
  }
}

/**
 * Whether an address of the format can receive funds its owner can spend (see the top of this
 * file); false for text that is not an address of the format.
 */
export function canReceiveFunds(format: AddressFormat, address: string): boolean {
  try {
    switch (format) {
      case 'evm': {
        const lower = address.toLowerCase();
        return !EVM_UNRECEIVABLE.has(lower) && !isLowNumber(hex.decode(lower.slice(2)));
      }
      case 'bep2':
        return !isLowNumber(
          bech32.fromWords(bech32.decode(address.toLowerCase() as `${string}1${string}`).words),
        );
      case 'solana':
        return !SOLANA_UNRECEIVABLE.has(address) && isWalletPublicKey(base58.decode(address));
      case 'tron': {
        const account = tronAccount(address);
        return account !== undefined && !TRON_UNRECEIVABLE.has(address) && !isLowNumber(account);
      }
    }
  } catch {
    return false;
  }
}

const byFormat: Record<AddressFormat, (address: string) => boolean> = {
  evm: isValidEvmAddress,
  bep2: isValidBep2Address,
  solana: isValidSolanaAddress,
  tron: isValidTronAddress,
};

/** True when `address` is written right for the network and can receive funds there. */
export function isValidUsdtAddress(networkId: string, address: string): boolean {
  const network = networkById(networkId);
  if (network === undefined || address.length > inputCap(ADDRESS_MAX_LENGTH)) return false;
  const trimmed = address.trim();
  return byFormat[network.format](trimmed) && canReceiveFunds(network.format, trimmed);
}

export const networkIdSchema = z.enum(NETWORK_IDS, { error: codeMessage(E.NETWORK_NOT_FOUND) });

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
 * Where an address lives (decision 0031): on an exchange, which knows the member by a user id
 * (UID, required), or in the member's own wallet, which has none (no UID is kept).
 */
export const ADDRESS_CUSTODIES = ['exchange', 'wallet'] as const;
export type AddressCustody = (typeof ADDRESS_CUSTODIES)[number];
export const custodySchema = z
  .enum(ADDRESS_CUSTODIES, { error: codeMessage(E.INVALID_INPUT) })
  .default('exchange');

/**
 * Adds the per-network address check to an object schema holding `network` and `address`;
 * the issue lands on the address field, worded for the network's address format. A BEP2 address
 * comes out in lower case (bech32 is read in either case but stored in one). With `custody`, an
 * exchange address needs its UID (10033 on the uid field) and a personal wallet's keeps none.
 */
export function withUsdtAddressCheck<S extends z.ZodObject>(schema: S) {
  return schema
    .superRefine((v, ctx) => {
      const { network, address, custody, uid } = v as Record<string, unknown>;
      if (
        typeof network === 'string' &&
        typeof address === 'string' &&
        !isValidUsdtAddress(network, address)
      ) {
        // In the words of the network's address format ('Invalid USDT Address (ERC-20)').
        const format = networkById(network)?.format;
        ctx.addIssue({
          code: 'custom',
          path: ['address'],
          message: codeMessage(E.USDT_ADDRESS_INVALID, format),
        });
      }
      if (custody === 'exchange' && uid == null) {
        ctx.addIssue({ code: 'custom', path: ['uid'], message: codeMessage(E.REQUIRED) });
      }
    })
    .overwrite((v) => {
      const value = v as Record<string, unknown>;
      const bep2 = typeof value.network === 'string' && networkById(value.network)?.format === 'bep2';
      const out =
        bep2 && typeof value.address === 'string'
          ? { ...value, address: value.address.toLowerCase() }
          : value;
      return (value.custody === 'wallet' ? { ...out, uid: null } : out) as typeof v;
    });
}

const UID_RE = new RegExp(`^[0-9]{${EXCHANGE_UID_MIN_LENGTH},${EXCHANGE_UID_MAX_LENGTH}}$`);

/**
 * The member's user id on the exchange platform that holds the address (decision 0031): digits
 * only, spaces around it ignored. Required for an exchange address (10033 blank, 10039 not 5 to
 * 20 digits); staff compare it with the KYC screenshots. A personal wallet has none.
 */
export const exchangeUidSchema = cappedString(
  inputCap(EXCHANGE_UID_MAX_LENGTH),
  codeMessage(E.EXCHANGE_UID_INVALID),
  codeMessage(E.REQUIRED),
)
  .trim()
  .min(1, codeMessage(E.REQUIRED))
  .regex(UID_RE, codeMessage(E.EXCHANGE_UID_INVALID));
