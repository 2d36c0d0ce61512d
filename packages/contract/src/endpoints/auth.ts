import { z } from 'zod';
import { CLIENT_SIGNATURE_HEADER } from '../client-signature.ts';
import { endpoint } from '../endpoint.ts';
import { E } from '../errors.ts';
import { codeMessage } from '../validators/messages.ts';
import { cappedString } from '../validators/text.ts';

/**
 * Sign-in, sign-out and the clientSignature (decision 0007).
 *
 * - A session is an opaque bearer token (256 random bits), sent as `Authorization: Bearer <token>`
 *   on every call whose access is 'member'. The server keeps only its SHA-256 hash. A session ends
 *   after SESSION_IDLE_MINUTES without a call or SESSION_ABSOLUTE_MINUTES after sign-in, whichever
 *   is first. Body codes: no or unknown token 500, expired 501, signed out or ended by a password
 *   change 502 (the member app then clears token and profile and goes to /login).
 * - Calls whose access is 'signed' (anonymous POSTs: sign-in, sign-up, forgot password) carry a
 *   fresh clientSignature from `GET /api/clientSignature` in the CLIENT_SIGNATURE_HEADER header;
 *   without a valid one they get 403.
 */

/** What sign-in and sign-up return: the new session. */
export const sessionResultSchema = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  /** When the session ends at the latest (absolute limit); inactivity may end it sooner. */
  expiresAt: z.iso.datetime(),
});
export type SessionResult = z.infer<typeof sessionResultSchema>;

/**
 * Sign-in checks only that both fields are present and of sane length: a wrong format is just a
 * wrong credential (999), so the answer never says which of the two was wrong.
 */
const credential = cappedString(256, codeMessage(E.BAD_CREDENTIALS), codeMessage(E.REQUIRED)).min(
  1,
  codeMessage(E.REQUIRED),
);

export const signInBodySchema = z.object({ username: credential, password: credential });
export type SignInBody = z.infer<typeof signInBodySchema>;

export const authEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: '/api/external/auth/auth',
    access: 'signed',
    summary:
      'Sign in with username and password. Returns a new session token every time. Wrong username or password: 999, answered in the same time whether or not the username exists.',
    body: signInBodySchema,
    result: sessionResultSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/external/auth/logout',
    access: 'member',
    summary: 'Sign out: the session token is revoked on the server (later calls with it get 502).',
    result: z.null(),
  }),
  clientSignature: endpoint({
    method: 'GET',
    path: '/api/clientSignature',
    access: 'public',
    summary: `A short-lived signed nonce to send in the '${CLIENT_SIGNATURE_HEADER}' header of anonymous POSTs (sign-in, sign-up, forgot password). Fetch a new one before it expires.`,
    result: z.object({ clientSignature: z.string(), expiresAt: z.iso.datetime() }),
  }),
} as const;
