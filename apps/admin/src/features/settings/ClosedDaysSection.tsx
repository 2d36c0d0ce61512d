import { bangkokDate } from '@bahtdesk/contract';
import { DateField } from '@bahtdesk/ui/dates';
import { FormAlert, useFormError } from '@bahtdesk/ui/forms';
import { type FormEvent, useId, useState } from 'react';
import { RemovableTable } from '../../components/RemovableTable.tsx';
import { Loaded } from '../../components/States.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';

/** A closed day's date at noon in Bangkok, to show it as that day whatever the screen's zone. */
const noonOf = (date: string) => `${date}T12:00:00+07:00`;

/**
 * The desk's closed days (decision 0058), a year at a time: bank holidays and substitution days
 * from the Bank of Thailand's list or the holiday library, and the days staff add. An admin adds a
 * day with its name in both languages, or opens a day again; both are audited. Members cannot book
 * an appointment on a closed day, and the server refuses one.
 */
export function ClosedDaysSection() {
  const t = useT('settings');
  const f = useFormat();
  const canAdd = useCan('addClosedDay');
  const thisYear = Number(bangkokDate(new Date()).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const state = useApi('listClosedDays', { query: { year } });
  const id = useId();
  return (
    <section className="panel" aria-labelledby="closed-days-title">
      <h2 id="closed-days-title">{t('closedDays.title')}</h2>
      <p className="muted">{t('closedDays.intro')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-year`}>
          {t('closedDays.year')}
        </label>
        <select
          id={`${id}-year`}
          className="field__input"
          value={year}
          onChange={(e) => setYear(Number(e.target.value))}
        >
          {[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => (
            <option key={y} value={y}>
              {f.lang === 'th' ? y + 543 : y}
            </option>
          ))}
        </select>
      </div>
      <Loaded state={state}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="muted">{t('closedDays.none')}</p>
          ) : (
            <RemovableTable
              caption={t('closedDays.title')}
              rows={items}
              rowKey={(d) => d.date}
              columns={[
                { head: t('closedDays.date'), cell: (d) => f.date(noonOf(d.date)), className: 'keep' },
                {
                  head: t('closedDays.name'),
                  cell: (d) => (
                    <>
                      <span lang="en">{d.name.en}</span>
                      <br />
                      <span lang="th">{d.name.th}</span>
                    </>
                  ),
                },
                { head: t('closedDays.source'), cell: (d) => t(`closedDays.sources.${d.source}`) },
              ]}
              remove={
                canAdd
                  ? {
                      head: t('closedDays.actions'),
                      label: t('closedDays.remove'),
                      name: (d) => f.date(noonOf(d.date)),
                      className: 'keep',
                      title: t('closedDays.removeTitle'),
                      text: (d) => (
                        <p>
                          {t('closedDays.removeText', { date: f.date(noonOf(d.date)), name: d.name[f.lang] })}
                        </p>
                      ),
                      run: async (d) => {
                        await call('removeClosedDay', { body: { date: d.date } });
                        showSnackbar(t('closedDays.removed', { date: f.date(noonOf(d.date)) }));
                        state.reload();
                      },
                    }
                  : null
              }
            />
          )
        }
      </Loaded>
      {canAdd ? (
        <AddClosedDay
          onAdded={(date) =>
            Number(date.slice(0, 4)) === year ? state.reload() : setYear(Number(date.slice(0, 4)))
          }
        />
      ) : null}
    </section>
  );
}

function AddClosedDay({ onAdded }: { onAdded: (date: string) => void }) {
  const t = useT('settings');
  const f = useFormat();
  const id = useId();
  const [date, setDate] = useState('');
  const [en, setEn] = useState('');
  const [th, setTh] = useState('');
  const [busy, setBusy] = useState(false);
  const error = useFormError({}, () => {});
  async function add(event: FormEvent) {
    event.preventDefault();
    error.clear();
    setBusy(true);
    try {
      await call('addClosedDay', { body: { date, name: { en, th } }, dialog: false });
      showSnackbar(t('closedDays.added', { date: f.date(noonOf(date)) }));
      setEn('');
      setTh('');
      onAdded(date);
    } catch (e) {
      error.show(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="closed-days__add" aria-labelledby={`${id}-title`} onSubmit={add} noValidate>
      <h3 id={`${id}-title`}>{t('closedDays.add')}</h3>
      <FormAlert message={error.alert} />
      <DateField id={`${id}-date`} label={t('closedDays.date')} value={date} onChange={setDate} required />
      <div className="grid-2">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-en`}>
            {t('closedDays.nameEn')}
          </label>
          <input
            id={`${id}-en`}
            className="field__input"
            lang="en"
            value={en}
            onChange={(e) => setEn(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-th`}>
            {t('closedDays.nameTh')}
          </label>
          <input
            id={`${id}-th`}
            className="field__input"
            lang="th"
            value={th}
            onChange={(e) => setTh(e.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('closedDays.add')}
      </button>
    </form>
  );
}
