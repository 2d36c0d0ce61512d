import {
  BANKS,
  DEFAULT_ENABLED_NETWORKS,
  Decimal,
  E,
  type ErrorDef,
  type LimitRoom,
  maskAccountNumber,
  NETWORKS,
  type NetworkId,
  type Profile,
  roomFor,
  type Transaction,
  type TransactionType,
  tradeLimitRefusal,
} from '@bahtdesk/contract';
import { Modal } from '@bahtdesk/ui/components';
import { formatAmount, formatDateTime, keepWhole } from '@bahtdesk/ui/format';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { OfflineState, useOffline } from '../../components/OfflineState.tsx';
import { bankName, networkName } from '../../components/paymentForms.tsx';
import { ApiError, call, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import { type Calculation, calculate, groupAsTyped } from '../calculator/calc.ts';
import { TradeLimitsNote } from '../limits/TradeLimitsNote.tsx';
import { TradingBlocked } from './TradingBlocked.tsx';

/** A fresh Idempotency-Key: the same key for every retry of one order, a new one for the next. */
function newKey(): string {
  return crypto.randomUUID();
}

const usable = (entry: { usableFrom: string }, now: number) => Date.parse(entry.usableFrom) <= now;

/**
 * The refusal the server would answer (50051, 50052) when the quote's THB (a sell's before the fee)
 * passes what is left of the member's daily or monthly limit (decision 0067). It comes before the
 * per-order range: when the room is below the per-order maximum, naming the maximum would send the
 * member to an amount the limit refuses in turn.
 */
function pastRoom(quote: Calculation, room: LimitRoom | null): ErrorDef | null {
  if (!room || (quote.kind !== 'buy' && quote.kind !== 'sell')) return null;
  const thb = quote.kind === 'buy' ? quote.thb : quote.gross;
  return new Decimal(thb).gt(roomFor(room)) ? tradeLimitRefusal(quote.kind, room) : null;
}

interface Props {
  type: TransactionType;
  onTypeChange: (type: TransactionType) => void;
  onCreated: (order: Transaction) => void;
}

/**
 * Step 1, the quote: buying, THB in and USDT out to a saved address; selling, USDT in
 * and THB out, net of the fee, to a saved bank account, on the network the member sends on. The
 * live rates (updated by the server's events) give the quote; the member reviews it and places the
 * order at exactly the rate shown. A destination still in its cooling-off period cannot be chosen.
 */
export function QuoteForm({ type, onTypeChange, onCreated }: Props) {
  const t = useT('transaction');
  const lang = useClientState((s) => s.language);
  const profile = useClientState((s) => s.profile) as Profile;
  const rates = useApi('getRate');
  const terms = useApi('getOrderTerms', { dialog: false });
  const limits = useApi('getTradeLimits', { dialog: false });
  const offline = useOffline();
  const [amount, setAmount] = useState('');
  const [destinationChoice, setDestination] = useState<string | null>(null);
  const [networkChoice, setNetwork] = useState<string | null>(null);
  const [review, setReview] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [touched, setTouched] = useState(false);
  const key = useRef(newKey());
  const amountId = useId();
  const now = Date.now();

  const live = rates.status === 'ready' ? rates.data : null;
  const known = terms.status === 'ready' ? terms.data : null;
  const enabled: readonly NetworkId[] = known?.enabledNetworks ?? DEFAULT_ENABLED_NETWORKS;
  // No network is chosen for the member (addresses on different networks look alike), unless
  // they have sold on one before and the desk still takes it.
  const remembered =
    known?.lastSellNetwork && enabled.includes(known.lastSellNetwork) ? known.lastSellNetwork : '';
  const network = networkChoice ?? remembered;
  const quote = live ? calculate(type, amount, live) : { kind: 'empty' as const };
  const entries = type === 'buy' ? profile.usdtAddresses : profile.bankAccounts;
  // A buyer with one address that can receive has nothing to choose.
  const sole =
    type === 'buy' && entries.length === 1 && entries[0] && usable(entries[0], now) ? entries[0] : null;
  const destination = destinationChoice ?? (sole ? String(sole.id) : '');
  const chosen = entries.find((e) => String(e.id) === destination);
  const appointmentOnly =
    known && quote.kind === 'buy' ? new Decimal(quote.thb).gt(known.cashDepositCeilingThb) : false;
  const room = limits.status === 'ready' ? limits.data[type] : null;
  const amountProblem =
    quote.kind === 'invalid'
      ? quote.error
      : quote.kind === 'empty'
        ? null
        : (pastRoom(quote, room) ?? quote.warning);
  const ready =
    live &&
    (quote.kind === 'buy' || quote.kind === 'sell') &&
    !amountProblem &&
    chosen &&
    usable(chosen, now) &&
    (type === 'buy' || network !== '');

  function switchType(next: TransactionType) {
    if (next === type) return;
    setAmount('');
    setDestination(null);
    setProblem(null);
    setTouched(false);
    key.current = newKey();
    onTypeChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setProblem(null);
    if (ready) setReview(true);
  }

  async function place() {
    if (!live || !chosen || (quote.kind !== 'buy' && quote.kind !== 'sell')) return;
    setPlacing(true);
    setProblem(null);
    try {
      const body =
        quote.kind === 'buy'
          ? { type: 'buy' as const, amountThb: quote.thb, rate: live.buyRate, usdtAddressId: chosen.id }
          : {
              type: 'sell' as const,
              amountUsdt: quote.usdt,
              rate: live.sellRate,
              feePercent: live.sellFeePercent,
              network: network as NetworkId,
              bankAccountId: chosen.id,
            };
      const order = await call('createTransaction', {
        body,
        dialog: false,
        headers: { 'Idempotency-Key': key.current },
      });
      key.current = newKey();
      onCreated(order);
    } catch (error) {
      setReview(false);
      setBlocked(error instanceof ApiError && error.code === E.TRADING_BLOCKED.code);
      if (error instanceof ApiError && error.code === E.RATE_MISMATCH.code) {
        // The member never gets a rate they did not see: show the new one and ask again.
        key.current = newKey();
        rates.reload();
        setProblem(t('quote.rateChanged'));
      } else {
        setProblem(error instanceof ApiError ? error.message : String(error));
      }
    } finally {
      setPlacing(false);
    }
  }

  const thbOut = quote.kind === 'sell' ? quote.net : null;
  return (
    <form className="order-form" onSubmit={submit} noValidate>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('tabs.label')}</legend>
        {(['buy', 'sell'] as const).map((option) => (
          <label
            key={option}
            className={`segmented__option${type === option ? ' segmented__option--on' : ''}`}
          >
            <input
              type="radio"
              name="order-type"
              className="visually-hidden"
              checked={type === option}
              onChange={() => switchType(option)}
            />
            {t(`tabs.${option}`)}
          </label>
        ))}
      </fieldset>

      {/* Opened offline (from a page already shown) the rates could not be asked for: say so. */}
      {rates.status === 'failed' && offline ? (
        <OfflineState />
      ) : (
        <p className="order-form__rate" aria-live="polite">
          {!live
            ? t('quote.loadingRates')
            : type === 'buy'
              ? keepWhole(
                  t('quote.rateBuy', { rate: formatAmount(live.buyRate) }),
                  formatAmount(live.buyRate),
                )
              : keepWhole(
                  t('quote.rateSell', { rate: formatAmount(live.sellRate), fee: live.sellFeePercent }),
                  formatAmount(live.sellRate),
                )}{' '}
          <span className="muted">{t('quote.live')}</span>
        </p>
      )}
      <TradeLimitsNote type={type} />

      <div className="field">
        <label className="field__label" htmlFor={amountId}>
          {type === 'buy' ? t('quote.amountThb') : t('quote.amountUsdt')}
        </label>
        <p className="field__hint" id={`${amountId}-hint`}>
          {type === 'buy' ? t('quote.amountThbHint') : t('quote.amountUsdtHint')}
        </p>
        <input
          id={amountId}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={touched && (amountProblem || quote.kind === 'empty') ? true : undefined}
          aria-describedby={`${amountId}-hint${touched && amountProblem ? ` ${amountId}-error` : ''}`}
          onChange={(e) => setAmount(groupAsTyped(e.target.value))}
        />
        {touched && amountProblem ? (
          <p className="field__error" id={`${amountId}-error`}>
            {amountProblem[lang]}
          </p>
        ) : null}
        {touched && quote.kind === 'empty' ? <p className="field__error">{t('quote.required')}</p> : null}
      </div>

      {quote.kind === 'buy' || quote.kind === 'sell' ? (
        <dl className="quote">
          {quote.kind === 'buy' ? (
            <div className="quote__row quote__row--total">
              <dt>{t('quote.youReceiveUsdt')}</dt>
              <dd>{formatAmount(quote.usdt)} USDT</dd>
            </div>
          ) : (
            <>
              <div className="quote__row">
                <dt>{t('quote.gross')}</dt>
                <dd>{t('money.thb', { amount: formatAmount(quote.gross) })}</dd>
              </div>
              <div className="quote__row">
                <dt>{t('quote.fee', { fee: quote.feePercent })}</dt>
                <dd>−{t('money.thb', { amount: formatAmount(quote.fee) })}</dd>
              </div>
              <div className="quote__row quote__row--total">
                <dt>{t('quote.youReceiveThb')}</dt>
                <dd>{t('money.thb', { amount: formatAmount(thbOut ?? '0') })}</dd>
              </div>
            </>
          )}
        </dl>
      ) : null}
      {quote.kind === 'buy' || quote.kind === 'sell' ? (
        <p className="muted quote__note">{t('quote.truncation')}</p>
      ) : null}
      {appointmentOnly && known ? (
        <p className="note note--warning">
          {t('quote.appointmentOnly', { ceiling: formatAmount(known.cashDepositCeilingThb) })}
        </p>
      ) : null}

      <DestinationField
        type={type}
        entries={entries}
        value={destination}
        onChange={setDestination}
        now={now}
        showError={touched && !chosen}
      />
      {type === 'sell' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${amountId}-network`}>
            {t('quote.network')}
          </label>
          <p className="field__hint" id={`${amountId}-network-hint`}>
            {t('quote.networkHint')}
          </p>
          <select
            id={`${amountId}-network`}
            className="field__input"
            value={network}
            aria-describedby={`${amountId}-network-hint`}
            aria-invalid={touched && !network ? true : undefined}
            onChange={(e) => setNetwork(e.target.value)}
          >
            <option value="">{t('quote.choose')}</option>
            {NETWORKS.filter((n) => enabled.includes(n.id)).map((n) => (
              <option key={n.id} value={n.id}>
                {networkName(NETWORKS, n.id)}
              </option>
            ))}
          </select>
          {touched && !network ? <p className="field__error">{t('quote.required')}</p> : null}
        </div>
      ) : null}

      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      {blocked ? <TradingBlocked /> : null}
      <button type="submit" className="button button--primary button--block" disabled={!live}>
        {t('quote.submit')}
      </button>

      <Modal
        open={review}
        onClose={() => setReview(false)}
        title={t('quote.reviewTitle')}
        actions={
          <>
            <button type="button" className="button" onClick={() => setReview(false)} disabled={placing}>
              {t('quote.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void place()}
              disabled={placing}
            >
              {placing ? t('quote.placing') : t('quote.place')}
            </button>
          </>
        }
      >
        {live && quote.kind === 'buy' ? (
          <p>
            {keepWhole(
              t('quote.reviewBuy', {
                thb: formatAmount(quote.thb),
                usdt: formatAmount(quote.usdt),
                rate: formatAmount(live.buyRate),
              }),
              formatAmount(quote.thb),
              formatAmount(quote.usdt),
              formatAmount(live.buyRate),
            )}
          </p>
        ) : null}
        {live && quote.kind === 'sell' ? (
          <p>
            {keepWhole(
              t('quote.reviewSell', {
                usdt: formatAmount(quote.usdt),
                thb: formatAmount(quote.net),
                fee: formatAmount(quote.fee),
                rate: formatAmount(live.sellRate),
              }),
              formatAmount(quote.usdt),
              formatAmount(quote.net),
              formatAmount(quote.fee),
              formatAmount(live.sellRate),
            )}
          </p>
        ) : null}
        {chosen ? <p className="muted">{describe(chosen, lang)}</p> : null}
        {quote.kind === 'sell' && network ? (
          <div className="review-network">
            <span>{t('quote.reviewNetwork')}</span>
            <strong className="review-network__name">{networkName(NETWORKS, network)}</strong>
            <span>{t('quote.reviewNetworkWarning', { network: networkName(NETWORKS, network) })}</span>
          </div>
        ) : null}
        {appointmentOnly && known ? (
          <p>
            <strong>
              {t('quote.appointmentOnly', { ceiling: formatAmount(known.cashDepositCeilingThb) })}
            </strong>
          </p>
        ) : null}
        {known ? (
          <p>
            {t(
              quote.kind === 'sell'
                ? 'quote.reviewDeadlineSell'
                : appointmentOnly
                  ? 'quote.appointmentDeadline'
                  : 'quote.reviewDeadline',
              { minutes: known.paymentDeadlineMinutes },
            )}
          </p>
        ) : null}
        {placing ? <progress aria-label={t('quote.placing')} /> : null}
      </Modal>
    </form>
  );

  function describe(entry: (typeof entries)[number], language: 'en' | 'th'): string {
    return 'address' in entry
      ? `${networkName(NETWORKS, entry.network)} · ${entry.nickname ?? ''} ${entry.address}`
      : `${bankName(BANKS, entry.bankCode, language)} · ${maskAccountNumber(entry.accountNumber)} · ${entry.accountName}`;
  }
}

function DestinationField({
  type,
  entries,
  value,
  onChange,
  now,
  showError,
}: {
  type: TransactionType;
  entries: Profile['usdtAddresses'] | Profile['bankAccounts'];
  value: string;
  onChange: (value: string) => void;
  now: number;
  showError: boolean;
}) {
  const t = useT('transaction');
  const lang = useClientState((s) => s.language);
  const id = useId();
  const waiting = entries.some((e) => !usable(e, now));
  // Every saved destination is still cooling off: say from when the earliest can be used and offer
  // another, rather than a bare "required" on a list whose options are all disabled.
  const earliest =
    entries.length > 0 && !entries.some((e) => usable(e, now))
      ? entries.map((e) => e.usableFrom).sort()[0]
      : undefined;
  if (type === 'sell' && entries.length === 0) {
    return (
      <div className="note note--warning">
        <p>{t('quote.noBankAccount')}</p>
        <Link className="button button--small" to="/account?action=openBankAccounts">
          {t('quote.addBankAccount')}
        </Link>
      </div>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {type === 'buy' ? t('quote.address') : t('quote.bankAccount')}
      </label>
      {waiting && !earliest ? (
        <p className="field__hint" id={`${id}-hint`}>
          {t('quote.coolingOffNote')}
        </p>
      ) : null}
      <select
        id={id}
        className="field__input"
        value={value}
        aria-invalid={showError ? true : undefined}
        aria-describedby={earliest ? `${id}-waiting` : waiting ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('quote.choose')}</option>
        {entries.map((entry) => {
          const label =
            'address' in entry
              ? `${networkName(NETWORKS, entry.network)} · ${entry.nickname ? `${entry.nickname} · ` : ''}${entry.address.slice(0, 8)}…${entry.address.slice(-6)}`
              : `${bankName(BANKS, entry.bankCode, lang)} · ${maskAccountNumber(entry.accountNumber)}`;
          const ok = usable(entry, now);
          return (
            <option key={entry.id} value={String(entry.id)} disabled={!ok}>
              {ok
                ? label
                : `${label} (${t('quote.coolingOff', { time: formatDateTime(entry.usableFrom, lang) })})`}
            </option>
          );
        })}
      </select>
      {earliest ? (
        <div className="note note--warning" id={`${id}-waiting`}>
          <p>
            {t(type === 'buy' ? 'quote.noneUsableAddress' : 'quote.noneUsableBank', {
              time: formatDateTime(earliest, lang),
            })}
          </p>
          <Link
            className="button button--small"
            to={`/account?action=${type === 'buy' ? 'openBinanceId' : 'openBankAccounts'}`}
          >
            {type === 'buy' ? t('quote.otherAddress') : t('quote.otherBankAccount')}
          </Link>
        </div>
      ) : showError ? (
        <p className="field__error">{t('quote.required')}</p>
      ) : null}
    </div>
  );
}
