import {
  BANKS,
  bangkokDate,
  type CloseChannel,
  closeChannelParts,
  Decimal,
  formatAccountNumber,
} from '@bahtdesk/contract';
import { TextField } from '@bahtdesk/ui/forms';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Loaded } from '../../components/States.tsx';
import { call, useApi } from '../../lib/api.ts';
import { downloadCsv } from '../../lib/download-csv.ts';
import { api } from '../../lib/endpoints.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';
import { rangeProblem } from '../reports/ReportsPage.tsx';

/** A statement's total as the server takes it: a signed amount of at most 2 decimals (40051). */
const AMOUNT = /^-?[0-9]{1,14}(\.[0-9]{1,2})?$/;

/** A channel's name: one of the desk's accounts by bank and number, the bank channel, cash, a network. */
function useChannelName() {
  const t = useT('compliance');
  const { lang } = useFormat();
  return (channel: string) => {
    const parts = closeChannelParts(channel);
    if (parts.kind === 'account') {
      const bank = BANKS.find((b) => b.code === parts.bankCode);
      return t('close.account', {
        bank: bank ? bank[lang] : parts.bankCode,
        number: formatAccountNumber(parts.accountNumber),
      });
    }
    if (parts.kind === 'network') return t('close.network', { network: parts.network });
    return t(`close.${parts.kind}`);
  };
}

/**
 * One channel of the day as a table row: what came in and went out, its orders, and its close; a
 * close whose figures changed since (an order recorded late) shows them beside today's.
 */
function Channel({
  day,
  ended,
  channel,
  onClosed,
}: {
  day: string;
  ended: boolean;
  channel: CloseChannel;
  onClosed: () => void;
}) {
  const t = useT('compliance');
  const f = useFormat();
  const canClose = useCan('closeDay');
  const [statement, setStatement] = useState('');
  const [problem, setProblem] = useState(false);
  const [busy, setBusy] = useState(false);
  const signed = (v: string) => (v.startsWith('-') ? `−${f.amount(v.slice(1))}` : f.amount(v));
  const name = useChannelName()(channel.channel);
  const close = channel.close;
  const changed = close && (close.expected !== channel.expected || close.orders !== channel.orders.length);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = statement.trim().replaceAll(',', '');
    if (!AMOUNT.test(value)) return setProblem(true);
    setProblem(false);
    setBusy(true);
    try {
      await call('closeDay', { body: { day, channel: channel.channel, statementTotal: value } });
      showSnackbar(t('close.done'));
      onClosed();
    } catch {
      // The error dialog says why.
    } finally {
      setBusy(false);
    }
  };

  let closing: ReactNode = '—';
  if (close) {
    closing = (
      <>
        {t('close.closed', {
          statement: signed(close.statementTotal),
          difference: signed(close.difference),
          by: close.closedBy,
          at: f.dateTime(close.closedAt),
        })}
        {changed ? (
          <p className="form-alert" role="status">
            {t('close.changed', {
              expectedThen: signed(close.expected),
              ordersThen: close.orders,
              expectedNow: signed(channel.expected),
              ordersNow: channel.orders.length,
              differenceNow: signed(new Decimal(close.statementTotal).minus(channel.expected).toFixed(2)),
            })}
          </p>
        ) : null}
      </>
    );
  } else if (!ended) {
    closing = <span className="muted">{t('close.notEnded')}</span>;
  } else if (canClose) {
    closing = (
      <form onSubmit={submit} aria-label={`${t('close.closeButton')}: ${name}`}>
        <TextField
          label={t('close.statement')}
          inputMode="decimal"
          value={statement}
          maxLength={40}
          hint={problem ? t('close.statementProblem') : t('close.statementHint')}
          onChange={(e) => setStatement(e.target.value)}
        />
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {t('close.closeButton')}
        </button>
      </form>
    );
  }

  return (
    <tr>
      <th scope="row" className="words">
        {name}
      </th>
      <td className="num">{f.amount(channel.totalIn)}</td>
      <td className="num">{f.amount(channel.totalOut)}</td>
      <td className="num">
        <strong>{signed(channel.expected)}</strong>
      </td>
      <td>
        {channel.orders.length === 0 ? (
          <span className="muted">{t('close.noOrders')}</span>
        ) : (
          <details>
            <summary>{t('close.orders', { count: channel.orders.length })}</summary>
            <ul>
              {channel.orders.map((o) => (
                <li key={`${o.id}-${o.direction}`}>
                  <span className="nowrap">{o.id}</span> ·{' '}
                  <span className="nowrap">
                    {t(`close.direction.${o.direction}`)} {f.amount(o.amount)}
                  </span>{' '}
                  · <span className="nowrap">{f.dateTime(o.at)}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </td>
      <td className="words">{closing}</td>
    </tr>
  );
}

/** The daily close: per channel, the money the day's completed orders moved against the statement staff enter. */
export default function ClosePage() {
  const t = useT('compliance');
  const today = bangkokDate(new Date());
  const [draft, setDraft] = useState(today);
  const [day, setDay] = useState(today);
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [problem, setProblem] = useState<string | null>(null);
  const state = useApi('dailyClose', { query: { day } });

  const exportCsv = async () => {
    if (rangeProblem(range.from, range.to)) return setProblem(t('amlo.rangeProblem'));
    setProblem(null);
    const done = await downloadCsv(
      api.closesReport.path,
      range,
      `bahtdesk-closes-${range.from}-${range.to}.csv`,
    ).catch(() => t('amlo.failed'));
    if (done === true) showSnackbar(t('amlo.saved'));
    else setProblem(done);
  };

  return (
    <section className="page" aria-labelledby="close-title">
      <h1 id="close-title">{t('close.title')}</h1>
      <p>{t('close.intro')}</p>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft) setDay(draft);
        }}
        aria-label={t('close.day')}
      >
        <TextField
          label={t('close.day')}
          type="date"
          value={draft}
          max={today}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="filters__actions">
          <button type="submit" className="button button--primary">
            {t('close.show')}
          </button>
        </div>
      </form>
      <Loaded state={state}>
        {(data) => (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('close.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('close.channel')}</th>
                  <th scope="col">{t('close.in')}</th>
                  <th scope="col">{t('close.out')}</th>
                  <th scope="col">{t('close.expected')}</th>
                  <th scope="col">{t('close.ordersColumn')}</th>
                  <th scope="col">{t('close.closeColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {data.channels.map((c) => (
                  <Channel
                    key={`${data.day}-${c.channel}`}
                    day={data.day}
                    ended={data.ended}
                    channel={c}
                    onClosed={state.reload}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
      <form className="filters" onSubmit={(e) => e.preventDefault()} aria-label={t('close.export')}>
        <TextField
          label={t('close.exportFrom')}
          type="date"
          value={range.from}
          onChange={(e) => setRange({ ...range, from: e.target.value })}
        />
        <TextField
          label={t('close.exportTo')}
          type="date"
          value={range.to}
          onChange={(e) => setRange({ ...range, to: e.target.value })}
        />
        <div className="filters__actions">
          <button type="button" className="button" onClick={() => void exportCsv()}>
            {t('close.export')}
          </button>
        </div>
      </form>
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
