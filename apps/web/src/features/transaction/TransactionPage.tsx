import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Create and confirm an order (/transaction): built by a later issue; replace this page, keep the export. */
export default function TransactionPage() {
  return <PlaceholderPage title="pages.transaction" />;
}
