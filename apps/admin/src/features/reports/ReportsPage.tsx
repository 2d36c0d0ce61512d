import { bangkokDate } from '@bahtdesk/contract';
import { TextField } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { downloadCsv } from '../../lib/download-csv.ts';
import { api } from '../../lib/endpoints.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar, useAdminState } from '../../lib/store.ts';

type Kind = 'orders' | 'totals';
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** Why a range cannot be asked for, or null: both dates, `to` not before `from`, at most 366 days. */
export function rangeProblem(from: string, to: string): 'missing' | 'order' | 'long' | null {
  if (!from || !to) return 'missing';
  if (to < from) return 'order';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_DAYS) return 'long';
  return null;
}

/** Reports: the orders of a range of Bangkok days, or their totals per day and type, as CSV. */
export default function ReportsPage() {
  const t = useT('reports');
  const language = useAdminState((s) => s.language);
  const today = bangkokDate(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<Kind | null>(null);

  async function get(kind: Kind) {
    const wrong = rangeProblem(from, to);
    if (wrong) return setProblem(t(`problem.${wrong}`));
    setProblem(null);
    setBusy(kind);
    try {
      const done = await downloadCsv(
        api.ordersReport.path,
        { from, to, kind },
        `bahtdesk-${kind}-${from}-${to}.csv`,
      );
      if (done === true) showSnackbar(t('saved'));
      else setProblem(done);
    } catch {
      setProblem(t('failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="page" aria-labelledby="reports-title">
      <h1 id="reports-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <form className="filters" onSubmit={(e) => e.preventDefault()} aria-label={t('range')}>
        <TextField
          label={t('from')}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label={t('to')}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
        />
        <div className="filters__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null}
            onClick={() => void get('orders')}
          >
            {busy === 'orders' ? t('preparing') : t('orders')}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void get('totals')}
          >
            {busy === 'totals' ? t('preparing') : t('totals')}
          </button>
        </div>
      </form>
      {problem ? (
        <p className="form-alert" role="alert" lang={language}>
          {problem}
        </p>
      ) : null}
      <p className="muted">{t('hint')}</p>
    </section>
  );
}
