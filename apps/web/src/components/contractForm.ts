import type { Endpoint } from '@bahtdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';

/** A zod schema of the contract (the same one the server checks the request with). */
type ContractSchema = NonNullable<Endpoint['body']>;

/**
 * Checks a form with a contract schema. The values are kept as typed (`raw`): the form sends what
 * the member sees, and the server applies the schema's own normalising.
 */
export function contractResolver<V extends FieldValues>(schema: ContractSchema): Resolver<V> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<V>;
}

/** Catalogue codes (from the server) to show on fields when the form opens. */
export type FieldCodes<V> = Partial<Record<keyof V & string, number>>;

/** What a form that is one step of a longer flow (sign-up) or a dialog (account) takes. */
export interface StepFormProps<V> {
  id?: string;
  defaultValues: V;
  onSubmit: (values: V) => void | Promise<void>;
  /** Called with the values as they are typed (sign-up keeps them for a reload). */
  onValues?: (values: V) => void;
  /** Server codes to show on their fields (focus goes to the first). */
  problems?: FieldCodes<V>;
  /** The buttons; `back` gets the values typed so far without checking them. */
  actions: (getValues: () => V) => ReactNode;
}

/** useForm for a step form: the server's codes shown on their fields, the values reported as typed. */
export function useStepForm<V extends FieldValues>(
  resolver: Resolver<V>,
  { defaultValues, problems, onValues }: Pick<StepFormProps<V>, 'defaultValues' | 'problems' | 'onValues'>,
) {
  const form = useForm<V, unknown, V>({ resolver, defaultValues: defaultValues as DefaultValues<V> });
  const { setError, watch, getValues } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown once, when the form opens with them
  useEffect(() => {
    let first = true;
    for (const [name, code] of Object.entries(problems ?? {})) {
      setError(name as Path<V>, { message: String(code) }, { shouldFocus: first });
      first = false;
    }
  }, [problems]);
  useEffect(() => {
    if (!onValues) return;
    const subscription = watch(() => onValues(getValues()));
    return () => subscription.unsubscribe();
  }, [watch, getValues, onValues]);
  return form;
}
