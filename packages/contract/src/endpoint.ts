import { z } from 'zod';

/**
 * One API call: method, exact path (with `:name` path params), who may call it, the zod schemas of
 * its input, what it answers with, and the largest body it accepts. The server registers routes
 * from these; the browsers call them through one client; the OpenAPI document is generated from them.
 */

export const STAFF_ROLES = ['admin', 'operator', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who may call a route.
 * - `public`: anyone.
 * - `signed`: anonymous, with a valid clientSignature (anonymous POSTs: sign-in, sign-up, reset).
 * - `member`: a live member session (bearer token).
 * - `{ staff }`: a live staff session whose role is one of `staff`, with the second factor done
 *   unless `secondFactor` is false (the calls that enrol it).
 */
export type Access =
  | 'public'
  | 'signed'
  | 'member'
  | { readonly staff: readonly StaffRole[]; readonly secondFactor?: boolean };

export type StaffAccess = Extract<Access, { staff: readonly StaffRole[] }>;

export function isStaffAccess(access: Access): access is StaffAccess {
  return typeof access === 'object';
}

/** Every role: any signed-in staff member. */
export const ANY_STAFF: readonly StaffRole[] = STAFF_ROLES;

/**
 * What a call answers with: the JSON envelope (the default), a file (image bytes), a stream of
 * server-sent events, or CSV text.
 */
export type ResponseKind = 'json' | 'file' | 'events' | 'csv';

/** The body limit of a call that takes small JSON (every call that does not say otherwise). */
export const SMALL_BODY_LIMIT = 16 * 1024;

export interface Endpoint<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  K extends ResponseKind = ResponseKind,
> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly body?: B;
  readonly query?: Q;
  /** Schema of the `:name` segments of `path`. */
  readonly params?: P;
  /** Largest request body in bytes; SMALL_BODY_LIMIT when absent. */
  readonly bodyLimit?: number;
  /**
   * Body fields that carry images: a call with any of them counts, while it runs, as an upload in
   * progress of the member and of the address, which may have only so many (50049).
   */
  readonly imageFields?: readonly string[];
  /** 'json' when absent: `result` is the schema of `result.period` in the envelope. */
  readonly response?: K;
  readonly result: R;
}

export function endpoint<
  B extends z.ZodType,
  Q extends z.ZodType,
  R extends z.ZodType,
  P extends z.ZodType,
  K extends ResponseKind = 'json',
>(e: Endpoint<B, Q, R, P, K>): Endpoint<B, Q, R, P, K> {
  return e;
}

/** The response envelope of every JSON call (docs/product.md, The API). */
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

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType, z.ZodType, z.ZodType> ? z.input<B> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type ParamsOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer P> ? z.input<P> : never;
export type ResultOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R, z.ZodType> ? z.output<R> : never;
