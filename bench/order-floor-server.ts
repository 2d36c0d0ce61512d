// The floor of the orders bench: bare Fastify and raw `pg` (no validation, no query builder, no
// sessions or services) making the same round trips to PostgreSQL as one createTransaction, on
// small tables of its own in the bench's database. What createTransaction loses against this is
// the application's own cost; what this loses against the hello-world is the database's.
import { randomInt } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(`
  create table if not exists floor_members (id int primary key, token text not null, verified boolean not null);
  create table if not exists floor_orders (id bigint generated always as identity primary key,
    member_id int not null, public_id text not null unique, amount numeric(16, 2) not null,
    status text not null, created_at timestamptz not null default now());
  create index if not exists floor_orders_member on floor_orders (member_id, status);
  create table if not exists floor_audit (id bigint generated always as identity primary key,
    target text not null, after jsonb, created_at timestamptz not null default now());
  insert into floor_members select g, 'token-' || g, true from generate_series(1, 20) g on conflict do nothing;
`);

const app = Fastify({ logger: false });
app.get('/', async () => ({ ready: true }));
app.post('/create', async (request) => {
  const memberId = Number((request.body as { member: number }).member);
  // The session, then the checks' three reads side by side, as createTransaction makes them.
  await pool.query('select id from floor_members where token = $1', [`token-${memberId}`]);
  await Promise.all(
    [1, 2, 3].map(() => pool.query('select verified from floor_members where id = $1', [memberId])),
  );
  const client = await pool.connect();
  let created: { public_id: string };
  try {
    await client.query('begin');
    await client.query('select id from floor_members where id = $1 for update', [memberId]);
    await client.query(`select count(*) from floor_orders where member_id = $1 and status = 'pending'`, [
      memberId,
    ]);
    const order = await client.query(
      `with changed as (insert into floor_orders (member_id, public_id, amount, status)
         values ($1, $2, $3, 'pending') on conflict (public_id) do nothing returning *),
       audited as (insert into floor_audit (target, after) select 'order:' || public_id, $4::jsonb from changed)
       select * from changed`,
      [memberId, `B261125${randomInt(2 ** 40)}`, '5000.00', '{"status":"pending"}'],
    );
    await client.query('commit');
    created = order.rows[0];
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
