import type { ReactNode } from 'react';
import type { QueryState } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';

/** A list or a panel whose data is loading, failed to load, or arrived. */
export function Loaded<T>({ state, children }: { state: QueryState<T>; children: (data: T) => ReactNode }) {
  const t = useT('common');
  if (state.status === 'loading')
    return (
      <p className="state" role="status">
        {t('state.loading')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <div className="state state--failed" role="alert">
        <p>{t('state.failed')}</p>
        <button type="button" className="button" onClick={state.reload}>
          {t('state.retry')}
        </button>
      </div>
    );
  return <>{children(state.data)}</>;
}

/** What an empty list says. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="state state--empty">{children}</p>;
}
