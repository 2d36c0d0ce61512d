import type { NetworkId } from '@bahtdesk/contract';

/** Where each network's public explorer shows a transaction (TETHER is Ethereum's ERC-20 token). */
const EXPLORER_TX: Record<NetworkId, string> = {
  TETHER: 'https://etherscan.io/tx/',
  BEP20: 'https://bscscan.com/tx/',
  SOLANA: 'https://solscan.io/tx/',
  BEP2: 'https://explorer.bnbchain.org/tx/',
  TRON: 'https://tronscan.org/#/transaction/',
};

/** The public page of a transaction hash on its network. */
export function explorerTxUrl(network: NetworkId, hash: string): string {
  return `${EXPLORER_TX[network]}${encodeURIComponent(hash)}`;
}
