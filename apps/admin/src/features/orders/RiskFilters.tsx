import { MEMBER_FLAGS } from '@bahtdesk/contract';
import { SelectField, TextField } from '@bahtdesk/ui/forms';
import { useT } from '../../lib/i18n.ts';
import type { QueueFilters } from './queueFilters.ts';

/** The queue's filters by member (their number) and by member flag (decision 0068). */
export function RiskFilters({
  draft,
  set,
}: {
  draft: QueueFilters;
  set: (patch: Partial<QueueFilters>) => void;
}) {
  const t = useT('risk');
  return (
    <>
      <SelectField
        label={t('queue.flag')}
        value={draft.flag}
        onChange={(e) => set({ flag: e.target.value as QueueFilters['flag'] })}
      >
        <option value="">{t('queue.anyFlag')}</option>
        {MEMBER_FLAGS.map((flag) => (
          <option key={flag} value={flag}>
            {t(`flag.${flag}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('queue.memberId')}
        inputMode="numeric"
        maxLength={15}
        value={draft.memberId}
        onChange={(e) => set({ memberId: e.target.value.replace(/\D/g, '') })}
      />
    </>
  );
}
