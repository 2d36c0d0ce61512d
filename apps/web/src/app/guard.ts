/**
 * The navigation guard of spec section 4, as a pure rule. `status` is maintenanceStatus's
 * result.period.status ('on': service up, 'off': maintenance; design section 4), undefined while
 * it is not known. Returns where to go instead of `path`, or null to stay.
 */
export type MaintenanceStatus = 'on' | 'off';

/** Pages a visitor without a token may open: any path containing one of these, and home. */
const PUBLIC_PARTS = ['news', 'sign-up', 'login', 'forgot-password'];
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
