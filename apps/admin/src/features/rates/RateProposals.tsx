import type { RateProposal } from '@bahtdesk/contract';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar, useAdminState } from '../../lib/store.ts';
import { RateMoves } from './RateMoves.tsx';

/**
 * The rate change waiting for a second admin (decisions 0045, 0090): who proposed it and how far
 * it moves the rates, the fee and what a seller gets, from the rates in force and from the
 * reference; another admin approves or discards it, the proposer waits.
 */
export function RateProposals({ items, onDecided }: { items: RateProposal[]; onDecided: () => void }) {
  const t = useT('rates');
  const f = useFormat();
  const me = useAdminState((s) => s.profile?.username);
  const canDecide = useCan('approveRateProposal');
  const [busy, setBusy] = useState(false);
  if (items.length === 0) return null;
  const decide = async (proposal: RateProposal, step: 'approve' | 'discard') => {
    setBusy(true);
    try {
      const params = { id: proposal.id };
      if (step === 'approve') await call('approveRateProposal', { params, body: {} });
      else await call('discardRateProposal', { params, body: {} });
      showSnackbar(t(step === 'approve' ? 'proposal.approved' : 'proposal.discarded'));
      onDecided();
    } catch {
      // The error dialog said why; the list shows what is still pending.
      onDecided();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" aria-labelledby="rate-proposals-title">
      <h2 id="rate-proposals-title">{t('proposal.title')}</h2>
      {items.map((p) => (
        <div key={p.id}>
          <p>{t('proposal.by', { who: p.proposedBy, when: f.dateTime(p.createdAt) })}</p>
          <RateMoves caption={t('proposal.title')} from={p.from} to={p} moves={p} reference={p.reference} />
          {canDecide && p.proposedBy !== me ? (
            <div className="form-actions">
              <button type="button" className="button" disabled={busy} onClick={() => decide(p, 'discard')}>
                {t('proposal.discard')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => decide(p, 'approve')}
              >
                {t('proposal.approve')}
              </button>
            </div>
          ) : (
            <p className="muted">{t(canDecide ? 'proposal.yours' : 'proposal.waiting')}</p>
          )}
        </div>
      ))}
    </section>
  );
}
