// Hash-router navigation for journeys: the member app's routes live after '#'.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens a route of the member app, e.g. openRoute(page, '/news'). */
export async function openRoute(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
}

/** The route the app shows now ('/' for the home page). */
export function currentRoute(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  return (hash || '/').split('?')[0] ?? '/';
}

/** Waits until the app shows `route`. */
export async function expectRoute(page: Page, route: string): Promise<void> {
  await expect.poll(() => currentRoute(page), { timeout: 10_000 }).toBe(route);
}

/** Waits until <html lang> is `lang`. */
export async function expectLanguage(page: Page, lang: 'en' | 'th'): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 10_000 }).toBe(lang);
}
