import { validationMessage } from '@bahtdesk/contract';
import { useLanguage } from '@bahtdesk/ui/i18n';
import { type ComponentProps, useId } from 'react';

/** A multi-line field with its label and its problem (a catalogue code), as the kit's fields do. */
export function TextAreaField({
  label,
  problem,
  ...textarea
}: Omit<ComponentProps<'textarea'>, 'className'> & { label: string; problem?: { message?: string } }) {
  const id = useId();
  const lang = useLanguage();
  const text = problem ? validationMessage(problem.message, lang) : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input field__input--area"
        {...(text ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
        {...textarea}
      />
      {text ? (
        <p id={`${id}-error`} className="field__error">
          {text}
        </p>
      ) : null}
    </div>
  );
}
