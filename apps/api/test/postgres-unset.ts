import { it } from 'vitest';

/**
 * The api-pg project's only file while TEST_DATABASE_URL is unset: one skipped test whose name
 * says why, so that `--project=api-pg` without PostgreSQL passes and says plainly that nothing ran
 * there, while every run that names files still fails when none matches.
 */
it.skip('PostgreSQL suites did not run: TEST_DATABASE_URL is not set', () => {});
