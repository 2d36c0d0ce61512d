import { type AmloEntry, bangkokDate, formatThaiIdNumber } from '@bahtdesk/contract';
import { SelectField, TextField } from '@bahtdesk/ui/forms';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { call, useApi } from '../../lib/api.ts';
import { downloadCsv } from '../../lib/download-csv.ts';
import { api } from '../../lib/endpoints.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';
import { rangeProblem } from '../reports/ReportsPage.tsx';

type State = 'open' | 'filed' | 'all';

/** The AMLO report queue: cash entries at or over the threshold, marked filed with AMLO's reference. */
export default function AmloPage() {
  const t = useT('compliance');
  const f = useFormat();
  const canFile = useCan('fileAmlo');
  const today = bangkokDate(new Date());
  const [draft, setDraft] = useState({ from: `${today.slice(0, 8)}01`, to: today, state: 'open' as State });
  const [query, setQuery] = useState(draft);
  const [problem, setProblem] = useState<string | null>(null);
  const [filing, setFiling] = useState<AmloEntry | null>(null);
  const [reference, setReference] = useState('');
  const state = useApi('amloQueue', { query });

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (rangeProblem(draft.from, draft.to)) return setProblem(t('amlo.rangeProblem'));
    setProblem(null);
    setQuery(draft);
  };
  const exportCsv = async () => {
    if (rangeProblem(draft.from, draft.to)) return setProblem(t('amlo.rangeProblem'));
    const done = await downloadCsv(
      api.amloReport.path,
      { from: draft.from, to: draft.to },
      `bahtdesk-amlo-${draft.from}-${draft.to}.csv`,
    ).catch(() => t('amlo.failed'));
    if (done === true) showSnackbar(t('amlo.saved'));
    else setProblem(done);
  };

  return (
    <section className="page" aria-labelledby="amlo-title">
      <h1 id="amlo-title">{t('amlo.title')}</h1>
      <p>
        {t('amlo.intro', {
          threshold: f.amount(state.status === 'ready' ? state.data.thresholdThb : '2000000.00'),
        })}
      </p>
      <form className="filters" onSubmit={show} aria-label={t('amlo.filters')}>
        <TextField
          label={t('amlo.from')}
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          label={t('amlo.to')}
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <SelectField
          label={t('amlo.state')}
          value={draft.state}
          onChange={(e) => setDraft({ ...draft, state: e.target.value as State })}
        >
          {(['open', 'filed', 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`amlo.${s}`)}
            </option>
          ))}
        </SelectField>
        <div className="filters__actions">
          <button type="submit" className="button button--primary">
            {t('amlo.show')}
          </button>
          <button type="button" className="button" onClick={() => void exportCsv()}>
            {t('amlo.export')}
          </button>
        </div>
      </form>
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('amlo.empty')}</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('amlo.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('amlo.day')}</th>
                    <th scope="col">{t('amlo.kind')}</th>
                    <th scope="col">{t('amlo.member')}</th>
                    <th scope="col">{t('amlo.document')}</th>
                    <th scope="col">{t('amlo.orders')}</th>
                    <th scope="col">{t('amlo.total')}</th>
                    <th scope="col">{t('amlo.filing')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((e) => (
                    <tr key={e.key}>
                      <td>{f.date(e.orders[0]?.completedAt ?? `${e.day}T00:00:00+07:00`)}</td>
                      <td>{t(`amlo.${e.kind}`)}</td>
                      <td>
                        <Link to={`/members/${e.member.id}`}>{e.member.name}</Link>
                        <br />
                        <span className="muted">{e.member.username}</span>
                      </td>
                      <td>
                        {e.member.documentType ? (
                          <>
                            {t(`amlo.documentType.${e.member.documentType}`)}
                            <br />
                            {e.member.documentNumber ? (
                              <span className="nowrap">
                                {e.member.documentType === 'thaiIdCard'
                                  ? formatThaiIdNumber(e.member.documentNumber)
                                  : e.member.documentNumber}
                              </span>
                            ) : (
                              <span className="muted">{t('amlo.noNumber')}</span>
                            )}
                          </>
                        ) : (
                          t('amlo.noDocument')
                        )}
                      </td>
                      <td>
                        {e.orders.map((o) => (
                          <div key={o.id}>
                            <Link to={`/orders/${o.id}`}>{o.id}</Link> {f.amount(o.amountThb)}
                          </div>
                        ))}
                      </td>
                      <td className="num">{f.amount(e.totalThb)}</td>
                      <td>
                        {e.filing ? (
                          t('amlo.filedAs', {
                            reference: e.filing.reference,
                            by: e.filing.filedBy,
                            at: f.dateTime(e.filing.filedAt),
                          })
                        ) : canFile ? (
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => {
                              setReference('');
                              setFiling(e);
                            }}
                          >
                            {t('amlo.file')}
                            <span className="visually-hidden">: {e.key}</span>
                          </button>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      {filing ? (
        <ConfirmDialog
          title={t('amlo.fileTitle')}
          confirmLabel={t('amlo.file')}
          onClose={() => setFiling(null)}
          onConfirm={async () => {
            await call('fileAmlo', { body: { key: filing.key, reference: reference.trim() } });
            showSnackbar(t('amlo.marked'));
            state.reload();
          }}
        >
          <p>{t('amlo.fileText', { key: filing.key, total: f.amount(filing.totalThb) })}</p>
          <TextField
            label={t('amlo.reference')}
            value={reference}
            maxLength={100}
            required
            onChange={(e) => setReference(e.target.value)}
          />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
