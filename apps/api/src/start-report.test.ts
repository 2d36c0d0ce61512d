import { describe, expect, it } from 'vitest';
import { startReport } from './start-report.ts';

const pglite = { databaseUrl: undefined, dataDir: '/srv/desk/data', redisUrl: undefined };
const postgres = {
  databaseUrl: 'postgres://desk:s3cret@db.internal:5432/bahtdesk',
  dataDir: '/x',
  redisUrl: 'redis://:hunter2@cache:6379',
};

describe('what the server prints once it listens', () => {
  it('names the address, the PGlite folder, that Redis is not used, and the demo mode with its password once', () => {
    const text = startReport({
      url: 'http://127.0.0.1:3000',
      config: pglite,
      demoSeededAt: '2026-11-26T16:00:00.000Z',
      demoStaff: { username: 'admin', password: 'pw-shown-once' },
      setupMissing: [],
    }).join('\n');
    expect(text).toContain('BahtDesk is running at http://127.0.0.1:3000');
    expect(text).toContain('database: PGlite in /srv/desk/data');
    expect(text).toContain('Redis:    not used');
    expect(text).toContain('mode:     demo');
    expect(text).toMatch(/Demo staff account[^:]*:\s*admin\s*\/\s*pw-shown-once/);
    expect(text).not.toContain('Not ready');
  });

  it('on a production database names it without secrets, says no demo, and that the first admin comes from staff:create', () => {
    const text = startReport({
      url: 'http://0.0.0.0:3000',
      config: postgres,
      demoSeededAt: null,
      setupMissing: ['adminAccount', 'rates', 'locations'],
    }).join('\n');
    expect(text).toContain('database: PostgreSQL database bahtdesk on db.internal:5432');
    expect(text).toContain('Redis:    cache:6379');
    expect(text).toContain('mode:     production (no demo data)');
    expect(text).toContain('No admin staff account yet');
    expect(text).toContain('npm run desk -- staff:create <username>');
    expect(text).toContain(
      'Not ready to open yet, missing: an admin staff account; buy and sell rates; a cash-appointment location.',
    );
    expect(text).not.toMatch(/s3cret|hunter2/);
  });
});
