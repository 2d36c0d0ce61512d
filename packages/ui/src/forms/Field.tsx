import { validationMessage } from '@bahtdesk/contract';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { useLanguage, useUiText } from '../i18n/language.ts';

/** What react-hook-form gives for a field with a problem: the message is a catalogue code. */
interface FieldProblem {
  message?: string;
}

interface FrameProps {
  label: string;
  problem?: FieldProblem;
  hint?: ReactNode;
  id?: string;
  children: (control: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    className: string;
  }) => ReactNode;
  after?: ReactNode;
}

/**
 * Label, optional hint, the control and its error: the control is tied to the hint and the error
 * by aria-describedby and marked aria-invalid while the error shows.
 */
function FieldFrame({ label, problem, hint, id, children, after }: FrameProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const lang = useLanguage();
  // The problem's text in the page's language, from the contract's catalogue.
  const text = problem ? validationMessage(problem.message, lang) : undefined;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', text ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="field__control">
        {children({
          id: controlId,
          className: 'field__input',
          ...(text ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        })}
        {after}
      </div>
      {text ? (
        <p id={errorId} className="field__error">
          {text}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'className' | 'children'> & {
  label: string;
  problem?: FieldProblem;
  hint?: ReactNode;
};

export function TextField({ label, problem, hint, id, ...input }: InputProps) {
  return (
    <FieldFrame label={label} problem={problem} hint={hint} id={id}>
      {(control) => <input {...input} {...control} />}
    </FieldFrame>
  );
}

/** An email address: the email keyboard and autofill, no capitals or spelling marks added. */
export function EmailField(props: Omit<InputProps, 'type'>) {
  return <TextField type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** A Thai mobile number: the phone keyboard and autofill in the national format (0812345678). */
export function PhoneField(props: Omit<InputProps, 'type'>) {
  return <TextField type="tel" inputMode="tel" autoComplete="tel-national" {...props} />;
}

/** A username: autofill with the saved one, no capitals or spelling marks added. */
export function UsernameField(props: InputProps) {
  return <TextField autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** A password input with a show/hide button (the button says which it will do, and is pressed while shown). */
export function PasswordField({ label, problem, hint, id, ...input }: Omit<InputProps, 'type'>) {
  const text = useUiText();
  const [shown, setShown] = useState(false);
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <FieldFrame
      label={label}
      problem={problem}
      hint={hint}
      id={controlId}
      after={
        <button
          type="button"
          className="field__toggle"
          aria-controls={controlId}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? text.hidePassword : text.showPassword}
        </button>
      }
    >
      {(control) => (
        <input
          {...input}
          {...control}
          className="field__input field__input--with-toggle"
          type={shown ? 'text' : 'password'}
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
    </FieldFrame>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'className'> & {
  label: string;
  problem?: FieldProblem;
  hint?: ReactNode;
};

export function SelectField({ label, problem, hint, id, children, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} problem={problem} hint={hint} id={id}>
      {(control) => (
        <select {...select} {...control}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A problem with the whole form (wrong credentials, a ban, a server error): announced at once. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}
