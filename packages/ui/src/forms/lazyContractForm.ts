import type { FieldValues, Resolver } from 'react-hook-form';
import type { ContractSchema } from './contractForm.ts';

/**
 * contractResolver for a form that should show before zod and its schema are loaded: the schema
 * (a dynamic import of the module that re-exports it from the contract) and the zod resolver are
 * fetched on the first check, usually the first submit, and kept. The fields render at once; the
 * checks and their codes are the contract's, as with contractResolver. A failed load is tried
 * again on the next check.
 */
export function lazyContractResolver<V extends FieldValues>(
  load: () => Promise<ContractSchema>,
): Resolver<V> {
  let ready: Promise<Resolver<V>> | undefined;
  const resolver = (): Promise<Resolver<V>> => {
    ready ??= Promise.all([import('./contractForm.ts'), load()]).then(
      ([{ contractResolver }, schema]) => contractResolver<V>(schema),
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  return async (values, context, options) => (await resolver())(values, context, options);
}
