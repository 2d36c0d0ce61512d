import type { Lang } from '@bahtdesk/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../i18n/language.ts';
import { DateField } from './DateField.tsx';

function Form({
  lang,
  onChange,
  initial = '',
}: {
  lang: Lang;
  onChange: (v: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <LanguageContext.Provider value={lang}>
      <DateField
        label={lang === 'th' ? 'วันที่' : 'Date'}
        value={value}
        min="2026-11-02"
        max="2026-12-31"
        unavailable={(d) => d === '2026-12-07'}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </LanguageContext.Provider>
  );
}

describe('the date field', () => {
  it('rule: on a Thai page the year typed as shown (2569) is this year, and the field says so', async () => {
    const onChange = vi.fn();
    render(<Form lang="th" onChange={onChange} />);
    const field = screen.getByLabelText('วันที่', { selector: 'input' });
    expect(field.getAttribute('placeholder')).toBe('วว/ดด/ปปปป');
    await userEvent.type(field, '26/11/2569');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-26');
    // Half-typed dates are never passed on.
    expect(onChange.mock.calls.every(([v]) => v === '2026-11-26')).toBe(true);
  });

  it('rule: an unreadable date is named as such when the member leaves the field, and nothing is chosen', async () => {
    const onChange = vi.fn();
    render(<Form lang="en" onChange={onChange} />);
    const field = screen.getByLabelText('Date', { selector: 'input' });
    await userEvent.type(field, '11/26/69');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toContain('day/month/year');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('rule: the calendar opens from the keyboard in the Buddhist era, arrows move by day, Enter picks, focus comes back', async () => {
    const onChange = vi.fn();
    render(<Form lang="th" onChange={onChange} initial="2026-11-26" />);
    const opener = screen.getByRole('button', { name: 'เลือกจากปฏิทิน: วันที่' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'วันที่' });
    const grid = await within(dialog).findByRole('grid');
    expect(grid.getAttribute('aria-label')).toBe('พฤศจิกายน 2569');
    // The chosen day takes the focus, named in full for a screen reader.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toMatch(/26 พฤศจิกายน .*2569/),
    );
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-27');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect((screen.getByLabelText('วันที่', { selector: 'input' }) as HTMLInputElement).value).toBe(
      '27/11/2569',
    );
  });

  it('rule: unavailable days and days out of range cannot be picked; Escape closes', async () => {
    const onChange = vi.fn();
    render(<Form lang="en" onChange={onChange} initial="2026-12-04" />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose from the calendar: Date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Date' });
    const grid = await within(dialog).findByRole('grid');
    expect(grid.getAttribute('aria-label')).toBe('December 2026');
    const closed = within(grid).getByRole('button', { name: /, 7 December 2026$/ });
    expect(closed.hasAttribute('disabled')).toBe(true);
    await act(async () => closed.click());
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
