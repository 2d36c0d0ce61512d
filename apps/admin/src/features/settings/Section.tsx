import type { SettingProposal } from '@bahtdesk/contract';
import { FormAlert } from '@bahtdesk/ui/forms';
import type { FormEvent, ReactNode } from 'react';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { PendingChange } from '../proposals/PendingChange.tsx';

/**
 * Whether a setting's change waits for a second admin now (it guards money and the desk has two
 * admins: decision 0091), and its change waiting, if any.
 */
export interface SettingPending {
  guarded: boolean;
  proposal: SettingProposal | undefined;
}

/**
 * One section of the settings screen: its own form and save button (shown only to a role that
 * may save), when it was last changed, the server's error for it, and the change of it waiting for
 * a second admin (before and after, who proposed it, approve and discard).
 */
export function Section({
  id,
  title,
  intro,
  updatedAt,
  alert,
  onSubmit,
  busy,
  pending,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  updatedAt: string | null | undefined;
  alert: string | null;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  pending?: SettingPending | undefined;
  children: ReactNode;
}) {
  const t = useT('settings');
  const tp = useT('proposals');
  const f = useFormat();
  const canSave = useCan('saveSetting');
  return (
    <form noValidate onSubmit={onSubmit} className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p className="muted">{intro}</p> : null}
      {pending?.guarded ? <p className="muted">{tp('guarded')}</p> : null}
      {pending?.proposal ? <PendingChange proposal={pending.proposal} heading /> : null}
      <FormAlert message={alert} />
      <fieldset className="fieldset fieldset--plain" disabled={!canSave}>
        <legend className="visually-hidden">{title}</legend>
        {children}
      </fieldset>
      <div className="form-actions form-actions--between">
        <span className="muted">
          {updatedAt ? t('lastChanged', { when: f.dateTime(updatedAt) }) : t('neverChanged')}
        </span>
        {canSave ? (
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('save')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
