import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Sign-up in steps (/sign-up): built by a later issue; replace this page, keep the export. */
export default function SignUpPage() {
  return <PlaceholderPage title="pages.signUp" />;
}
