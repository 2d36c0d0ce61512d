import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Member profile (/account, ?action=openKyc or openBinanceId): built by a later issue; replace this page, keep the export. */
export default function AccountPage() {
  return <PlaceholderPage title="pages.account" />;
}
