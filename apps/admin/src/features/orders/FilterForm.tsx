import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@bahtdesk/contract';
import { SelectField, TextField } from '@bahtdesk/ui/forms';
import { type FormEvent, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import type { QueueFilters } from './queueFilters.ts';
import { RiskFilters } from './RiskFilters.tsx';

const BLANK: QueueFilters = {
  status: '',
  type: '',
  from: '',
  to: '',
  q: '',
  sort: '',
  memberId: '',
  flag: '',
};

/** Status, type, Bangkok creation dates, a search and the order, applied together. */
export function FilterForm({
  initial,
  onApply,
}: {
  initial: QueueFilters;
  onApply: (f: QueueFilters) => void;
}) {
  const t = useT('orders');
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<QueueFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="filters" onSubmit={apply} aria-label={t('queue.filters')}>
      <SelectField
        label={t('queue.status')}
        value={draft.status}
        onChange={(e) => set({ status: e.target.value as QueueFilters['status'] })}
      >
        <option value="">{t('queue.open')}</option>
        {TRANSACTION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`status.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('queue.type')}
        value={draft.type}
        onChange={(e) => set({ type: e.target.value as QueueFilters['type'] })}
      >
        <option value="">{t('queue.allTypes')}</option>
        {TRANSACTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`type.${type}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('queue.from')}
        type="date"
        value={draft.from}
        onChange={(e) => set({ from: e.target.value })}
      />
      <TextField
        label={t('queue.to')}
        type="date"
        value={draft.to}
        onChange={(e) => set({ to: e.target.value })}
      />
      <TextField
        label={t('queue.search')}
        type="search"
        maxLength={100}
        value={draft.q}
        onChange={(e) => set({ q: e.target.value })}
      />
      <RiskFilters draft={draft} set={set} />
      <SelectField
        label={t('queue.sort')}
        value={draft.sort}
        onChange={(e) => set({ sort: e.target.value as QueueFilters['sort'] })}
      >
        <option value="">{t('queue.sortDefault')}</option>
        <option value="appointment">{t('queue.sortAppointment')}</option>
      </SelectField>
      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          {t('queue.apply')}
        </button>
        <button type="button" className="button" onClick={() => onApply(BLANK)}>
          {t('queue.clear')}
        </button>
      </div>
    </form>
  );
}
