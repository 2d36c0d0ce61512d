import { bangkokDate, type ClosedDay } from '@bahtdesk/contract';
import { DateField } from '@bahtdesk/ui/dates';
import { FormAlert, useFormError } from '@bahtdesk/ui/forms';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Loaded } from '../../components/States.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';

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
  const [opening, setOpening] = useState<ClosedDay | null>(null);
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
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('closedDays.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('closedDays.date')}</th>
                    <th scope="col">{t('closedDays.name')}</th>
                    <th scope="col">{t('closedDays.source')}</th>
                    {canAdd ? <th scope="col">{t('closedDays.actions')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {items.map((d) => (
                    <tr key={d.date}>
                      <td className="keep">{f.date(`${d.date}T12:00:00+07:00`)}</td>
                      <td>
                        <span lang="en">{d.name.en}</span>
                        <br />
                        <span lang="th">{d.name.th}</span>
                      </td>
                      <td>{t(`closedDays.sources.${d.source}`)}</td>
                      {canAdd ? (
                        <td>
                          <button
                            type="button"
                            className="button button--small keep"
                            onClick={() => setOpening(d)}
                          >
                            {t('closedDays.remove')}
                            <span className="visually-hidden">: {f.date(`${d.date}T12:00:00+07:00`)}</span>
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
      {opening ? (
        <ConfirmDialog
          title={t('closedDays.removeTitle')}
          confirmLabel={t('closedDays.remove')}
          onClose={() => setOpening(null)}
          onConfirm={async () => {
            await call('removeClosedDay', { body: { date: opening.date } });
            showSnackbar(t('closedDays.removed', { date: f.date(`${opening.date}T12:00:00+07:00`) }));
            state.reload();
          }}
        >
          <p>
            {t('closedDays.removeText', {
              date: f.date(`${opening.date}T12:00:00+07:00`),
              name: opening.name[f.lang],
            })}
          </p>
        </ConfirmDialog>
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
      showSnackbar(t('closedDays.added', { date: f.date(`${date}T12:00:00+07:00`) }));
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
