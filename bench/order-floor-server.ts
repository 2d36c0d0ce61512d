// The floor of the orders bench: bare Fastify and raw `pg` sending createTransaction's own
// statements, compiled from the API's own builders, to the API's own database (its schema, its
// triggers, its members), with none of the application around them: no validation, sessions,
// services, notice text, request log or hooks. What createTransaction loses against this is the
// application's own cost in Node; what this loses against the hello-world is the database's.
// The round trips are createTransaction's (decision 0086): the trading gate and the payout
// address side by side; then begin, the member's row lock with the rates' shared lock, the checks
// (with the rates in force, an earlier order of the key and the member's contact), the order with
// its audit row, the queued notice, commit; the event after commit. The statements
// are prepared by name, as the API's connections prepare them, and a listener hears the events
// as the API's event bus does.
// DATABASE_URL: the API's bench database; FLOOR_MEMBERS: the usernames of the members whose orders
// it places (verified, with a saved USDT address, no orders yet); FLOOR_RATE: the buy rate in force.
import { randomInt, randomUUID } from 'node:crypto';
import { buyQuote } from '@bahtdesk/contract';
import Fastify from 'fastify';
import pg from 'pg';
import { lockMemberForOrder } from '../apps/api/src/db/locks.ts';
import { tradingGateOf } from '../apps/api/src/modules/kyc/repository.ts';
import { createStatement, orderChecksOf } from '../apps/api/src/modules/orders/repository.ts';
import { FIND_PAYMENT } from '../apps/api/src/modules/payments/repository.ts';
import { limitPeriods } from '../apps/api/src/modules/risk/service.ts';
import { queueOne } from '../apps/api/src/notifications/queue.ts';
import { compileOnly as compiler } from '../apps/api/test/compile-only.ts';

const CHANNEL = 'bahtdesk_events';
const DEADLINE_MINUTES = 120;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
await listener.connect();
await listener.query(`listen ${CHANNEL}`);
listener.on('notification', () => {});

const usernames = (process.env.FLOOR_MEMBERS ?? '').split(',');
const { rows: members } = await pool.query<{ id: number; address: number }>(
  `select m.id::int, (select min(a.id)::int from usdt_addresses a where a.member_id = m.id) as address
     from members m where m.username = any($1) order by array_position($1, m.username)`,
  [usernames],
);
if (members.length !== usernames.length) throw new Error('FLOOR_MEMBERS names members that do not exist');

const quote = buyQuote('5000.00', process.env.FLOOR_RATE ?? '');
const now = new Date();
const { dayStart, monthStart } = limitPeriods(now);
const first = members[0] as { id: number; address: number };
const buy = (memberId: number, address: { id: number; network: string; address: string }) => ({
  type: 'buy' as const,
  rate: quote.rate,
  amount_thb: quote.thb,
  amount_usdt: quote.usdt,
  total: quote.thb,
  network: address.network,
  usdt_address_id: address.id,
  usdt_address: address.address,
  // The desk account the order shows, kept with it as createTransaction keeps it (decision 0096).
  desk_bank_code: 'KBANK',
  desk_account_number: '1234567890',
  desk_account_name: 'BahtDesk Co., Ltd.',
  desk_account_name_th: null,
  member_id: memberId,
  deadline_at: new Date(Date.now() + DEADLINE_MINUTES * 60_000),
  idempotency_key: null,
  idempotency_sha256: null,
});
const columns = Object.keys(buy(0, { id: 0, network: '', address: '' })) as (keyof ReturnType<typeof buy>)[];
const statements = {
  gate: tradingGateOf.statement(compiler, first.id),
  address: FIND_PAYMENT.usdt.statement(compiler, first.address, first.id),
  lock: lockMemberForOrder.statement(compiler, first.id),
  checks: orderChecksOf.statement(compiler, first.id, dayStart, monthStart, now, null),
  create: createStatement(columns).statement(compiler, ...Array(5 + columns.length).fill(null)),
  queue: queueOne.statement(compiler, '', '', '', '', '', null, '', '', null),
};
/** Runs a statement by its prepared name, as the API's connections do (db/connection.ts). */
const run = <R extends pg.QueryResultRow>(
  on: pg.Pool | pg.PoolClient,
  statement: { name: string; text: string },
  values: unknown[],
) => on.query<R>({ name: statement.name, text: statement.text, values });

function newOrderId(): string {
  let tail = '';
  for (let i = 0; i < 6; i++) tail += 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[randomInt(31)];
  return `B${now.toISOString().slice(2, 10).replaceAll('-', '')}${tail}`;
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ ready: true }));
app.post('/create', async (request) => {
  const member = members[Number((request.body as { member: number }).member) - 1];
  if (!member) throw new Error('no such member');
  const at = new Date();
  const [, found] = await Promise.all([
    run(pool, statements.gate, statements.gate.values(member.id)),
    run<{ id: number; network: string; address: string }>(
      pool,
      statements.address,
      statements.address.values(member.address, member.id),
    ),
  ]);
  const address = found.rows[0];
  if (!address) throw new Error('no address');
  const values = buy(member.id, address);
  const client = await pool.connect();
  let created: { public_id: string; member_id: number; status: string };
  try {
    await client.query('begin');
    await run(client, statements.lock, statements.lock.values(member.id));
    const checks = await run<{ recipient: { email: string | null; phone: string | null } | null }>(
      client,
      statements.checks,
      statements.checks.values(member.id, dayStart, monthStart, at, null),
    );
    const after = JSON.stringify({ status: 'pending', type: 'buy', rate: quote.rate, total: quote.thb });
    const order = await run<typeof created>(
      client,
      statements.create,
      statements.create.values(
        newOrderId(),
        'member',
        member.id,
        '127.0.0.1',
        after,
        ...columns.map((c) => values[c]),
      ),
    );
    created = order.rows[0] as typeof created;
    const recipient = checks.rows[0]?.recipient;
    await run(
      client,
      statements.queue,
      statements.queue.values(
        recipient?.email ? 'email' : 'sms',
        recipient?.email ?? recipient?.phone ?? '',
        `BahtDesk: order ${created.public_id} placed`,
        `Your order ${created.public_id} to buy ${quote.usdt} USDT for ${quote.thb} THB is placed. Pay before the deadline.`,
        'orderCreated',
        member.id,
        'en',
        randomUUID(),
        null,
      ),
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  const event = { memberId: created.member_id, id: created.public_id, status: created.status };
  await pool.query('select pg_notify($1, $2)', [
    CHANNEL,
    JSON.stringify({ name: 'order.updated', data: event, origin: 'floor' }),
  ]);
  return { id: created.public_id, status: created.status };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
