import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.ts';
import { type ColumnKind, declaredSchema } from '../../test/schema-columns.ts';
import { migrateToLatest } from './migrate.ts';

/** The PostgreSQL types a column of each kind may have in the database (information_schema's names). */
const STORED_AS: Record<ColumnKind, readonly string[]> = {
  number: ['smallint', 'integer', 'bigint'],
  // numeric is read as a decimal string (connection.ts), never as a number.
  string: ['text', 'numeric', 'uuid'],
  boolean: ['boolean'],
  Date: ['timestamp with time zone'],
  bytes: ['bytea'],
  json: ['jsonb', 'json'],
};

/** Kysely's own bookkeeping of the migrations, which no query of the application reads. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

describe('db/schema.ts', () => {
  it('names exactly the tables and columns the migrations make, each with a type and nullability the database holds', async () => {
    const declared = declaredSchema();
    const { database, drop } = await freshDatabase();
    try {
      await migrateToLatest(database.db);
      const { rows } = await sql<{
        table_name: string;
        column_name: string;
        data_type: string;
        is_nullable: 'YES' | 'NO';
      }>`select c.table_name, c.column_name, c.data_type, c.is_nullable
           from information_schema.columns c
           join information_schema.tables t using (table_schema, table_name)
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          order by c.table_name, c.ordinal_position`.execute(database.db);
      const stored = new Map<string, Map<string, { type: string; nullable: boolean }>>();
      for (const r of rows) {
        if (MIGRATOR_TABLES.includes(r.table_name)) continue;
        const columns = stored.get(r.table_name) ?? new Map();
        columns.set(r.column_name, { type: r.data_type, nullable: r.is_nullable === 'YES' });
        stored.set(r.table_name, columns);
      }

      const problems: string[] = [];
      for (const [table, columns] of declared) {
        const inDatabase = stored.get(table);
        if (!inDatabase) {
          problems.push(`${table}: in schema.ts, no such table in the database`);
          continue;
        }
        for (const [column, d] of columns) {
          const s = inDatabase.get(column);
          if (!s) problems.push(`${table}.${column}: in schema.ts, no such column in the database`);
          else if (!STORED_AS[d.kind].includes(s.type))
            problems.push(`${table}.${column}: schema.ts reads ${d.written}, the database holds ${s.type}`);
          else if (d.nullable !== s.nullable)
            problems.push(
              `${table}.${column}: schema.ts says ${d.nullable ? 'nullable' : 'never null'}, the database ${s.nullable ? 'allows null' : 'says not null'}`,
            );
        }
      }
      for (const [table, columns] of stored) {
        for (const column of columns.keys()) {
          if (!declared.get(table)?.has(column))
            problems.push(`${table}.${column}: in the database, missing from schema.ts`);
        }
      }
      expect(problems).toEqual([]);
      // The comparison saw the schema: every table of the database, and its columns.
      expect([...declared.keys()].sort()).toEqual([...stored.keys()].sort());
      expect(declared.get('kyc_submissions')?.get('id_card_number')).toMatchObject({
        kind: 'string',
        nullable: true,
      });
    } finally {
      await drop();
    }
  });
});
