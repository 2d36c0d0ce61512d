import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/**
 * A Kysely that only compiles: `query.compile()` gives the SQL and parameters PostgreSQL would get,
 * with no database. For tests that pin the SQL of the queries that matter most (locks, single use),
 * and for the orders bench's raw-pg floor, which sends createTransaction's own statements.
 */
export const compileOnly = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
