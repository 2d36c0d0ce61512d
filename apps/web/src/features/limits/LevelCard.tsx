import { formatAmount } from '@bahtdesk/ui/format';
import { useEffect } from 'react';
import { queries, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { ProofSection } from './ProofSection.tsx';
import './limits.css';

/** The table's rows: a level's limit, then what is left of it. */
const ROWS = [
  ['perDay', 'dayLimit'],
  ['leftToday', 'leftToday'],
  ['perMonth', 'monthLimit'],
  ['leftMonth', 'leftThisMonth'],
] as const;

/**
 * On the account page: the member's verification level, how to reach the next one, and their
 * level's daily and monthly limits with what is left (decision 0067).
 */
export function LevelCard() {
  const t = useT('limits');
  const limits = useApi('getTradeLimits', { dialog: false });
  useEffect(() => {
    queries.invalidate(['getTradeLimits']);
  }, []);
  if (limits.status !== 'ready') return null;
  const { level, buy, sell } = limits.data;
  return (
    <section className="level-card" aria-labelledby="level-card-title">
      <h2 id="level-card-title" className="level-card__title">
        {t('level.title')}
        <span className="level-card__badge">{t('level.current', { level })}</span>
      </h2>
      <p>{t(`level.level${level}`)}</p>
      {level > 0 ? (
        <table className="level-card__table">
          <caption>{t('level.limitsTitle')}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{t('level.buy')}</th>
              <th scope="col">{t('level.sell')}</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([label, field]) => (
              <tr key={field}>
                <th scope="row">{t(`level.${label}`)}</th>
                <td>{formatAmount(buy[field])}</td>
                <td>{formatAmount(sell[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {level > 0 ? <p className="muted level-card__note">{t('level.note')}</p> : null}
      {level === 1 ? <ProofSection /> : null}
    </section>
  );
}
