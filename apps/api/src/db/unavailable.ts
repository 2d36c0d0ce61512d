/**
 * Errors that mean "the database is unreachable or did not answer in time", as opposed to a bug
 * or bad input: the API answers them 505 / HTTP 503 with Retry-After, like /readyz at the same
 * moment, so clients and load balancers see an outage rather than a fault.
 *
 * The network codes are safe to read as the database's: the database pool is the only network
 * client whose errors reach the error handler (a failed OTP delivery is caught where it is sent,
 * and the limits go on counting in the process when Redis fails).
 */

/** Node's socket errors when a connection cannot be made or breaks. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * SQLSTATE class 08 (connection exception); 57P01-57P03 (the server shutting down, crashed, or not
 * yet accepting connections); 57014 (query cancelled: statement_timeout); 53300 (too many
 * connections).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|57014|53300)$/;

/** What `pg` and `pg-pool` say when a connection broke, never came, or a query went unanswered. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout/;

/** The code of the error the PGlite driver throws when its one connection stays busy too long. */
export const ACQUIRE_TIMEOUT_CODE = 'BAHTDESK_DB_ACQUIRE_TIMEOUT';

export function acquireTimeoutError(ms: number): Error {
  return Object.assign(new Error(`no database connection became free within ${ms} ms`), {
    code: ACQUIRE_TIMEOUT_CODE,
  });
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || SQLSTATE.test(code) || code === ACQUIRE_TIMEOUT_CODE)
  ) {
    return true;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  // A connection to a name with several addresses fails with an AggregateError of one per address.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
