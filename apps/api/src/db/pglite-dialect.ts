import { type PGlite, parse, protocol } from '@electric-sql/pglite';
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
  /** Acquirers that have not got their turn yet. */
  #waiting = 0;

  acquire(timeoutMs = 0): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      // With someone waiting, the next holder starts after a turn of the event loop: PGlite runs
      // every statement synchronously, so without the turn the requests already read would run
      // back to back while every other socket (a new connection above all) waits for the whole
      // queue (decision 0087).
      release = () => {
        if (this.#waiting > 0) setImmediate(resolve);
        else resolve();
      };
    });
    this.#waiting++;
    const acquired = this.#tail.then(() => {
      this.#waiting--;
      return release;
    });
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

  /**
   * Kept statements run on their generic plan from the first call: planning a small statement
   * anew costs PGlite more than running it, and a desk's tables on PGlite are small enough that a
   * plan made without the values is a good one (decision 0065).
   */
  async init(): Promise<void> {
    await this.#connection.executeQuery(CompiledQuery.raw('set plan_cache_mode = force_generic_plan'));
  }

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

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A statement PGlite has parsed and planned once, kept by its SQL text. */
interface Prepared {
  name: string;
  /** The parameters' type oids, which decide how each value is written. */
  paramTypes: number[];
  /** Its row description (none for a statement without rows), which decides how each value is read. */
  rowDescription: BackendMessage | undefined;
}

/**
 * PGlite's step that copies a memory file system to storage after a statement: the desk opens
 * PGlite on a folder (Node's file system, which PostgreSQL writes directly) or in memory, where
 * the step does nothing but costs a lock and several promises per statement.
 */
const NO_SYNC = { syncToFs: false } as const;

/** Type oid of bytea. */
const BYTEA = 17;

/** SQL state of "cached plan must not change result type": a table changed under a kept statement. */
const PLAN_CHANGED = '0A000';

/**
 * The one connection. Each distinct SQL text is prepared once as a named statement and executed
 * by Bind/Execute/Sync in one protocol call (decision 0065): PGlite's own `query` parses, plans
 * and describes every statement on every call, which in WebAssembly costs several times what
 * running a small one does. At most `maxStatements` are kept, the least recently used closed
 * first. Values are written and read as `query` does (the instance's serializers by parameter
 * type, the given parsers, else the instance's, by column type).
 */
class PGliteConnection implements DatabaseConnection {
  readonly #pg: PGlite;
  readonly #parsers: Record<number, (value: string) => unknown>;
  readonly #prepared = new Map<string, Prepared>();
  readonly #maxStatements: number;
  #counter = 0;

  constructor(pg: PGlite, parsers: Record<number, (value: string) => unknown>, maxStatements = 500) {
    this.#pg = pg;
    // Merged once: given apart, parseResults merges the instance's 300-odd parsers with these on
    // every statement, which cost about 65 µs a statement (decision 0083).
    this.#parsers = { ...pg.parsers, ...parsers };
    this.#maxStatements = maxStatements;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = [...compiledQuery.parameters];
    let prepared = await this.#prepare(compiledQuery.sql);
    let messages: BackendMessage[];
    try {
      messages = await this.#run(prepared, parameters);
    } catch (error) {
      if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
      await this.#forget(compiledQuery.sql);
      prepared = await this.#prepare(compiledQuery.sql);
      messages = await this.#run(prepared, parameters);
    }
    const results = parse.parseResults(
      prepared.rowDescription ? [prepared.rowDescription, ...messages] : messages,
      this.#parsers,
    );
    const result = results[0];
    return {
      rows: (result?.rows ?? []) as R[],
      ...(result?.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  async #prepare(text: string): Promise<Prepared> {
    const known = this.#prepared.get(text);
    if (known) {
      // Most recently used last: a Map iterates in insertion order.
      this.#prepared.delete(text);
      this.#prepared.set(text, known);
      return known;
    }
    if (this.#prepared.size >= this.#maxStatements) {
      const oldest = this.#prepared.keys().next().value;
      if (oldest !== undefined) await this.#forget(oldest);
    }
    const name = `s${++this.#counter}`;
    const { messages } = await this.#pg.execProtocol(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      NO_SYNC,
    );
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    this.#prepared.set(text, prepared);
    return prepared;
  }

  async #run(prepared: Prepared, parameters: unknown[]): Promise<BackendMessage[]> {
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      // bytea goes in binary, as it is: PGlite's text form spells a 2 MB photo as 4 MB of hex made
      // one string per byte, and PostgreSQL parses the hex back (about 0.8 s of CPU; decision 0073).
      if (prepared.paramTypes[i] === BYTEA && value instanceof Uint8Array) return value;
      const serialize = this.#pg.serializers[prepared.paramTypes[i] ?? 0];
      return serialize ? serialize(value) : String(value);
    });
    const { messages } = await this.#pg.execProtocol(
      concat([
        protocol.serialize.bind({ statement: prepared.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      NO_SYNC,
    );
    return messages;
  }

  async #forget(text: string): Promise<void> {
    const prepared = this.#prepared.get(text);
    if (!prepared) return;
    this.#prepared.delete(text);
    await this.#pg.execProtocol(
      concat([protocol.serialize.close({ type: 'S', name: prepared.name }), protocol.serialize.sync()]),
      NO_SYNC,
    );
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported on PGlite');
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
