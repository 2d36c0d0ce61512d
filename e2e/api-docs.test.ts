// Journey: a developer opens /api/docs in a browser and finds every API operation listed.
import { expect, test } from 'vitest';
import { baseUrl, seriousA11yViolations, useBrowser } from './browser.ts';

const browser = useBrowser();

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

async function documentedOperations(): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/docs/openapi.json`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

test('the API docs page lists every operation of the OpenAPI document with its method and path', async () => {
  const operations = await documentedOperations();
  const page = await browser.page();
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title()).toContain('BahtDesk');
  await page.getByRole('heading', { level: 1, name: /BahtDesk API/ }).waitFor();

  const listed = (await page.getByRole('heading', { level: 2 }).allTextContents()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );
  expect(listed.sort()).toEqual([...operations].sort());
  await page.getByRole('link', { name: /OpenAPI 3\.1/ }).waitFor();
});

test('the public read endpoints of the foundation are documented', async () => {
  const operations = await documentedOperations();
  expect(operations).toEqual(
    expect.arrayContaining([
      'GET /api/external/home/maintenanceStatus',
      'POST /api/external/home/getRate',
      'GET /api/external/home/getNews',
      'GET /api/external/home/getHtmlPage',
      'POST /api/external/user/contactUs',
      'POST /api/external/user/getNetwork_bank',
    ]),
  );
});

test('the API docs page has no serious or critical accessibility violation', async () => {
  const page = await browser.page();
  await page.goto('/api/docs');
  expect(await seriousA11yViolations(page)).toEqual([]);
});
