import type { TwoPersonRules } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';

/**
 * Says plainly that two-person rules cannot hold while the desk has fewer than two enabled admins
 * (decision 0091): until then a guarded change takes effect on one admin's word.
 */
export function TwoPersonNotice({ rules }: { rules: TwoPersonRules }) {
  const t = useT('proposals');
  const canAddStaff = useCan('createStaff');
  if (rules.hold) return null;
  return (
    <section className="panel setup" aria-labelledby="two-person-title">
      <h2 id="two-person-title">{t('alone.title')}</h2>
      <p>{t('alone.text', { count: String(rules.enabledAdmins) })}</p>
      {canAddStaff ? (
        <p>
          <Link to="/staff">{t('alone.add')}</Link>
        </p>
      ) : null}
    </section>
  );
}
