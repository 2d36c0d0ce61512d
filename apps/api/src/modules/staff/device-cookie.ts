import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The staff device cookie (OWASP's device cookies against online guessing, decision 0019): a random
 * token given to a browser at each completed sign-in (password and second factor), of which only
 * the SHA-256 is stored per account (`staff_devices`). A sign-in that carries a valid one spends the
 * device's own attempt budget, which guesses from other browsers and addresses cannot touch. It is
 * no credential: the password and the second factor are still asked. HttpOnly, SameSite=Strict,
 * sent only to the back office's API, Secure when the request came over https.
 */

export const DEVICE_COOKIE = 'bahtdesk_staff_device';

/** A device counts as the account's for this long after its last completed sign-in. */
export const STAFF_DEVICE_DAYS = 90;

const DEVICE_PATH = '/api/admin';

/** What a sign-in step reads of the device cookie, and how it gives a new one. */
export interface DeviceCookie {
  /** The cookie the request carried, when well formed. */
  sent: string | undefined;
  /** Sets the cookie on the answer. */
  give(token: string): void;
}

/** The device token of a `Cookie` header: 43 base64url characters (256 bits), or undefined. */
export function sentDeviceToken(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === DEVICE_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return undefined;
}

/** The `Set-Cookie` value that gives a browser its device token. */
export function deviceCookieHeader(token: string, secure: boolean): string {
  const maxAge = STAFF_DEVICE_DAYS * 24 * 60 * 60;
  return `${DEVICE_COOKIE}=${token}; Path=${DEVICE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The device cookie of a back-office request and its answer. */
export function deviceCookie(req: FastifyRequest, reply: FastifyReply): DeviceCookie {
  return {
    sent: sentDeviceToken(req.headers.cookie),
    give: (token) => {
      reply.header('set-cookie', deviceCookieHeader(token, req.protocol === 'https'));
    },
  };
}
