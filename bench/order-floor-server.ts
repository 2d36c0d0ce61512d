// The floor of the orders bench: bare Fastify and raw `pg` (no validation, no query builder, no
// sessions or services) making the same round trips to PostgreSQL as one createTransaction, on
// small tables of its own in the bench's database. What createTransaction loses against this is
// the application's own cost; what this loses against the hello-world is the database's.
// createTransaction's round trips (decision 0086): the member's session comes from memory; the
// trading gate and the payout address side by side; then begin, the member's row lock, the checks
// in one statement (with the member's contact and notice choices), the order with its audit row,
// the queued notice, commit; the event after commit. The statements createTransaction prepares by
// name are named here too.
import { randomInt } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(`
  create table if not exists floor_members (id int primary key, token text not null, verified boolean not null,
    email text not null, phone text not null, lang text not null);
  create table if not exists floor_addresses (id int primary key, member_id int not null, address text not null);
  create table if not exists floor_orders (id bigint generated always as identity primary key,
    member_id int not null, public_id text not null unique, amount numeric(16, 2) not null,
    status text not null, created_at timestamptz not null default now());
  create index if not exists floor_orders_member on floor_orders (member_id, status);
  create table if not exists floor_audit (id bigint generated always as identity primary key,
    target text not null, after jsonb, created_at timestamptz not null default now());
  create table if not exists floor_choices (member_id int not null, kind text not null, channels jsonb not null,
    primary key (member_id, kind));
  create table if not exists floor_outbox (id bigint generated always as identity primary key,
    recipient text not null, body text not null, member_id int not null, state text not null default 'pending');
  insert into floor_members select g, 'token-' || g, true, 'm' || g || '@example.com', '', 'en'
    from generate_series(1, 20) g on conflict do nothing;
  insert into floor_addresses select g, g, 'T' || g from generate_series(1, 20) g on conflict do nothing;
`);

const app = Fastify({ logger: false });
app.get('/', async () => ({ ready: true }));
app.post('/create', async (request) => {
  const memberId = Number((request.body as { member: number }).member);
  await Promise.all([
    pool.query({
      name: 'gate',
      text: `select m.verified, exists (select 1 from floor_addresses a where a.member_id = $1) as has_address
        from floor_members m where m.id = $1`,
      values: [memberId],
    }),
    pool.query({
      name: 'address',
      text: 'select * from floor_addresses where id = $1 and member_id = $2',
      values: [memberId, memberId],
    }),
  ]);
  const client = await pool.connect();
  let created: { public_id: string };
  try {
    await client.query('begin');
    await client.query({
      name: 'lock',
      text: 'select id from floor_members where id = $1 for update',
      values: [memberId],
    });
    const checks = await client.query({
      name: 'checks',
      text: `select m.email, (select coalesce(json_agg(c), '[]') from
          (select kind, channels from floor_choices where member_id = m.id) c) as choices,
        count(o.id) filter (where o.status = 'pending') as open,
        coalesce(sum(o.amount) filter (where o.created_at >= $2), 0)::text as day,
        coalesce(sum(o.amount), 0)::text as month
        from floor_members m left join floor_orders o on o.member_id = m.id and o.created_at >= $3
        where m.id = $1 group by m.id`,
      values: [memberId, new Date(Date.now() - 3_600_000), new Date(Date.now() - 86_400_000)],
    });
    const order = await client.query({
      name: 'create',
      text: `with changed as (insert into floor_orders (member_id, public_id, amount, status)
         values ($1, $2, $3, 'pending') on conflict (public_id) do nothing returning *),
       audited as (insert into floor_audit (target, after) select 'order:' || public_id, $4::jsonb from changed)
       select * from changed`,
      values: [memberId, `B261125${randomInt(2 ** 40)}`, '5000.00', '{"status":"pending"}'],
    });
    created = order.rows[0];
    await client.query({
      name: 'queue',
      text: 'insert into floor_outbox (recipient, body, member_id) values ($1, $2, $3)',
      values: [checks.rows[0].email, `Order ${created.public_id} placed`, memberId],
    });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  await pool.query('select pg_notify($1, $2)', ['floor', created.public_id]);
  return created;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
