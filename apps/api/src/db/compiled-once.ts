import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

/** Where the n-th argument goes while a statement is built: Kysely keeps it as a parameter. */
class Slot {
  constructor(readonly index: number) {}
}

/** Each kept statement's name, by its SQL text: PostgreSQL connections prepare it under that name. */
const keptNames = new Map<string, string>();

/**
 * The name a statement compiled once goes by (undefined for any other SQL text). A PostgreSQL
 * connection prepares it by this name on its first run and only binds and executes it after
 * (connection.ts), so the server parses it once per connection and may keep its plan.
 */
export function keptStatementName(text: string): string | undefined {
  return keptNames.get(text);
}

/** A statement compiled once as it goes to the database: its text, its prepared name, its values. */
export interface KeptStatement<A extends unknown[]> {
  text: string;
  name: string;
  values(...args: A): unknown[];
}

/**
 * A read of one fixed shape, built and compiled by Kysely on its first call only: later calls put
 * their arguments into the kept statement's parameters and run it. Building and compiling a
 * statement with several subqueries costs about as much CPU as PGlite spends running it
 * (decision 0075). `build` must hand each argument to Kysely as a value (`where('id', '=', id)`),
 * never branch on it or compute with it, so that the SQL text is the same for every argument.
 */
export function compiledOnce<DB, A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
) {
  let kept: CompiledQuery<R> | undefined;
  const compiled = (db: Kysely<DB>, args: A) => {
    if (!kept) {
      kept = build(db, ...(args.map((_, i) => new Slot(i)) as A)).compile();
      if (!keptNames.has(kept.sql)) keptNames.set(kept.sql, `kept_${keptNames.size + 1}`);
    }
    return kept;
  };
  const values = ({ parameters }: CompiledQuery<R>, args: A) =>
    parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
  const run = async (db: Kysely<DB>, ...args: A): Promise<R[]> => {
    const statement = compiled(db, args);
    const { rows } = await db.executeQuery(
      CompiledQuery.raw(statement.sql, values(statement, args)) as CompiledQuery<R>,
    );
    return rows;
  };
  /**
   * The statement as `run` sends it for arguments like `args`, compiled with `db` (any Kysely of the
   * same dialect, one on a DummyDriver included): the bench's raw-pg floor sends the same statements.
   */
  run.statement = (db: Kysely<DB>, ...args: A): KeptStatement<A> => {
    const statement = compiled(db, args);
    return {
      text: statement.sql,
      name: keptNames.get(statement.sql) as string,
      values: (...args: A) => values(statement, args),
    };
  };
  return run;
}
