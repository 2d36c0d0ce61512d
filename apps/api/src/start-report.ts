import type { SetupItem } from '@bahtdesk/contract';
import { type Config, describeDatabase, describeRedis } from './config.ts';
import type { Database } from './db/connection.ts';
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
  /** PGlite: its folder's entries found open to other users of the machine, or still open. */
  folder?: Database['folder'];
}

/** The warnings of a PGlite folder that was, or still is, readable by other users of the machine. */
function folderWarnings(folder: NonNullable<Database['folder']>): string[] {
  const lines: string[] = [];
  if (folder.madePrivate > 0) {
    lines.push(
      `Warning: the PGlite folder ${folder.dir} was readable by other users of this machine (${folder.madePrivate} files and folders); it is now this user's alone (folders 0700, files 0600). Copies and backups made before may be readable too: chmod 600 them.`,
    );
  }
  if (folder.stillOpen > 0) {
    lines.push(
      `Warning: the PGlite folder ${folder.dir} is readable by other users of this machine (${folder.stillOpen} files and folders) and their modes cannot be changed: keep DATA_DIR on a file system with Unix permissions, owned by the user that runs the server.`,
    );
  }
  return lines;
}

/**
 * What the server prints once it listens (decision 0055): the address, the database, Redis and
 * the mode (demo or production), the demo staff password on the start that made it, a PGlite
 * folder that was or is readable by other users, and what the desk still lacks, the first admin
 * account above all.
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
  if (facts.folder) lines.push(...folderWarnings(facts.folder));
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
