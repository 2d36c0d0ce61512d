import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * How long `findBy*` and `waitFor` wait for the page to reach the state a test expects. They
 * return as soon as it does; the bound is for a 2-core machine shared with other work, where
 * rendering a route and its lazy chunks for the first time can take seconds.
 */
export const ASYNC_UTIL_TIMEOUT_MS = 10_000;

/**
 * The setup of a jsdom test project: every test starts from a fresh page (empty storage and
 * cookies, the root hash, `<html lang="en">`, then `reset` for the app's own state), and a test
 * fails if anything logs console.error or console.warn (React warnings included), so problems
 * cannot hide in the output.
 */
export function freshPageEachTest(reset: () => void = () => {}): void {
  configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
  const logged: string[] = [];

  beforeEach(() => {
    logged.length = 0;
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(`console.${level}: ${args.map(String).join(' ')}`);
      });
    }
    localStorage.clear();
    sessionStorage.clear();
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      // biome-ignore lint/suspicious/noDocumentCookie: clearing what the page under test wrote
      if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
    }
    window.history.replaceState(null, '', '/');
    document.documentElement.lang = 'en';
    reset();
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    if (logged.length > 0) throw new Error(`The test logged:\n${logged.join('\n')}`);
  });
}
