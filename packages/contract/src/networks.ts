/**
 * The four networks a member can receive USDT on (docs/product.md, Payout destinations). `format`
 * says how an address on the network is written and checked (validators/usdtAddress.ts). The
 * network the spec calls "Tether" is Ethereum with the ERC-20 token
 * (docs/decisions/0002-tether-network.md). Names are proper nouns and read the same in English and
 * Thai.
 */
export type AddressFormat = 'evm' | 'bep2' | 'solana';

export interface Network {
  readonly id: NetworkId;
  readonly name: string;
  /** The token standard on that chain, shown beside the name where space allows. */
  readonly standard: string;
  readonly format: AddressFormat;
}

export const NETWORK_IDS = ['BEP20', 'BEP2', 'TETHER', 'SOLANA'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export const NETWORKS: readonly Network[] = [
  { id: 'BEP20', name: 'BNB Smart Chain (BEP20)', standard: 'BEP20', format: 'evm' },
  { id: 'BEP2', name: 'BNB Beacon Chain (BEP2)', standard: 'BEP2', format: 'bep2' },
  { id: 'TETHER', name: 'Tether', standard: 'ERC-20', format: 'evm' },
  { id: 'SOLANA', name: 'Solana', standard: 'SPL', format: 'solana' },
];

export function networkById(id: string): Network | undefined {
  return NETWORKS.find((n) => n.id === id);
}

/**
 * A network as people are shown it, with its token standard unless the name says it already:
 * 'Tether (ERC-20)', 'BNB Smart Chain (BEP20)', 'Solana (SPL)'. The member app's lists and forms
 * and the console all use it, so a network reads the same everywhere; an unknown id is shown as it is.
 */
export function networkLabel(network: Pick<Network, 'name' | 'standard'> | undefined, id = ''): string {
  if (!network) return id;
  const { name, standard } = network;
  return name.includes(standard) ? name : `${name} (${standard})`;
}
