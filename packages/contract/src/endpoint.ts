import { z } from 'zod';

/**
 * One API call: method, exact path, who may call it, and the zod schemas of its input and of
 * `result.period` in the response envelope. The server registers routes from these; the
 * browsers call them through one client; the OpenAPI document is generated from them.
 */
export type Access = 'public' | 'signed' | 'member' | 'staff';

export interface Endpoint<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** public: anyone; signed: anonymous but with a valid clientSignature; member: bearer token. */
  readonly access: Access;
  readonly summary: string;
  readonly body?: B;
  readonly query?: Q;
  readonly result: R;
}

export function endpoint<B extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<B, Q, R>,
): Endpoint<B, Q, R> {
  return e;
}

/** The response envelope of every call (design section 3). */
export const envelope = <R extends z.ZodType>(result: R) =>
  z.object({
    code: z.number().int(),
    message: z.string(),
    result: z.object({ period: result }).nullable(),
  });

export interface Envelope<T> {
  code: number;
  message: string;
  result: { period: T } | null;
}

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType, z.ZodType> ? z.input<B> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType> ? z.input<Q> : never;
export type ResultOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
