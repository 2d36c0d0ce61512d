import type { Endpoint } from '@bahtdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/** A zod schema of the contract (the same one the server checks the request with). */
export type ContractSchema = NonNullable<Endpoint['body']>;

/**
 * Checks a form with a contract schema. The values are kept as typed (`raw`): the form sends what
 * the user sees, and the server applies the schema's own normalising.
 */
export function contractResolver<V extends FieldValues>(schema: ContractSchema): Resolver<V> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<V>;
}

/** Catalogue codes (from the server) to show on fields when the form opens. */
export type FieldCodes<V> = Partial<Record<keyof V & string, number>>;
