import { createStore, useStore } from '@bahtdesk/ui/store';
import { useEffect } from 'react';

/**
 * The name a page gives its own tab title when its route alone cannot (a news article is titled by
 * the article, not "News"). A store of its own, apart from the client state, because only the page
 * being shown and PageTitle ever touch it.
 */
const store = createStore<{ name: string | null }>(() => ({ name: null }));

/** While the calling page is shown, the tab is titled "<name> - BahtDesk"; undefined keeps the route's title. */
export function useTabTitleName(name: string | undefined): void {
  useEffect(() => {
    if (name === undefined) return;
    store.setState({ name });
    return () => store.setState({ name: null });
  }, [name]);
}

/** The name the shown page gave its tab title, or null when the route's title stands. */
export function useNamedTabTitle(): string | null {
  return useStore(store, (s) => s.name);
}
