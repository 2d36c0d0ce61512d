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

describe('a PGlite folder readable by other users of the machine', () => {
  const report = (folder: { madePrivate: number; stillOpen: number }) =>
    startReport({
      url: 'http://127.0.0.1:3000',
      config: pglite,
      demoSeededAt: null,
      setupMissing: [],
      folder: { dir: '/srv/desk/data', ...folder },
    }).join('\n');

  it('is warned about when the start found it open and made it private, or could not', () => {
    expect(report({ madePrivate: 0, stillOpen: 0 })).not.toContain('Warning');
    expect(report({ madePrivate: 970, stillOpen: 0 })).toContain(
      'Warning: the PGlite folder /srv/desk/data was readable by other users of this machine (970 files and folders); it is now this user',
    );
    expect(report({ madePrivate: 0, stillOpen: 3 })).toContain(
      'Warning: the PGlite folder /srv/desk/data is readable by other users of this machine (3 files and folders) and their modes cannot be changed',
    );
  });
});
