import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Password recovery (/forgot-password): built by a later issue; replace this page, keep the export. */
export default function ForgotPasswordPage() {
  return <PlaceholderPage title="pages.forgotPassword" />;
}
