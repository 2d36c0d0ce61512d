// The app the sign-in timing bench drives in process: built as the server builds it, over a fresh
// in-memory PGlite database, with production password hashing (argon2id, 19456 KiB, t=2). Only the
// per-IP limits are raised, since every request comes from one address.
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { pgliteDatabase, pgliteParsers } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';

export async function signInBenchApp() {
  const database = pgliteDatabase(await PGlite.create({ parsers: pgliteParsers }));
  await migrateToLatest(database.db);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), RATE_LIMIT_FACTOR: '1000' });
  const app = await buildApp({ config, database });
  await app.ready();
  const argon2 = (await app.services.passwords.dummyHash()).split('$')[3];
  return {
    app,
    argon2,
    async addMember(username: string, password: string) {
      await database.db
        .insertInto('members')
        .values({
          username,
          password_hash: await app.services.passwords.hash(password),
          first_name: 'Bench',
          last_name: 'Member',
          phone: '0812345678',
          email: 'bench@example.com',
        })
        .execute();
    },
    /** A staff account that signed in before (as a desk's have), disabled if asked. */
    async addStaff(username: string, password: string, disabled = false) {
      const id = await app.services.staff.create(
        { type: 'system', id: null },
        { username, password, role: 'admin' },
      );
      await database.db
        .updateTable('staff')
        .set({ disabled, last_login_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
