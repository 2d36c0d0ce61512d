import { Link } from 'react-router';
import { LineChart } from '../../components/LineChart.tsx';
import { Loaded } from '../../components/States.tsx';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useLiveApi } from '../../lib/useLiveApi.ts';

/** The desk at a glance: members, KYC waiting, open orders, the rates in force and sign-ups per day. */
export default function DashboardPage() {
  const t = useT('dashboard');
  const f = useFormat();
  const state = useLiveApi(
    'dashboard',
    { query: { days: 30 } },
    { refreshOn: ['members.changed', 'kyc.updated', 'order.updated', 'rates.changed'] },
  );
  return (
    <section className="page" aria-labelledby="dash-title">
      <h1 id="dash-title">{t('title')}</h1>
      <Loaded state={state}>
        {(d) => (
          <>
            <ul className="cards">
              <li className="card">
                <span className="card__label">{t('membersTotal')}</span>
                <span className="card__value">{f.number(d.membersTotal)}</span>
                <span className="card__note">
                  {t('membersNewToday', { count: f.number(d.membersNewToday) })}
                </span>
              </li>
              <li className="card">
                <Link className="card__label" to="/kyc">
                  {t('kycWaiting')}
                </Link>
                <span className="card__value">{f.number(d.kycWaiting)}</span>
              </li>
              <li className="card">
                <Link className="card__label" to="/orders?status=pending">
                  {t('ordersPending')}
                </Link>
                <span className="card__value">{f.number(d.ordersOpen.pending)}</span>
              </li>
              <li className="card">
                <Link className="card__label" to="/orders">
                  {t('ordersRequest')}
                </Link>
                <span className="card__value">{f.number(d.ordersOpen.request)}</span>
              </li>
              <li className="card card--wide">
                <span className="card__label">{t('rates')}</span>
                {d.rates ? (
                  <>
                    <span className="card__value card__value--small">
                      {t('ratesLine', {
                        buy: f.amount(d.rates.buyRate),
                        sell: f.amount(d.rates.sellRate),
                        fee: d.rates.sellFeePercent,
                      })}
                    </span>
                    <span className="card__note">
                      {t('ratesSet', { who: d.rates.setBy, when: f.dateTime(d.rates.setAt) })}
                    </span>
                  </>
                ) : (
                  <span className="card__note">{t('noRates')}</span>
                )}
              </li>
            </ul>
            <h2>{t('signups')}</h2>
            <LineChart
              title={t('signups')}
              labels={d.signupsPerDay.map((p) => f.date(`${p.date}T12:00:00+07:00`))}
              series={[{ label: t('signupsSeries'), values: d.signupsPerDay.map((p) => p.count) }]}
              format={(v) => f.number(v)}
              counts
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
