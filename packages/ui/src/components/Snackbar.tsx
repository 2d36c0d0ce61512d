import { SNACKBAR_MS } from '@bahtdesk/contract';
import { useEffect } from 'react';
import { type Store, useStore } from '../store/createStore.ts';

export interface SnackBarDetail {
  readonly id: number;
  readonly message: string;
  readonly kind: 'success' | 'error';
}

/** The part of an app's client state the snackbar uses. */
export interface SnackbarState {
  snackBarDetail: SnackBarDetail | null;
}

let snackId = 0;

/** Shows `message` in the snackbar of `store`, replacing the one shown (with its own full time). */
export function showSnackbar(
  store: Store<SnackbarState>,
  message: string,
  kind: SnackBarDetail['kind'] = 'success',
): void {
  snackId += 1;
  store.setState({ snackBarDetail: { id: snackId, message, kind } });
}

/** A short message at the bottom: green for success, red for errors; gone after 3.3 s. */
export function Snackbar({ store }: { store: Store<SnackbarState> }) {
  const detail = useStore(store, (s) => s.snackBarDetail);
  useEffect(() => {
    if (!detail) return;
    const timer = setTimeout(() => {
      if (store.getState().snackBarDetail?.id === detail.id) store.setState({ snackBarDetail: null });
    }, SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [store, detail]);
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
