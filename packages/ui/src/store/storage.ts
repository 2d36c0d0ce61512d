/**
 * Local storage that never throws: when storage is blocked (private mode, a sandboxed frame) a
 * value lives for this page only.
 */
export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked: the value lives for this page only
  }
}
