import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/**
 * A Kysely that only compiles: `query.compile()` gives the SQL and parameters PostgreSQL would get,
 * with no database. For tests that pin the SQL of the queries that matter most (locks, single use).
 */
export const compileOnly = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
