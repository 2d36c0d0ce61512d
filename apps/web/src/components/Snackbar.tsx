import { SNACKBAR_MS } from '@bahtdesk/contract';
import { useEffect } from 'react';
import { getState, setState, useClientState } from '../lib/store.ts';

/** A short message at the bottom: green for success, red for errors; gone after 3.3 s. */
export function Snackbar() {
  const detail = useClientState((s) => s.snackBarDetail);
  useEffect(() => {
    if (!detail) return;
    const timer = setTimeout(() => {
      if (getState().snackBarDetail?.id === detail.id) setState({ snackBarDetail: null });
    }, SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [detail]);
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {detail ? (
        <p className={`snackbar snackbar--${detail.kind}`} data-kind={detail.kind}>
          {detail.message}
        </p>
      ) : null}
    </div>
  );
}
