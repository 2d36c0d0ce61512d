import { Component, type ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';

function ErrorPage() {
  const t = useT('common');
  return (
    <section className="page" aria-labelledby="error-title">
      <h1 id="error-title">{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </section>
  );
}

/** Any failure while showing a screen shows an error page with a reload button. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
