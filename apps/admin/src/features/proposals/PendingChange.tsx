import type { ChangeProposal, SettingProposal } from '@bahtdesk/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { call, queries } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar, useAdminState } from '../../lib/store.ts';
import { useProposalWords } from './words.ts';

/** A setting's value in force and the one proposed, a line each per account, address or level. */
function SettingChange({ proposal }: { proposal: SettingProposal }) {
  const t = useT('proposals');
  const { settingChange } = useProposalWords();
  const { inForce, proposed } = settingChange(proposal);
  const lines = (texts: string[]) =>
    texts.map((text) => (
      <span key={text} className="pending__line">
        {text}
      </span>
    ));
  return (
    <dl className="pending__change">
      <dt>{t('inForce')}</dt>
      <dd>{lines(inForce)}</dd>
      <dt>{t('proposal')}</dt>
      <dd>{lines(proposed)}</dd>
    </dl>
  );
}

/** A new account's one-time password, answered to the admin who approved making it. */
export type OnPassword = (created: { username: string; password: string }) => void;

/**
 * One change waiting for a second admin (decision 0091): what it changes (a setting before and
 * after, or a staff change in words), who proposed it and when; another admin approves or discards
 * it after a confirmation, the proposer is told to wait. Approving a new admin account hands its
 * one-time password to `onPassword` (shown by a parent that stays when this change is gone).
 */
export function PendingChange({
  proposal,
  heading,
  onPassword,
}: {
  proposal: ChangeProposal;
  heading?: boolean;
  onPassword?: OnPassword;
}) {
  const t = useT('proposals');
  const f = useFormat();
  const words = useProposalWords();
  const me = useAdminState((s) => s.profile?.id);
  const canDecide = useCan('approveChangeProposal');
  const [asking, setAsking] = useState<'approve' | 'discard' | null>(null);
  const own = proposal.proposedByStaffId !== null && proposal.proposedByStaffId === me;
  const what = words.what(proposal);

  const decide = async (step: 'approve' | 'discard') => {
    const params = { id: proposal.id };
    // What a decision changes, read again at once (other consoles hear proposals.changed).
    const decided = () => queries.invalidate(['changeProposals', 'getSettings', 'listStaff', 'dashboard']);
    if (step === 'discard') {
      await call('discardChangeProposal', { params, body: {} });
      showSnackbar(t('discarded'));
      decided();
      return;
    }
    const { oneTimePassword } = await call('approveChangeProposal', { params, body: {} });
    showSnackbar(t('approved'));
    if (oneTimePassword && proposal.kind === 'staff') {
      onPassword?.({ username: proposal.username, password: oneTimePassword });
    }
    decided();
  };

  return (
    <div className="pending">
      {heading ? <p className="pending__title">{t('waiting')}</p> : null}
      {proposal.kind === 'setting' ? (
        <SettingChange proposal={proposal} />
      ) : (
        <p className="pending__what">{what}</p>
      )}
      <p className="muted pending__note">
        {t('by', { who: proposal.proposedBy, when: f.dateTime(proposal.createdAt) })}
      </p>
      {canDecide && !own ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setAsking('discard')}>
            {t('discard')}
          </button>
          <button type="button" className="button button--primary" onClick={() => setAsking('approve')}>
            {t('approve')}
          </button>
        </div>
      ) : (
        <p className="muted pending__note">{t(own ? 'yours' : 'others')}</p>
      )}
      {asking ? (
        <ConfirmDialog
          title={t(asking === 'approve' ? 'approveTitle' : 'discardTitle')}
          confirmLabel={t(asking)}
          onClose={() => setAsking(null)}
          onConfirm={() => decide(asking)}
        >
          <p>
            {asking === 'approve'
              ? t('approveText', { what })
              : t('discardText', {
                  what: proposal.kind === 'setting' ? words.settingTitle(proposal.target) : what,
                })}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
