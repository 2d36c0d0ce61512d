import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.ts';

let pg: PGlite;
let db: Kysely<unknown>;

beforeAll(async () => {
  pg = await PGlite.create();
  db = new Kysely<unknown>({ dialect: new PGliteDialect(pg, {}) });
});

afterAll(async () => {
  await db.destroy();
  await pg.close();
});

describe('turns on the one PGlite connection', () => {
  it('a socket read while transactions queue is served after the one running, not after the whole queue', async () => {
    const order: string[] = [];
    const queue = Array.from({ length: 20 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        order.push(`transaction ${i}`);
      }),
    );
    // What the event loop does between two turns: read a socket, accept a connection.
    setImmediate(() => order.push('event loop turn'));
    await Promise.all(queue);
    expect(order.slice(0, 3)).toContain('event loop turn');
    expect(order.filter((step) => step.startsWith('transaction'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `transaction ${i}`),
    );
  });

  it('a statement with nobody waiting runs at once, without waiting for a turn', async () => {
    await sql`select 1`.execute(db);
    const order: string[] = [];
    setImmediate(() => order.push('event loop turn'));
    await sql`select 1`.execute(db);
    order.push('statement');
    expect(order).toEqual(['statement']);
  });
});
