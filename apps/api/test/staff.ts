import type { Envelope, StaffRole } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { unique } from './harness.ts';

/**
 * Helpers of the staff sign-in tests: calls as the back office makes them, and TOTP codes computed
 * with the same library as the server, at any time step.
 */

export const STAFF_PASSWORD = 'staff-password-1';

/**
 * Calls a back-office endpoint (`headers` adds request headers, such as a cookie); answers HTTP
 * status, envelope and the answer's headers.
 */
export async function adminCall<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const res = await app.inject({
    method,
    url,
    headers,
    ...(method === 'POST' ? { payload: JSON.stringify(options.body ?? {}) } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
}

/** The code of `secret` for the time step `steps` away from now. */
export function totpCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

export interface EnrolledStaff {
  id: number;
  username: string;
  password: string;
  secret: string;
}

/** A staff account with a second factor already in force (its secret put straight in the database). */
export async function enrolledStaff(app: FastifyInstance, role: StaffRole = 'admin'): Promise<EnrolledStaff> {
  const username = unique('s').slice(0, 20);
  const id = await app.services.staff.create(
    { type: 'system', id: null },
    { username, password: STAFF_PASSWORD, role },
  );
  const secret = new Secret({ size: 20 }).base32;
  await app.database.db.updateTable('staff').set({ totp_secret: secret }).where('id', '=', id).execute();
  return { id, username, password: STAFF_PASSWORD, secret };
}

/** Username and password: the session token, still without its second factor. */
export async function staffPasswordStep(
  app: FastifyInstance,
  staff: { username: string; password: string },
  ip?: string,
): Promise<string> {
  const res = await adminCall<{ token: string }>(app, 'POST', '/api/admin/auth/login', {
    body: { username: staff.username, password: staff.password },
    ...(ip ? { ip } : {}),
  });
  const token = res.body.result?.period.token;
  if (!token) throw new Error(`staff sign-in failed: ${JSON.stringify(res.body)}`);
  return token;
}
