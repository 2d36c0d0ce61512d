import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

/** Where the n-th argument goes while a statement is built: Kysely keeps it as a parameter. */
class Slot {
  constructor(readonly index: number) {}
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
  return async (db: Kysely<DB>, ...args: A): Promise<R[]> => {
    kept ??= build(db, ...(args.map((_, i) => new Slot(i)) as A)).compile();
    const parameters = kept.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    const { rows } = await db.executeQuery(CompiledQuery.raw(kept.sql, parameters) as CompiledQuery<R>);
    return rows;
  };
}
