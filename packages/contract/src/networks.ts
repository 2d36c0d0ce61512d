/**
 * The networks a member can receive or send USDT on (docs/product.md, Payout destinations). `format`
 * says how an address on the network is written and checked (validators/usdtAddress.ts). Names are
 * the ones members know from their exchange's withdrawal screen and read the same in English and
 * Thai. The network the specification calls "Tether" is Ethereum with the ERC-20 token (id
 * `TETHER`, decision 0002); TRON (TRC-20) is a project addition (decision 0060). Which networks the
 * desk takes at the moment is the web setting `enabledNetworks` (BNB Beacon Chain stopped in
 * November 2024 and starts disabled); entries saved on a disabled network stay readable.
 */
export type AddressFormat = 'evm' | 'bep2' | 'solana' | 'tron';

export interface Network {
  readonly id: NetworkId;
  readonly name: string;
  /** The token standard on that chain. */
  readonly standard: string;
  readonly format: AddressFormat;
}

export const NETWORK_IDS = ['BEP20', 'BEP2', 'TETHER', 'SOLANA', 'TRON'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export const NETWORKS: readonly Network[] = [
  { id: 'TRON', name: 'TRON (TRC-20)', standard: 'TRC-20', format: 'tron' },
  { id: 'BEP20', name: 'BNB Smart Chain (BEP20)', standard: 'BEP20', format: 'evm' },
  { id: 'TETHER', name: 'Ethereum (ERC-20)', standard: 'ERC-20', format: 'evm' },
  { id: 'SOLANA', name: 'Solana', standard: 'SPL', format: 'solana' },
  { id: 'BEP2', name: 'BNB Beacon Chain (BEP2)', standard: 'BEP2', format: 'bep2' },
];

/** The networks a desk takes until staff change the web setting: all but the stopped BNB Beacon Chain. */
export const DEFAULT_ENABLED_NETWORKS: readonly NetworkId[] = ['TRON', 'BEP20', 'TETHER', 'SOLANA'];

export function networkById(id: string): Network | undefined {
  return NETWORKS.find((n) => n.id === id);
}

/**
 * A network as people are shown it: 'Ethereum (ERC-20)', 'BNB Smart Chain (BEP20)', 'Solana'. The
 * member app's lists and forms and the console all use it, so a network reads the same everywhere;
 * an unknown id is shown as it is.
 */
export function networkLabel(network: Pick<Network, 'name'> | undefined, id = ''): string {
  return network ? network.name : id;
}
