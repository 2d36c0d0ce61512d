// Journey: signing in (the first page that parses with the contract's zod schemas) breaks no rule
// of the Content-Security-Policy: zod runs jitless, so it never probes for eval (decision 0038).
import { expect, test } from 'vitest';
import signIn from '../apps/web/src/locales/en/signIn.json' with { type: 'json' };
import { useBrowser } from './browser.ts';
import { openRoute } from './routes.ts';

const browser = useBrowser({ locale: 'en-US' });

test('the login page and a sign-in attempt raise no CSP violation', async () => {
  const context = await browser.context();
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  // The wrong password below is answered with HTTP 401, which Chromium logs as a console error.
  browser.allowConsoleError(/status of 401 \(Unauthorized\)/);
  const page = await browser.page();
  await openRoute(page, '/login');
  await page.getByLabel(signIn.username, { exact: true }).fill('nobody1');
  await page.getByLabel(signIn.password, { exact: true }).fill('wrongpass1');
  await page.getByRole('button', { name: signIn.submit, exact: true }).click();
  await page.getByRole('alert').first().waitFor();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});
