import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { acquireTimeoutError } from './unavailable.ts';

/**
 * A Kysely dialect over one in-process PGlite instance. PGlite is a single connection, so the
 * driver hands out one logical connection at a time: acquiring waits until the previous holder
 * released it. A Kysely transaction holds the connection from BEGIN to COMMIT, so statements of
 * two transactions never interleave. (Inside a transaction use the transaction object, not the
 * outer `db`: the outer one would wait for the transaction to end.) Waiting for the connection
 * longer than `acquireTimeoutMs` (0: no limit) fails, so a holder that never lets go turns the
 * requests behind it into "database unavailable" answers, not a queue that hangs.
 */
export class PGliteDialect implements Dialect {
  readonly #pg: PGlite;
  readonly #parsers: Record<number, (value: string) => unknown>;

  readonly #acquireTimeoutMs: number;

  constructor(pg: PGlite, parsers: Record<number, (value: string) => unknown>, acquireTimeoutMs = 0) {
    this.#pg = pg;
    this.#parsers = parsers;
    this.#acquireTimeoutMs = acquireTimeoutMs;
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pg, this.#parsers, this.#acquireTimeoutMs);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/**
 * A FIFO mutex: `acquire` resolves with the function that releases it, or rejects when it has not
 * got its turn within `timeoutMs` (0: no limit); a waiter that gave up passes its turn on at once.
 */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(timeoutMs = 0): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    if (timeoutMs <= 0) return acquired;
    return new Promise((resolve, reject) => {
      let gaveUp = false;
      const timer = setTimeout(() => {
        gaveUp = true;
        reject(acquireTimeoutError(timeoutMs));
      }, timeoutMs);
      void acquired.then((releaseTurn) => {
        if (gaveUp) {
          releaseTurn();
        } else {
          clearTimeout(timer);
          resolve(releaseTurn);
        }
      });
    });
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  readonly #mutex = new Mutex();
  readonly #acquireTimeoutMs: number;
  #release: (() => void) | undefined;

  constructor(pg: PGlite, parsers: Record<number, (value: string) => unknown>, acquireTimeoutMs: number) {
    this.#connection = new PGliteConnection(pg, parsers);
    this.#acquireTimeoutMs = acquireTimeoutMs;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#mutex.acquire(this.#acquireTimeoutMs);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let begin = 'begin';
    if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) begin += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {}
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class PGliteConnection implements DatabaseConnection {
  readonly #pg: PGlite;
  readonly #parsers: Record<number, (value: string) => unknown>;

  constructor(pg: PGlite, parsers: Record<number, (value: string) => unknown>) {
    this.#pg = pg;
    this.#parsers = parsers;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pg.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
      parsers: this.#parsers,
    });
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported on PGlite');
  }
}
