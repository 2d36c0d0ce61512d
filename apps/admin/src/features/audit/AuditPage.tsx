import type { AuditFilter } from '@bahtdesk/contract';
import { TextField } from '@bahtdesk/ui/forms';
import { type FormEvent, useState } from 'react';
import { AuditTable } from '../../components/AuditTable.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { downloadCsv } from '../../lib/download-csv.ts';
import { api } from '../../lib/endpoints.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar } from '../../lib/store.ts';

const PAGE_SIZE = 50;
const FIELDS = ['actor', 'action', 'target', 'from', 'to'] as const;

/** The filters that are set (blank ones are left out of the query). */
export function filterQuery(filter: AuditFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter)
      .map(([k, v]) => [k, (v ?? '').trim()])
      .filter(([, v]) => v !== ''),
  );
}

/** The audit log: filter by who, what, on what and Bangkok dates; page through it; export it as CSV. */
export default function AuditPage() {
  const t = useT('audit');
  const [draft, setDraft] = useState<AuditFilter>({});
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const query = filterQuery(filter);
  const state = useApi('auditLog', { query: { page, pageSize: PAGE_SIZE, ...query } });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };
  const exportCsv = () =>
    downloadCsv(api.auditCsv.path, query, `bahtdesk-audit-${new Date().toISOString().slice(0, 10)}.csv`)
      .catch(() => false)
      .then((done) =>
        done === true ? showSnackbar(t('exported')) : showSnackbar(t('exportFailed'), 'error'),
      );
  return (
    <section className="page" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('title')}</h1>
      <form className="filters" onSubmit={apply} aria-label={t('filters')}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`filter.${field}`)}
            type={field === 'from' || field === 'to' ? 'date' : 'text'}
            value={draft[field] ?? ''}
            maxLength={100}
            onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
          />
        ))}
        <div className="filters__actions">
          <button type="submit" className="button button--primary">
            {t('apply')}
          </button>
          <button type="button" className="button" onClick={() => void exportCsv()}>
            {t('export')}
          </button>
        </div>
      </form>
      <p className="muted">{t('datesHint')}</p>
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('empty')}</Empty>
          ) : (
            <>
              <AuditTable items={data.items} caption={t('title')} />
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
