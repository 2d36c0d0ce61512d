import { type ReactNode, useEffect, useId, useState } from 'react';
import { useUiText } from '../i18n/language.ts';
import { parseTypedTime } from './typed.ts';

export interface TimeFieldProps {
  label: string;
  /** 'HH:MM' (24-hour), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  id?: string;
  hint?: ReactNode;
  problem?: string | null;
  required?: boolean;
}

/** The app's one time field (decision 0059): 24-hour 'HH:MM' in both languages, typed (14:35, 14.35 น.). */
export function TimeField({ label, value, onChange, id, hint, problem, required }: TimeFieldProps) {
  const text = useUiText();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [draft, setDraft] = useState(value);
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    setDraft((current) => {
      const typed = parseTypedTime(current);
      if (!value) return typed ? '' : current;
      return typed === value ? current : value;
    });
  }, [value]);

  const shown = unreadable ? text.timeUnreadable : (problem ?? null);
  const formatId = `${inputId}-format`;
  const errorId = `${inputId}-error`;
  return (
    <div className="field time-field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        className="field__input time-field__input"
        inputMode="numeric"
        autoComplete="off"
        placeholder={text.timePlaceholder}
        value={draft}
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[hint ? `${inputId}-hint` : '', formatId, shown ? errorId : '']
          .filter(Boolean)
          .join(' ')}
        onChange={(e) => {
          setDraft(e.target.value);
          const time = parseTypedTime(e.target.value);
          if (time) {
            setUnreadable(false);
            if (time !== value) onChange(time);
          } else if (value) onChange('');
        }}
        onBlur={() => {
          const time = parseTypedTime(draft);
          setUnreadable(draft.trim() !== '' && time === null);
          if (time) setDraft(time);
        }}
      />
      <p className="field__hint" id={formatId}>
        {text.timeFormat}
      </p>
      {shown ? (
        <p className="field__error" id={errorId} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
