/** A device as a member recognises it, from its user agent: "Chrome on Windows" (or "an unknown device"). */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = [
    ['Edg/', 'Edge'],
    ['OPR/', 'Opera'],
    ['Firefox/', 'Firefox'],
    ['Chrome/', 'Chrome'],
    ['Safari/', 'Safari'],
  ].find(([mark]) => ua.includes(mark as string))?.[1];
  const system = [
    ['Android', 'Android'],
    ['iPhone', 'iPhone'],
    ['iPad', 'iPad'],
    ['Windows', 'Windows'],
    ['Mac OS X', 'macOS'],
    ['Linux', 'Linux'],
  ].find(([mark]) => ua.includes(mark as string))?.[1];
  if (browser && system) return `${browser} / ${system}`;
  return browser ?? system ?? '?';
}
