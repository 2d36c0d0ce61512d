import { base58 } from '@scure/base';
import type { AddressFormat } from '../networks.ts';
import { networkById } from '../networks.ts';

/**
 * A USDT transfer's hash in the one spelling its network has, so that the same transfer written
 * in another case or with or without `0x` is recognised as the same (an order's proof is unique):
 * - evm (BEP20, Tether/ERC-20): 32 bytes in hex, case-insensitive; kept as `0x` + lower case, as
 *   explorers print it. Sent with or without the `0x`.
 * - bep2: 32 bytes in hex, case-insensitive, never with `0x` (that is how EVM chains write a hash,
 *   so one with it was most likely sent on another network); kept in upper case, as the BNB Beacon
 *   Chain explorer prints it.
 * - tron: 32 bytes in hex, case-insensitive, never with `0x` (as bep2); kept in lower case, as
 *   Tronscan prints it.
 * - solana: a transaction signature, base58 of 64 bytes; base58 is case-sensitive, kept as sent.
 */
const HEX_32 = /^(?:0[xX])?([0-9a-fA-F]{64})$/;
const BARE_HEX_32 = /^[0-9a-fA-F]{64}$/;

const byFormat: Record<AddressFormat, (hash: string) => string | undefined> = {
  evm: (hash) => {
    const hex = HEX_32.exec(hash)?.[1];
    return hex === undefined ? undefined : `0x${hex.toLowerCase()}`;
  },
  bep2: (hash) => (BARE_HEX_32.test(hash) ? hash.toUpperCase() : undefined),
  tron: (hash) => (BARE_HEX_32.test(hash) ? hash.toLowerCase() : undefined),
  solana: (hash) => {
    if (hash.length < 64 || hash.length > 90) return undefined;
    try {
      return base58.decode(hash).length === 64 ? hash : undefined;
    } catch {
      return undefined;
    }
  },
};

/** The hash as its network writes it, or undefined when it is not a transfer hash of that network. */
export function normaliseTxHash(networkId: string, hash: string): string | undefined {
  const network = networkById(networkId);
  return network === undefined ? undefined : byFormat[network.format](hash.trim());
}
