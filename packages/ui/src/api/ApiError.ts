/** A call that did not succeed: `code` is the body code (998 when no envelope came back). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The error's `result.period`, when the server said more (e.g. `resendInSeconds` with 10023). */
    readonly period: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
