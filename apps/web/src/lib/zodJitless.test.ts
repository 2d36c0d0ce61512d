import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';

describe('zod never compiles with eval in the member app', () => {
  it('is made jitless by the first module the entry imports', async () => {
    const main = readFileSync('apps/web/src/main.tsx', 'utf8');
    expect(main.match(/^import .*$/m)?.[0]).toBe("import './lib/zodJitless.ts';");
    await import('./zodJitless.ts');
    expect(config().jitless).toBe(true);
  });
});
