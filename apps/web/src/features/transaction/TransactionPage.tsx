import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Create and confirm an order (/transaction): a placeholder until orders exist. */
export default function TransactionPage() {
  return <PlaceholderPage title="pages.transaction" />;
}
