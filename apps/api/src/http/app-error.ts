import { E, type ErrorDef, issueDef } from '@bahtdesk/contract';
import type { z } from 'zod';

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

/**
 * `value` as `schema` reads it, or an AppError with the code of its first issue, as a request the
 * schema refuses is answered: for a value checked again in a service (a proposal being approved).
 */
export function parsedOrRefused<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw new AppError(first ? issueDef(first.message) : E.INVALID_INPUT);
}
