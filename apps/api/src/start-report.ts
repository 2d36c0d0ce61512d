import type { SetupItem } from '@bahtdesk/contract';
import { type Config, describeDatabase, describeRedis } from './config.ts';
import { SETUP_GUIDE } from './modules/setup/index.ts';

export interface StartFacts {
  /** Where the server listens, for people. */
  url: string;
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'redisUrl'>;
  /** When the demo data was seeded into this database; null when it never was. */
  demoSeededAt: string | null;
  /** The demo staff account, only on the start that created it. */
  demoStaff?: { username: string; password: string } | undefined;
  /** What the desk must still set before it opens. */
  setupMissing: readonly SetupItem[];
}

/**
 * What the server prints once it listens (decision 0055): the address, the database, Redis and
 * the mode (demo or production), the demo staff password on the start that made it, and what the
 * desk still lacks, the first admin account above all.
 */
export function startReport(facts: StartFacts): string[] {
  const lines = [
    `BahtDesk is running at ${facts.url}`,
    `  database: ${describeDatabase(facts.config)}`,
    `  Redis:    ${describeRedis(facts.config)}`,
    facts.demoSeededAt
      ? `  mode:     demo (demo rates, news, pages and settings, seeded ${facts.demoSeededAt.slice(0, 10)}; not for real money)`
      : '  mode:     production (no demo data)',
  ];
  if (facts.demoStaff) {
    lines.push(
      `Demo staff account, shown this once: ${facts.demoStaff.username} / ${facts.demoStaff.password} (sign in at /admin/; the first sign-in sets up two-factor authentication)`,
    );
  }
  if (facts.setupMissing.includes('adminAccount')) {
    lines.push(`No admin staff account yet: create the first with ${SETUP_GUIDE.adminAccount.how}.`);
  }
  if (facts.setupMissing.length > 0) {
    lines.push(
      `Not ready to open yet, missing: ${facts.setupMissing.map((item) => SETUP_GUIDE[item].what).join('; ')}. The site works meanwhile; npm run desk -- check says how to set each.`,
    );
  }
  return lines;
}
