import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Order history (/transaction-history and /transaction-history.vue): built by a later issue; replace this page, keep the export. */
export default function TransactionHistoryPage() {
  return <PlaceholderPage title="pages.history" />;
}
