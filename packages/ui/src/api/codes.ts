/**
 * The body codes the API client handles itself, whatever the call (docs/product.md, Member rules):
 * the session has ended (500/501/502), the service is unavailable (997), and 998 when no envelope
 * came back at all (network failure, a proxy's error page).
 */
export const SESSION_ENDED: ReadonlySet<number> = new Set([500, 501, 502]);
export const UNAVAILABLE = 997;
export const NO_ENVELOPE = 998;

/** Codes after which the client has already acted (ended the session, left the page): a form shows nothing. */
export function handledGlobally(code: number): boolean {
  return SESSION_ENDED.has(code) || code === UNAVAILABLE;
}
