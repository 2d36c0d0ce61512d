import type { Profile, Transaction, TransactionStatus } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBus } from '../../test/bus-events.ts';
import { post } from '../../test/members.ts';
import { buy, CREATE, historyOf, orderTestFile, sell, transfer } from '../../test/orders.ts';
import { periodOf } from '../../test/staff-calls.ts';
import { createTrader, type Trader } from '../../test/traders.ts';
import type { BusEvent } from '../events/bus.ts';
import { createKeptMemberReads } from './kept-member-reads.ts';

const changed = (memberId: number): BusEvent => ({ name: 'member.changed', data: { memberId } });

describe('member reads kept in memory', () => {
  it('rule: a change of one member drops all of their kept answers and no one else’s', () => {
    const bus = fakeBus();
    const kept = createKeptMemberReads(bus);
    kept.keep('a1', 1, 'page 1', Infinity, kept.generation());
    kept.keep('a2', 1, 'page 2', Infinity, kept.generation());
    kept.keep('b1', 2, 'other', Infinity, kept.generation());
    bus.emit(changed(1));
    expect(kept.find('a1')).toBeUndefined();
    expect(kept.find('a2')).toBeUndefined();
    expect(kept.find('b1')?.value).toBe('other');
    bus.emit({ name: 'order.updated', data: { memberId: 2, id: 'x', status: 'reject' } });
    expect(kept.find('b1')).toBeUndefined();
  });

  it('rule: bus.resync drops everything', () => {
    const bus = fakeBus();
    const kept = createKeptMemberReads(bus);
    kept.keep('a', 1, 'a', Infinity, kept.generation());
    kept.keep('b', 2, 'b', Infinity, kept.generation());
    bus.emit({ name: 'bus.resync', data: {} });
    expect(kept.find('a')).toBeUndefined();
    expect(kept.find('b')).toBeUndefined();
  });

  it('rule: a read begun before an invalidation is not kept', () => {
    const bus = fakeBus();
    const kept = createKeptMemberReads(bus);
    const readAt = kept.generation();
    bus.emit(changed(1));
    const answer = kept.keep('a', 1, 'read before the change', Infinity, readAt);
    // It still answers its own request, but keeps nothing for the next.
    expect(answer.value).toBe('read before the change');
    expect(answer.bodies).toBeUndefined();
    expect(kept.find('a')).toBeUndefined();
    kept.dropMember(1);
    expect(kept.keep('a', 1, 'x', Infinity, readAt + 1).bodies).toBeUndefined();
  });

  it('rule: while the bus is not healthy nothing is answered from memory nor kept', () => {
    const bus = fakeBus();
    const kept = createKeptMemberReads(bus);
    kept.keep('a', 1, 'a', Infinity, kept.generation());
    bus.isHealthy = false;
    expect(kept.find('a')).toBeUndefined();
    kept.keep('b', 2, 'b', Infinity, kept.generation());
    bus.isHealthy = true;
    expect(kept.find('b')).toBeUndefined();
  });

  it('rule: an answer is not given past its time (the first pending deadline)', () => {
    const kept = createKeptMemberReads(fakeBus());
    kept.keep('a', 1, 'pending', 1_000, kept.generation());
    expect(kept.find('a', 999)?.value).toBe('pending');
    expect(kept.find('a', 1_000)).toBeUndefined();
  });

  it('rule: the number kept is bounded, the oldest dropped first', () => {
    const kept = createKeptMemberReads(fakeBus(), 2);
    kept.keep('a', 1, 'a', Infinity, kept.generation());
    kept.keep('b', 2, 'b', Infinity, kept.generation());
    kept.keep('c', 3, 'c', Infinity, kept.generation());
    expect(kept.find('a')).toBeUndefined();
    expect(kept.find('b')?.value).toBe('b');
    expect(kept.find('c')?.value).toBe('c');
  });
});

describe('the member history from memory (decision 0085)', () => {
  let app: FastifyInstance;
  let operatorToken: string;
  const { created, confirm, reject } = orderTestFile((t) => {
    app = t.app;
    operatorToken = t.operator.token;
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const history = async (t: Trader) => (await historyOf(app, t.token)).items.map((i) => [i.id, i.status]);

  /** Changes an order's row without the database's notice, as no writer can: what memory holds shows. */
  const silently = (id: string, change: { status?: TransactionStatus; deadline_at?: Date }) =>
    app.database.db.connection().execute(async (c) => {
      await sql`set session_replication_role = replica`.execute(c);
      try {
        await c.updateTable('transactions').set(change).where('public_id', '=', id).execute();
      } finally {
        await sql`set session_replication_role = origin`.execute(c);
      }
    });

  /** Resolves once this process hears the database's notice of a change of the member. */
  const noticeOf = (memberId: number) =>
    new Promise<void>((resolve) => {
      const off = app.events.subscribe((event) => {
        if (event.name === 'member.changed' && event.data.memberId === memberId) {
          off();
          resolve();
        }
      });
    });

  /**
   * A new order of the member, once this process has heard the database's notice of it: on
   * PostgreSQL the notice comes through the listener a moment after the answer, and would drop a
   * page the test reads before it.
   */
  const placed = async (t: Trader, body: unknown) => {
    const notice = noticeOf(t.id);
    const order = await created(t, body);
    await notice;
    return order;
  };

  it('rule: a page read again is answered from memory', async () => {
    const t = await createTrader(app);
    const order = await placed(t, sell(t));
    expect(await history(t)).toEqual([[order.id, 'pending']]);
    await silently(order.id, { status: 'request' });
    expect(await history(t)).toEqual([[order.id, 'pending']]);
  });

  it("rule: a change by staff is seen on the member's next history read", async () => {
    const t = await createTrader(app);
    const order = await placed(t, sell(t));
    const confirmed = noticeOf(t.id);
    periodOf((await confirm(t, transfer(order.id))).body);
    await confirmed;
    expect(await history(t)).toEqual([[order.id, 'request']]);
    periodOf((await reject(operatorToken, order.id, { reasonCode: 'usdtNotReceived' })).body);
    expect(await history(t)).toEqual([[order.id, 'reject']]);
  });

  it('rule: a change by a writer that announces nothing is seen once the database’s notice arrives', async () => {
    const t = await createTrader(app);
    const order = await placed(t, sell(t));
    expect(await history(t)).toEqual([[order.id, 'pending']]);
    const notice = noticeOf(t.id);
    await app.database.db
      .updateTable('transactions')
      .set({ status: 'request' })
      .where('public_id', '=', order.id)
      .execute();
    await notice;
    expect(await history(t)).toEqual([[order.id, 'request']]);
  });

  it("rule: the member's own write is seen by their very next history read", async () => {
    const t = await createTrader(app);
    const first = await placed(t, sell(t));
    expect(await history(t)).toEqual([[first.id, 'pending']]);
    const res = await post<Transaction>(app, CREATE, buy(t), { token: t.token });
    const second = periodOf(res.body);
    expect(await history(t)).toEqual([
      [second.id, 'pending'],
      [first.id, 'pending'],
    ]);
  });

  it('rule: a pending order past its deadline shows expired, though the page was kept before it', async () => {
    const t = await createTrader(app);
    const order = await placed(t, sell(t));
    const deadline = new Date(Date.now() + 60_000);
    await silently(order.id, { deadline_at: deadline });
    expect(await history(t)).toEqual([[order.id, 'pending']]);
    // Only the clock moves: no row changes, so no notice drops the page.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(deadline.getTime() + 1);
    expect(await history(t)).toEqual([[order.id, 'expired']]);
  });

  it('rule: while the bus cannot be trusted the history is read from the database', async () => {
    const t = await createTrader(app);
    const order = await placed(t, sell(t));
    expect(await history(t)).toEqual([[order.id, 'pending']]);
    vi.spyOn(app.events, 'healthy').mockReturnValue(false);
    await silently(order.id, { status: 'request' });
    expect(await history(t)).toEqual([[order.id, 'request']]);
  });

  const PROFILE = '/api/external/user/profile';
  const profileOf = async (t: Trader) =>
    periodOf((await post<Profile>(app, PROFILE, {}, { token: t.token })).body);

  /** Renames the member without the database's notice, as no writer can: what memory holds shows. */
  const renameSilently = (memberId: number, firstName: string) =>
    app.database.db.connection().execute(async (c) => {
      await sql`set session_replication_role = replica`.execute(c);
      try {
        await c.updateTable('members').set({ first_name: firstName }).where('id', '=', memberId).execute();
      } finally {
        await sql`set session_replication_role = origin`.execute(c);
      }
    });

  it('rule: the profile read again is answered from memory', async () => {
    const t = await createTrader(app);
    const first = await profileOf(t);
    await renameSilently(t.id, 'Silent');
    expect(await profileOf(t)).toEqual(first);
  });

  it('rule: a change to any table the profile reads, by any writer, is seen once the database’s notice arrives', async () => {
    const t = await createTrader(app);
    const { db } = app.database;
    for (const change of [
      () => db.updateTable('members').set({ first_name: 'Renamed' }).where('id', '=', t.id).execute(),
      () =>
        db
          .updateTable('bank_accounts')
          .set({ account_name: 'RENAMED' })
          .where('member_id', '=', t.id)
          .execute(),
      () =>
        db.updateTable('usdt_addresses').set({ nickname: 'renamed' }).where('member_id', '=', t.id).execute(),
      () =>
        db.updateTable('kyc_submissions').set({ status: 'failed' }).where('member_id', '=', t.id).execute(),
    ]) {
      await profileOf(t);
      const notice = noticeOf(t.id);
      await change();
      await notice;
      const now = await profileOf(t);
      const fresh = await app.services.account.profile(t.id);
      expect(now).toEqual(JSON.parse(JSON.stringify(fresh)));
    }
    const last = await profileOf(t);
    expect(last).toMatchObject({ firstName: 'Renamed', kycStatus: 'failed' });
    expect(last.bankAccounts[0]?.accountName).toBe('RENAMED');
    expect(last.usdtAddresses[0]?.nickname).toBe('renamed');
  });

  it("rule: the member's own profile edit is seen by their very next profile read", async () => {
    const t = await createTrader(app);
    const before = await profileOf(t);
    const edited = await post(
      app,
      '/api/external/user/editProfile',
      { firstName: 'Edited', lastName: before.lastName, phone: before.phone, email: before.email },
      { token: t.token },
    );
    expect(edited.body.code).toBe(0);
    expect((await profileOf(t)).firstName).toBe('Edited');
  });
});
