import type { IsoDate } from '@bahtdesk/contract';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLanguage, useUiText } from '../i18n/language.ts';
import { formatTypedDate, parseTypedDate } from './typed.ts';

/** The month grid is its own chunk, loaded when a member first opens it (decision 0059). */
const Calendar = lazy(() => import('./Calendar.tsx'));

export interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD', or '' for none. */
  value: IsoDate | '';
  /** Called with each date the field holds ('' when emptied); never with a half-typed one. */
  onChange: (value: IsoDate | '') => void;
  id?: string;
  min?: IsoDate;
  max?: IsoDate;
  /** Days that cannot be picked (weekends, closed days): shown crossed out in the calendar. */
  unavailable?: (date: IsoDate) => boolean;
  hint?: ReactNode;
  /** The form's own problem with the date (out of range, a closed day), shown under the field. */
  problem?: string | null;
  required?: boolean;
}

/**
 * The app's one date field (decision 0059): typed day/month/year in the page's language (Buddhist
 * era on a Thai page; either era is read, see typed.ts), or picked from a month grid that follows
 * the page's language and works with the keyboard (arrows, Page Up/Down, Home/End, Enter, Escape)
 * and a screen reader (a labelled dialog, each day named in full).
 */
export function DateField({
  label,
  value,
  onChange,
  id,
  min,
  max,
  unavailable,
  hint,
  problem,
  required,
}: DateFieldProps) {
  const lang = useLanguage();
  const text = useUiText();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [draft, setDraft] = useState(() => (value ? formatTypedDate(value, lang) : ''));
  const [unreadable, setUnreadable] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // A date set from outside (the calendar, a reset) is written the page's way; a half-typed date
  // the member is still writing stays as it is.
  useEffect(() => {
    setDraft((current) => {
      const typed = parseTypedDate(current);
      if (!value) return typed ? '' : current;
      return typed === value ? current : formatTypedDate(value, lang);
    });
  }, [value, lang]);
  // A new page language writes a readable date its own way (2569 becomes 2026 in English).
  useEffect(() => {
    setDraft((current) => {
      const date = parseTypedDate(current);
      return date ? formatTypedDate(date, lang) : current;
    });
  }, [lang]);

  function type(next: string) {
    setDraft(next);
    const date = parseTypedDate(next);
    if (date) {
      setUnreadable(false);
      if (date !== value) onChange(date);
    } else {
      // Emptied or half-typed: the form holds no date until the field holds a whole one.
      if (next.trim() === '') setUnreadable(false);
      if (value) onChange('');
    }
  }

  const shown = unreadable ? text.dateUnreadable : (problem ?? null);
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className="field date-field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${hintId}-own`}>
          {hint}
        </p>
      ) : null}
      <div className="date-field__row">
        <input
          id={inputId}
          className="field__input date-field__input"
          autoComplete="off"
          spellCheck={false}
          placeholder={text.datePlaceholder}
          value={draft}
          required={required}
          aria-invalid={shown ? true : undefined}
          aria-describedby={[hint ? `${hintId}-own` : '', hintId, shown ? errorId : '']
            .filter(Boolean)
            .join(' ')}
          onChange={(e) => type(e.target.value)}
          onBlur={() => setUnreadable(draft.trim() !== '' && parseTypedDate(draft) === null)}
        />
        <button
          ref={button}
          type="button"
          className="button date-field__open"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-label={text.chooseDate.replace('{{label}}', label)}
          onClick={() => setOpen(!open)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
            <path
              fill="currentColor"
              d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 8h14V6H5v2Z"
            />
          </svg>
        </button>
      </div>
      <p className="field__hint date-field__format" id={hintId}>
        {text.dateFormat}
      </p>
      {shown ? (
        <p className="field__error" id={errorId} role="alert">
          {shown}
        </p>
      ) : null}
      {open ? (
        <Suspense
          fallback={
            <p className="date-field__loading" role="status">
              {text.calendarLoading}
            </p>
          }
        >
          <Calendar
            label={label}
            lang={lang}
            selected={value || undefined}
            min={min}
            max={max}
            unavailable={unavailable}
            closeLabel={text.close}
            onPick={(date) => {
              setUnreadable(false);
              onChange(date);
              setDraft(formatTypedDate(date, lang));
              setOpen(false);
              button.current?.focus();
            }}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
