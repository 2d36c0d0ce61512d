import type { SetupItem, Volume } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { LineChart } from '../../components/LineChart.tsx';
import { Loaded } from '../../components/States.tsx';
import { useActorWords } from '../../lib/actor-name.ts';
import { useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { PendingChanges } from '../proposals/PendingChanges.tsx';
import { TwoPersonNotice } from '../proposals/TwoPersonNotice.tsx';
import { BreakGlassUses } from './BreakGlassUses.tsx';
import { PayoutsAwaiting } from './PayoutsAwaiting.tsx';

/** Completed orders of a period: THB and USDT bought and sold, with how many orders. */
function VolumeCard({ title, volume }: { title: string; volume: Volume }) {
  const t = useT('dashboard');
  const f = useFormat();
  return (
    <li className="card card--wide">
      <span className="card__label">{title}</span>
      <dl className="volume">
        {(['buy', 'sell'] as const).map((side) => (
          <div key={side} className="volume__row">
            <dt>{t(side)}</dt>
            <dd>
              {t('volumeLine', {
                thb: f.amount(volume[side].thb),
                usdt: f.amount(volume[side].usdt),
                count: f.number(volume[side].count),
              })}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** Where in the console each setup item is set; the admin account is made on the server. */
const SETUP_SCREEN: Record<SetupItem, string | undefined> = {
  adminAccount: undefined,
  rates: '/rates',
  deskBankAccounts: '/settings',
  receivingAddresses: '/settings',
  locations: '/settings',
};

/** What the desk must still set before it opens (decision 0055), each linked to where it is set. */
function SetupChecklist({ missing }: { missing: readonly SetupItem[] }) {
  const t = useT('dashboard');
  if (missing.length === 0) return null;
  return (
    <section className="panel setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t('setup.title')}</h2>
      <p>{t('setup.intro')}</p>
      <ul className="setup__list">
        {missing.map((item) => {
          const screen = SETUP_SCREEN[item];
          return (
            <li key={item}>{screen ? <Link to={screen}>{t(`setup.${item}`)}</Link> : t(`setup.${item}`)}</li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The desk at a glance: any use of break-glass on the server this week, what it must still set
 * before it opens, whether two-person rules hold and the changes waiting for a second admin
 * (decision 0091), members, identity reviews waiting, open orders, the rates in force, completed volumes
 * today and this month, and completed THB and sign-ups per day.
 */
export default function DashboardPage() {
  const t = useT('dashboard');
  const f = useFormat();
  const { setByName } = useActorWords();
  const state = useApi('dashboard', { query: { days: 30 } });
  return (
    <section className="page" aria-labelledby="dash-title">
      <h1 id="dash-title">{t('title')}</h1>
      <Loaded state={state}>
        {(d) => (
          <>
            <BreakGlassUses uses={d.breakGlass} />
            <SetupChecklist missing={d.setupMissing} />
            <TwoPersonNotice rules={d.twoPersonRules} />
            <PendingChanges withRates />
            <PayoutsAwaiting />
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
                <Link className="card__label" to="/proofs">
                  {t('proofsWaiting')}
                </Link>
                <span className="card__value">{f.number(d.proofsWaiting)}</span>
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
                      {t('ratesSet', { who: setByName(d.rates.setBy), when: f.dateTime(d.rates.setAt) })}
                    </span>
                  </>
                ) : (
                  <span className="card__note">{t('noRates')}</span>
                )}
              </li>
            </ul>
            <h2>{t('volumes')}</h2>
            <ul className="cards">
              <VolumeCard title={t('today')} volume={d.volumes.today} />
              <VolumeCard title={t('month')} volume={d.volumes.month} />
            </ul>
            <h2>{t('volumePerDay')}</h2>
            <LineChart
              title={t('volumePerDay')}
              labels={d.volumePerDay.map((p) => f.date(`${p.date}T12:00:00+07:00`))}
              series={[
                { label: t('buySeries'), values: d.volumePerDay.map((p) => Number(p.buyThb)) },
                { label: t('sellSeries'), values: d.volumePerDay.map((p) => Number(p.sellThb)) },
              ]}
              format={(v) => f.amount(v.toFixed(2))}
            />
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
