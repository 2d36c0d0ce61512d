import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';

describe('zod never compiles with eval in the member app', () => {
  it('is made jitless by the script index.html runs before the app', () => {
    // In <head>, before the module scripts the build puts at the end of it (deferred scripts run in order).
    const html = readFileSync('apps/web/index.html', 'utf8');
    const jitless = html.indexOf('<script defer src="/zod-jitless.js">');
    expect(jitless).toBeGreaterThan(0);
    expect(jitless).toBeLessThan(html.indexOf('</head>'));
    runInThisContext(readFileSync('apps/web/public/zod-jitless.js', 'utf8'));
    expect(config().jitless).toBe(true);
  });
});
