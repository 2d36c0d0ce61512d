/**
 * The navigation guard (docs/product.md, Member rules), as a pure rule. `status` is maintenanceStatus's
 * result.period.status ('on': service up, 'off': maintenance), undefined while
 * it is not known. Returns where to go instead of `path`, or null to stay.
 */
export type MaintenanceStatus = 'on' | 'off';

/** Pages a visitor without a token may open: any path containing one of these, and home. */
const PUBLIC_PARTS = ['news', 'sign-up', 'login', 'forgot-password', 'forgot-username'];
/** Pages a signed-in member is sent home from. */
const SIGNED_OUT_ONLY = ['sign-up', 'login'];

export function redirectFor(
  path: string,
  { status, signedIn }: { status: MaintenanceStatus | undefined; signedIn: boolean },
): string | null {
  if (status === 'off') return path === '/maintenance' ? null : '/maintenance';
  if (path === '/maintenance') return status === 'on' ? '/' : null;
  if (!signedIn) return path === '/' || PUBLIC_PARTS.some((p) => path.includes(p)) ? null : '/login';
  return SIGNED_OUT_ONLY.some((p) => path.includes(p)) ? '/' : null;
}

/**
 * The guard's redirect with the way back: a visitor sent to /login carries the page they asked
 * for (path and query) in `next`, and once they have a token /login (or /sign-up) takes them
 * there, not home.
 */
export function withReturn(to: string, path: string, search: string): string {
  if (to === '/login') return path === '/' ? to : `/login?next=${encodeURIComponent(path + search)}`;
  if (to === '/maintenance') return toMaintenance(path, search);
  // Maintenance is over: back to the page the member was on (decision 0063).
  if (to === '/' && path === '/maintenance') return afterSignIn(search);
  if (to === '/' && SIGNED_OUT_ONLY.includes(path.replace(/^\/+|\/+$/g, ''))) return afterSignIn(search);
  return to;
}

/**
 * The maintenance page, carrying the page the member was on in `next` so that it can return them
 * there when maintenance ends; already on it, the same address.
 */
export function toMaintenance(path: string, search: string): string {
  if (path === '/maintenance') return `${path}${search}`;
  return path === '/' ? '/maintenance' : `/maintenance?next=${encodeURIComponent(path + search)}`;
}

/** Where signing in or up leads: the page's `next` when it is a page of this app, otherwise home. */
export function afterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next');
  // A path of this app only: never another site ('//host', '/\\host', 'https:'), no whitespace.
  if (!next?.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) return '/';
  return next;
}
