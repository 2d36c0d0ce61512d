/**
 * A thin bar at the top while a page or a request is loading. It is only something to see: each
 * page says in words what it waits for (its loading text, `aria-busy`), so the bar, which stands
 * outside the page's landmarks, is hidden from assistive technology rather than announced twice.
 */
export function LoadingBar({ active = true }: { active?: boolean }) {
  return active ? <div className="loading-bar" aria-hidden="true" /> : null;
}
