import type { ErrorDef } from '@bahtdesk/contract';

/**
 * The one way a handler reports a failure the caller should see: a catalogue entry. The error
 * handler turns it into the envelope `{code, message, result}` with the entry's HTTP status and
 * message in the caller's language. `details` (e.g. which field failed) is returned as
 * `result.period` (result is null without details); never put secrets there. `retryAfterSeconds`
 * is sent as Retry-After.
 */
export class AppError extends Error {
  readonly def: ErrorDef;
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(def: ErrorDef, details?: unknown, options: { retryAfterSeconds?: number } = {}) {
    super(def.en);
    this.name = 'AppError';
    this.def = def;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
