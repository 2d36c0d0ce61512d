import { type ReactNode, useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { FieldCodes } from './contractForm.ts';
import { FormAlert } from './Field.tsx';

/** What a form that is one step of a longer flow (the member's sign-up) or a dialog takes. */
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
  /** A problem with the whole form, shown above the fields. */
  alert?: string | null;
  /** Text above the fields (inside the fieldset). */
  intro?: ReactNode;
  /** With a legend the fields are a fieldset (a sign-up step); without, a dialog's title names them. */
  legend?: ReactNode;
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

/** The form around a step form's fields: intro, alert and fields (in a fieldset with a legend), then the buttons. */
export function StepForm<V extends FieldValues>({
  form,
  id,
  onSubmit,
  actions,
  alert,
  intro,
  legend,
  children,
}: StepFormProps<V> & { form: UseFormReturn<V, unknown, V>; children: ReactNode }) {
  const fields = (
    <>
      {intro}
      <FormAlert message={alert ?? null} />
      {children}
    </>
  );
  return (
    <form id={id} noValidate onSubmit={form.handleSubmit((v) => onSubmit(v))}>
      {legend ? (
        <fieldset className="fieldset">
          <legend>{legend}</legend>
          {fields}
        </fieldset>
      ) : (
        fields
      )}
      {actions(form.getValues)}
    </form>
  );
}
