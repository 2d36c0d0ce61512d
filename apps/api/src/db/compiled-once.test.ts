import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnly } from '../../test/compile-only.ts';
import { testDatabase } from '../../test/harness.ts';
import { compiledOnce } from './compiled-once.ts';

describe('a statement compiled once', () => {
  it('rule: each call runs with its own arguments, though Kysely built the statement only once', async () => {
    const { db } = await testDatabase();
    let builds = 0;
    const settingOf = compiledOnce((d: typeof db, key: string, label: string) => {
      builds++;
      return d
        .selectFrom('settings')
        .select((eb) => ['value', eb.cast<string>(eb.val(label), 'text').as('label')])
        .where('key', '=', key);
    });
    await db.deleteFrom('settings').where('key', 'in', ['once-a', 'once-b']).execute();
    await db
      .insertInto('settings')
      .values([
        { key: 'once-a', value: JSON.stringify('first') },
        { key: 'once-b', value: JSON.stringify('second') },
      ])
      .execute();

    const value = async (key: string) =>
      (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow())
        .value;
    expect(await settingOf(db, 'once-a', 'one')).toEqual([{ value: await value('once-a'), label: 'one' }]);
    expect(await settingOf(db, 'once-b', 'two')).toEqual([{ value: await value('once-b'), label: 'two' }]);
    expect(await settingOf(db, 'once-c', 'three')).toEqual([]);
    expect(builds).toBe(1);
    await db.deleteFrom('settings').where('key', 'in', ['once-a', 'once-b']).execute();
  });

  it('rule: a statement compiled once stays prepared on the connection that ran it, so it is not parsed again', async () => {
    const { db } = await testDatabase();
    const labelled = compiledOnce((d: typeof db, label: string) =>
      d.selectNoFrom((eb) => [eb.cast<string>(eb.val(label), 'text').as('kept_label_probe')]),
    );
    const prepared = await db.transaction().execute(async (t) => {
      expect(await labelled(t, 'one')).toEqual([{ kept_label_probe: 'one' }]);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        t,
      );
      return rows.filter((row) => row.statement.includes('kept_label_probe'));
    });
    expect(prepared).toHaveLength(1);
  });

  it("rule: the statement it shows (for the bench's raw-pg floor) is the one it runs, values in their places", async () => {
    const { db } = await testDatabase();
    const pair = compiledOnce((d: typeof db, first: string, second: string) =>
      d.selectNoFrom((eb) => [
        eb.cast<string>(eb.val(second), 'text').as('second'),
        eb.cast<string>(eb.val('fixed'), 'text').as('fixed'),
        eb.cast<string>(eb.val(first), 'text').as('first'),
      ]),
    );
    const shown = pair.statement(compileOnly, 'a', 'b');
    expect(shown.values('one', 'two')).toEqual(['two', 'fixed', 'one']);
    expect(shown.name).toMatch(/^kept_\d+$/);
    const { rows } = await db.executeQuery(CompiledQuery.raw(shown.text, shown.values('one', 'two')));
    expect(rows).toEqual(await pair(db, 'one', 'two'));
    expect(rows).toEqual([{ second: 'two', fixed: 'fixed', first: 'one' }]);
  });
});
