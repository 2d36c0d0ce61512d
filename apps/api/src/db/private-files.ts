import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Files only the server's user may read: the PGlite folder and backups hold password hashes, TOTP
 * secrets and identity photos. Modes are set explicitly rather than trusted to the umask: PGlite
 * writes the files of a new database through Emscripten's file system, which sets 0666 on each
 * whatever the process's umask (measured: 968 of 1,176 files), and rewrites its relation cache
 * files 0644 at every open.
 */

/** Group and other permission bits: any of them lets another user of the machine in. */
const OTHERS = 0o077;
const DIRECTORY = 0o700;
const FILE = 0o600;

/** How many entries were open to other users and made private, and how many still are. */
export interface Privacy {
  madePrivate: number;
  stillOpen: number;
}

/** Sets one entry's mode when it lets others in, and counts it as made private or still open. */
function keepPrivate(file: string, privacy: Privacy): void {
  const stat = lstatSync(file);
  // A symbolic link has no mode of its own, and chmod would change what it points to.
  if (stat.isSymbolicLink() || (stat.mode & OTHERS) === 0) return;
  try {
    chmodSync(file, stat.isDirectory() ? DIRECTORY : FILE);
  } catch {
    // Another user's file, or a file system without modes: counted as still open.
  }
  if ((lstatSync(file).mode & OTHERS) === 0) privacy.madePrivate++;
  else privacy.stillOpen++;
}

/** A backup (or any single file): 0600. */
export function keepFilePrivate(file: string): Privacy {
  const privacy: Privacy = { madePrivate: 0, stillOpen: 0 };
  keepPrivate(file, privacy);
  return privacy;
}

/**
 * The PGlite data folder: the folder itself 0700, and the database folder in it (`pgdata`)
 * readable by the owner only, its folders 0700 and files 0600. Other entries a DATA_DIR may hold
 * are not the desk's and are left as they are.
 */
export function keepDataFolderPrivate(dir: string, pgdata: string): Privacy {
  const privacy: Privacy = { madePrivate: 0, stillOpen: 0 };
  const walk = (folder: string) => {
    keepPrivate(folder, privacy);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else keepPrivate(file, privacy);
    }
  };
  keepPrivate(dir, privacy);
  if (existsSync(pgdata)) walk(pgdata);
  return privacy;
}
