import type { IsoDate, Lang } from '@bahtdesk/contract';
import { useEffect, useRef } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { DayPicker as BuddhistDayPicker, th } from 'react-day-picker/buddhist';
import { enGB } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

/** A calendar day as a local Date (the grid's own time zone does not matter for whole days). */
const toDate = (iso: IsoDate): Date => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const pad = (n: number) => String(n).padStart(2, '0');
const toIso = (date: Date): IsoDate =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export interface CalendarProps {
  label: string;
  lang: Lang;
  selected?: IsoDate;
  min?: IsoDate;
  max?: IsoDate;
  unavailable?: (date: IsoDate) => boolean;
  closeLabel: string;
  onPick: (date: IsoDate) => void;
  onClose: () => void;
}

/**
 * The month grid of DateField (react-day-picker): Buddhist-era years and Thai names on a Thai page,
 * British English otherwise; days outside min..max or unavailable cannot be picked. It takes the
 * focus when it opens (the chosen day, else today), and Escape or a click outside closes it.
 */
export default function Calendar({
  label,
  lang,
  selected,
  min,
  max,
  unavailable,
  closeLabel,
  onPick,
  onClose,
}: CalendarProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose]);

  const disabled: Matcher[] = [];
  if (min) disabled.push({ before: toDate(min) });
  if (max) disabled.push({ after: toDate(max) });
  if (unavailable) disabled.push((date: Date) => unavailable(toIso(date)));
  const chosen = selected ? toDate(selected) : undefined;
  const common = {
    mode: 'single' as const,
    selected: chosen,
    defaultMonth: chosen ?? (min && toDate(min) > new Date() ? toDate(min) : undefined),
    startMonth: min ? toDate(min) : undefined,
    endMonth: max ? toDate(max) : undefined,
    disabled,
    required: false,
    autoFocus: true,
    numerals: 'latn' as const,
    onSelect: (date: Date | undefined) => {
      if (date) onPick(toIso(date));
    },
  };
  return (
    <div
      ref={box}
      className="date-field__calendar"
      role="dialog"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {lang === 'th' ? (
        <BuddhistDayPicker {...common} locale={th} />
      ) : (
        <DayPicker {...common} locale={enGB} />
      )}
      <button type="button" className="button date-field__close" onClick={onClose}>
        {closeLabel}
      </button>
    </div>
  );
}
