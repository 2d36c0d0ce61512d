import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

/**
 * Runs before every API test file. A test fails if it logs console.error or console.warn:
 * something went wrong that nobody asserted on.
 */
let errorSpy: MockInstance<typeof console.error>;
let warnSpy: MockInstance<typeof console.warn>;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
  warnSpy = vi.spyOn(console, 'warn');
});

afterEach(() => {
  const logged = [...errorSpy.mock.calls, ...warnSpy.mock.calls];
  errorSpy.mockRestore();
  warnSpy.mockRestore();
  if (logged.length > 0) {
    throw new Error(
      `The test logged to console.error/console.warn:\n${logged.map((args) => args.join(' ')).join('\n')}`,
    );
  }
});
