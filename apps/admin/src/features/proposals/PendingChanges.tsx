import type { ChangeProposal } from '@bahtdesk/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { OneTimePasswordDialog } from '../../components/OneTimePasswordDialog.tsx';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { PendingChange } from './PendingChange.tsx';
import { useProposalWords } from './words.ts';

/**
 * The changes waiting for a second admin (decision 0091), oldest first: on the dashboard every
 * kind, with the rate change waiting on the rates screen (decided there); elsewhere the ones
 * `only` keeps. Nothing shows while none waits, but the one-time password of an admin account just
 * approved, which stays until its approver closes it.
 */
export function PendingChanges({
  only,
  withRates = false,
}: {
  only?: (p: ChangeProposal) => boolean;
  withRates?: boolean;
}) {
  const t = useT('proposals');
  const tc = useT('common');
  const f = useFormat();
  const words = useProposalWords();
  const changes = useApi('changeProposals', { dialog: false });
  const rates = useApi('rateProposals', { dialog: false }, { skip: !withRates });
  const items = changes.status === 'ready' ? changes.data.items.filter(only ?? (() => true)) : [];
  const rateItems = withRates && rates.status === 'ready' ? rates.data.items : [];
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const password = <OneTimePasswordDialog created={created} onClose={() => setCreated(null)} />;
  if (items.length === 0 && rateItems.length === 0) return password;
  return (
    <section className="panel" aria-labelledby="pending-changes-title">
      <h2 id="pending-changes-title">{t('title')}</h2>
      <ul className="pending-list__items">
        {rateItems.map((r) => (
          <li key={`rate-${r.id}`} className="pending-list__item">
            <h3 className="pending-list__what">{tc('nav.rates')}</h3>
            <Link to="/rates">
              {t('rate', { buy: f.amount(r.buyRate), sell: f.amount(r.sellRate), who: r.proposedBy })}
            </Link>
          </li>
        ))}
        {items.map((p) => (
          <li key={p.id} className="pending-list__item">
            <h3 className="pending-list__what">
              {p.kind === 'setting' ? words.settingTitle(p.target) : tc('nav.staff')}
            </h3>
            <PendingChange proposal={p} onPassword={setCreated} />
          </li>
        ))}
      </ul>
      {password}
    </section>
  );
}
