import {
  Decimal,
  E,
  type RateChangeCheck,
  type RateHistoryEntry,
  type RatesInput,
  ratesInputSchema,
} from '@bahtdesk/contract';
import { contractResolver, FormAlert, TextField, useFormError } from '@bahtdesk/ui/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LineChart } from '../../components/LineChart.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { useActorWords } from '../../lib/actor-name.ts';
import { ApiError, call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';
import { RateMoves } from './RateMoves.tsx';
import { RateProposals } from './RateProposals.tsx';

const HISTORY_SIZE = 500;
const ROWS = 20;

const RATE_FIELDS = ['buyRate', 'sellRate', 'sellFeePercent'] as const;

/** The figures are those in force ('35.5' is 35.50): saving them would change nothing. */
const isInForce = (body: RatesInput, current: RateHistoryEntry | undefined) =>
  current !== undefined && RATE_FIELDS.every((k) => new Decimal(body[k]).eq(current[k]));

/**
 * The buy rate, sell rate and sell fee, starting from (and after a proposal, back at) the rates in
 * force, checked by the contract's rules before they are sent; the rates in force themselves are
 * not sent again. A change the server finds far from the rates in force or the reference (40011)
 * is asked about again, naming the rates, the fee and the change in per cent, and sent once more as
 * confirmed (decisions 0045, 0090).
 */
function RatesForm({ current, onSaved }: { current: RateHistoryEntry | undefined; onSaved: () => void }) {
  const t = useT('rates');
  const f = useFormat();
  const error = useFormError({}, () => {});
  const [unchanged, setUnchanged] = useState(false);
  const [asking, setAsking] = useState<{ body: RatesInput; check: RateChangeCheck } | null>(null);
  const form = useForm<RatesInput>({
    resolver: contractResolver(ratesInputSchema),
    defaultValues: {
      buyRate: current?.buyRate ?? '',
      sellRate: current?.sellRate ?? '',
      sellFeePercent: current?.sellFeePercent ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const send = async (body: RatesInput, confirmed: boolean) => {
    error.clear();
    setUnchanged(false);
    try {
      const result = await call('setRates', {
        body: confirmed ? { ...body, confirmed } : body,
        dialog: false,
      });
      showSnackbar(t(result.proposal ? 'form.proposed' : 'form.saved'));
      // A proposal leaves the rates in force as they were: the form shows them again, the
      // proposal has its own card.
      if (result.proposal) form.reset();
      onSaved();
    } catch (e) {
      if (!confirmed && e instanceof ApiError && e.code === E.RATE_CHANGE_UNCONFIRMED.code) {
        setAsking({ body, check: e.period as RateChangeCheck });
      } else error.show(e);
    }
  };
  const submit = form.handleSubmit((body) => {
    if (isInForce(body, current)) {
      error.clear();
      setUnchanged(true);
      return;
    }
    return send(body, false);
  });
  const check = asking?.check;
  return (
    <form noValidate onSubmit={submit} className="panel" aria-labelledby="rates-form-title">
      <h2 id="rates-form-title">{t('form.title')}</h2>
      {current ? (
        <p>
          {t('form.inForce', {
            when: f.dateTime(current.createdAt),
            buy: f.amount(current.buyRate),
            sell: f.amount(current.sellRate),
            fee: current.sellFeePercent,
          })}
        </p>
      ) : null}
      <FormAlert message={error.alert ?? (unchanged ? t('form.unchanged') : null)} />
      <div className="grid-3">
        <TextField
          label={t('form.buyRate')}
          hint={t('form.buyHint')}
          inputMode="decimal"
          problem={errors.buyRate}
          {...form.register('buyRate')}
        />
        <TextField
          label={t('form.sellRate')}
          hint={t('form.sellHint')}
          inputMode="decimal"
          problem={errors.sellRate}
          {...form.register('sellRate')}
        />
        <TextField
          label={t('form.fee')}
          hint={t('form.feeHint')}
          inputMode="decimal"
          problem={errors.sellFeePercent}
          {...form.register('sellFeePercent')}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('form.submit')}
        </button>
      </div>
      {asking && check ? (
        <ConfirmDialog
          title={t(check.needsApproval ? 'change.proposeTitle' : 'change.confirmTitle')}
          confirmLabel={t(check.needsApproval ? 'change.propose' : 'change.confirm')}
          danger
          onClose={() => setAsking(null)}
          onConfirm={() => send(asking.body, true)}
        >
          <p>
            {check.needsApproval
              ? t('change.proposeText', { percent: String(check.maxPercent) })
              : t('change.confirmText', { percent: String(check.confirmPercent) })}
          </p>
          <RateMoves
            caption={t('change.caption')}
            from={check.current}
            to={check.proposed}
            moves={check}
            reference={check.reference}
          />
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

function History({ items }: { items: RateHistoryEntry[] }) {
  const t = useT('rates');
  const f = useFormat();
  const { setByName } = useActorWords();
  const [page, setPage] = useState(1);
  if (items.length === 0) return <Empty>{t('history.empty')}</Empty>;
  const oldestFirst = [...items].reverse();
  return (
    <>
      <LineChart
        title={t('history.chart')}
        labels={oldestFirst.map((r) => f.dateTime(r.createdAt))}
        series={[
          { label: t('history.buy'), values: oldestFirst.map((r) => Number(r.buyRate)) },
          { label: t('history.sell'), values: oldestFirst.map((r) => Number(r.sellRate)) },
        ]}
        format={(v) => v.toFixed(2)}
      />
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{t('history.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.when')}</th>
              <th scope="col">{t('history.buy')}</th>
              <th scope="col">{t('history.sell')}</th>
              <th scope="col">{t('history.fee')}</th>
              <th scope="col">{t('history.who')}</th>
            </tr>
          </thead>
          <tbody>
            {items.slice((page - 1) * ROWS, page * ROWS).map((r) => (
              <tr key={r.id}>
                <td className="when">{f.dateTime(r.createdAt)}</td>
                <td className="num">{f.amount(r.buyRate)}</td>
                <td className="num">{f.amount(r.sellRate)}</td>
                <td className="num">{r.sellFeePercent}%</td>
                <td>{setByName(r.setBy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={ROWS} total={items.length} onPage={setPage} />
    </>
  );
}

/**
 * Rates and sell fee: a rate change waiting for a second admin (its own card), the form with the
 * rates in force (admins), the history as a chart and a table, who changed what and when.
 */
export default function RatesPage() {
  const t = useT('rates');
  const canSet = useCan('setRates');
  const state = useApi('rateHistory', { query: { page: 1, pageSize: HISTORY_SIZE } });
  const proposals = useApi('rateProposals', {});
  const reload = () => {
    state.reload();
    proposals.reload();
  };
  return (
    <section className="page" aria-labelledby="rates-title">
      <h1 id="rates-title">{t('title')}</h1>
      <Loaded state={state}>
        {(data) => (
          <>
            {proposals.status === 'ready' ? (
              <RateProposals items={proposals.data.items} onDecided={reload} />
            ) : null}
            {canSet ? (
              <RatesForm key={data.items[0]?.id ?? 0} current={data.items[0]} onSaved={reload} />
            ) : null}
            <h2>{t('history.title')}</h2>
            <History items={data.items} />
          </>
        )}
      </Loaded>
    </section>
  );
}
