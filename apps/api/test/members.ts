import { randomInt } from 'node:crypto';
import { CLIENT_SIGNATURE_HEADER, type Envelope, type StaffRole } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { unique } from './harness.ts';

/** Helpers the API tests share: members made straight in the database, and calls as the app makes them. */

export interface TestMember {
  id: number;
  username: string;
  password: string;
  email: string;
  phone: string;
}

export function uniquePhone(): string {
  return `08${randomInt(0, 100_000_000).toString().padStart(8, '0')}`;
}

export async function createMember(app: FastifyInstance, password = 'secret1'): Promise<TestMember> {
  const username = unique('m').slice(0, 20);
  const email = `${username.toLowerCase()}@example.com`;
  const phone = uniquePhone();
  const row = await app.database.db
    .insertInto('members')
    .values({
      username,
      password_hash: await app.services.passwords.hash(password),
      first_name: 'Somchai',
      last_name: 'Jaidee',
      phone,
      email,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password, email, phone };
}

export async function clientSignature(app: FastifyInstance, ip?: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/clientSignature',
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return (res.json() as Envelope<{ clientSignature: string }>).result?.period.clientSignature ?? '';
}

export interface CallOptions {
  token?: string;
  /** Send a fresh clientSignature (default true), fetched from the same IP. */
  signed?: boolean;
  /** The client's address (default 127.0.0.1). Tests that may get an IP banned use their own. */
  ip?: string;
  headers?: Record<string, string>;
  lang?: 'en' | 'th';
}

/** POSTs a JSON body the way the member app does; returns HTTP status and the envelope. */
export async function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  body: unknown,
  options: CallOptions = {},
): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.signed !== false) headers[CLIENT_SIGNATURE_HEADER] = await clientSignature(app, options.ip);
  if (options.lang) headers['accept-language'] = options.lang;
  Object.assign(headers, options.headers);
  const res = await app.inject({
    method: 'POST',
    url,
    headers,
    payload: JSON.stringify(body ?? {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
}

export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await post<{ token: string }>(app, '/api/external/auth/auth', { username, password });
  const token = res.body.result?.period.token;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return token;
}

export interface TestStaff {
  id: number;
  username: string;
  /** A live staff session's bearer token. */
  token: string;
}

/**
 * A staff member with a live session, made through the staff and session services (the back office's
 * sign-in is not needed for access tests). `secondFactor: false` gives a session that has not passed
 * it yet; `disabled` disables the account after the session started.
 */
export async function createStaff(
  app: FastifyInstance,
  role: StaffRole,
  options: { secondFactor?: boolean; disabled?: boolean } = {},
): Promise<TestStaff> {
  const username = unique('s').slice(0, 20);
  const id = await app.services.staff.create(
    { type: 'system', id: null },
    { username, password: 'staff-password-1', role },
  );
  const { token } = await app.services.sessions.startStaff(
    id,
    { ip: '127.0.0.1', userAgent: 'test' },
    options.secondFactor ?? true,
  );
  if (options.disabled) {
    await app.database.db.updateTable('staff').set({ disabled: true }).where('id', '=', id).execute();
  }
  return { id, username, token };
}

/**
 * Leaves `admins` the desk's only enabled admin accounts, disabling every other admin straight in
 * the database: the suites of a worker share its database, so a test whose rule depends on whether
 * two-person rules hold (two enabled admins, decision 0091) says which admins the desk has.
 */
export async function onlyAdmins(app: FastifyInstance, ...admins: { id: number }[]): Promise<void> {
  let others = app.database.db
    .updateTable('staff')
    .set({ disabled: true })
    .where('role', '=', 'admin')
    .where('disabled', '=', false);
  if (admins.length > 0)
    others = others.where(
      'id',
      'not in',
      admins.map((a) => a.id),
    );
  await others.execute();
}
