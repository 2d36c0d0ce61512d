// Hash-router navigation for journeys: the member app's routes live after '#'.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

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

/** The route of the newest seeded news article, e.g. '/news/3', read from the API. */
export async function firstNewsRoute(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/external/home/getNews`);
  const body = (await response.json()) as { result: { period: { items: { id: number }[] } } };
  const first = body.result.period.items[0];
  if (!first) throw new Error('the seeded database has no news item');
  return `/news/${first.id}`;
}
