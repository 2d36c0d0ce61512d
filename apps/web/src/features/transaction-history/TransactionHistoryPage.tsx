import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Order history (/transaction-history and /transaction-history.vue): a placeholder until orders exist. */
export default function TransactionHistoryPage() {
  return <PlaceholderPage title="pages.history" />;
}
