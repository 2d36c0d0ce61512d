import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Sign-in (/login): built by a later issue; replace this page, keep the export. */
export default function SignInPage() {
  return <PlaceholderPage title="pages.login" />;
}
