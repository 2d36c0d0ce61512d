import { Link } from 'react-router';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * Large payouts prepared and awaiting a second staff member's approval (decision 0068), oldest
 * first; those waiting longer than the web setting are marked. Nothing shows while none waits.
 */
export function PayoutsAwaiting() {
  const t = useT('risk');
  const f = useFormat();
  const state = useApi('payoutsAwaiting', { dialog: false });
  const data = state.status === 'ready' ? state.data : undefined;
  if (!data || data.items.length === 0) return null;
  const overdue = data.items.filter((i) => i.overdue).length;
  return (
    <section className="panel" aria-labelledby="payouts-awaiting-title">
      <h2 id="payouts-awaiting-title">{t('dashboard.title', { count: data.items.length })}</h2>
      {overdue > 0 ? (
        <p className="status status--warn">
          {t('dashboard.overdue', { count: overdue, minutes: data.alertMinutes })}
        </p>
      ) : null}
      <ul>
        {data.items.map((i) => (
          <li key={i.id}>
            <Link to={`/orders/${i.id}`}>{i.id}</Link> {f.amount(i.amountThb)} THB · {i.username} ·{' '}
            {t('approval.preparedBy', { who: i.preparedBy, when: f.dateTime(i.preparedAt) })}
            {i.overdue ? (
              <>
                {' '}
                <span className="badge badge--bad">{t('dashboard.late')}</span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
