import { Component, type ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';

function ErrorPage() {
  const t = useT('common');
  return (
    <section className="page page--center" aria-labelledby="error-title">
      <h1 id="error-title">{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <p className="actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <a className="button" href="#/">
          {t('error.home')}
        </a>
      </p>
    </section>
  );
}

/**
 * Any failure while showing a page shows 'An error occurred' (docs/product.md, Screens). A new `resetKey`
 * (the next page) clears it without remounting what is inside, so a page that is still loading
 * keeps the one before it on screen (navigations are transitions).
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { failed: boolean; resetKey: string | undefined }
> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { resetKey: string | undefined },
  ): { failed: boolean; resetKey: string | undefined } | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
