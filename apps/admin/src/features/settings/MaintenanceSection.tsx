import type { DeskSettings } from '@bahtdesk/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';

/**
 * The maintenance switch in plain words. The setting keeps the specification's inverted values:
 * 'on' means the site is open, 'off' means it is in maintenance.
 */
export function MaintenanceSection({
  value,
  updatedAt,
  onSaved,
}: {
  value: DeskSettings['maintenance'];
  updatedAt: string | null | undefined;
  onSaved: () => void;
}) {
  const t = useT('settings');
  const f = useFormat();
  const canSave = useCan('saveSetting');
  const [asking, setAsking] = useState(false);
  const open = value === 'on';
  const next = open ? 'off' : 'on';
  return (
    <section className="panel" aria-labelledby="maintenance-title">
      <h2 id="maintenance-title">{t('maintenance.title')}</h2>
      <p className={open ? 'status status--ok' : 'status status--warn'} data-testid="site-status">
        {open ? t('maintenance.open') : t('maintenance.closed')}
      </p>
      <p className="muted">{t('maintenance.explain')}</p>
      <div className="form-actions form-actions--between">
        <span className="muted">
          {updatedAt ? t('lastChanged', { when: f.dateTime(updatedAt) }) : t('neverChanged')}
        </span>
        {canSave ? (
          <button
            type="button"
            className={open ? 'button button--danger' : 'button button--primary'}
            onClick={() => setAsking(true)}
          >
            {open ? t('maintenance.close') : t('maintenance.reopen')}
          </button>
        ) : null}
      </div>
      {asking ? (
        <ConfirmDialog
          title={open ? t('maintenance.closeTitle') : t('maintenance.reopenTitle')}
          confirmLabel={open ? t('maintenance.close') : t('maintenance.reopen')}
          danger={open}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await call('saveSetting', { body: { key: 'maintenance', value: next } });
            showSnackbar(next === 'on' ? t('maintenance.open') : t('maintenance.closed'));
            onSaved();
          }}
        >
          <p>{open ? t('maintenance.closeText') : t('maintenance.reopenText')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
