import {
  BANKS,
  DEPOSIT_BEFORE_ORDER_MS,
  depositTimeAllowed,
  E,
  formatAccountNumber,
  type memberEndpoints,
  messageFor,
  type ResultOf,
  type Transaction,
} from '@bahtdesk/contract';
import { formatAmount, formatDate } from '@bahtdesk/ui/format';
import { useId, useState } from 'react';
import { PhotoPicker } from '../../components/PhotoPicker.tsx';
import { bankName } from '../../components/paymentForms.tsx';
import { useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import { BankBadge } from './BankBadge.tsx';
import { bangkokInstant, bangkokNow } from './bangkokTime.ts';
import { CopyButton } from './CopyButton.tsx';
import { SendForChecking } from './SendForChecking.tsx';
import { type ConfirmBody, useConfirmOrder } from './useConfirmOrder.ts';

type ReceivePayment = ResultOf<(typeof memberEndpoints)['getReceivePayment']>;
export type BuyReceive = Extract<ReceivePayment, { type: 'buy' }>;

/** Saturday or Sunday, for a calendar date 'YYYY-MM-DD'. */
function isWeekend(date: string): boolean {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

interface Props {
  order: Transaction;
  pay: BuyReceive;
  onConfirmed: (order: Transaction) => void;
  onExpired: () => void;
}

/**
 * Step 2 of a buy: pay the exact THB in cash, by a deposit into the desk's account (slip, amount,
 * time) or at an appointment at one of the desk's locations on a business day within its hours.
 * Above the cash-deposit ceiling only the appointment is offered (10052).
 */
export function BuyPayment({ order, pay, onConfirmed, onExpired }: Props) {
  const t = useT('transaction');
  const [method, setMethod] = useState<'cash_deposit' | 'cash_appointment'>(
    pay.cashDepositAllowed ? 'cash_deposit' : 'cash_appointment',
  );
  const { confirm, problem, problemCode } = useConfirmOrder(onConfirmed, onExpired);
  // The server's refusal of the deposit time belongs next to that field, not under the form.
  const refusedTime = problemCode === E.DEPOSIT_TIME_INVALID.code ? problem : null;

  return (
    <section className="pay" aria-labelledby="pay-title">
      <h2 id="pay-title">{t('pay.buyTitle', { thb: formatAmount(order.amountThb) })}</h2>
      <fieldset className="segmented-field">
        <legend className="field__label">{t('pay.method')}</legend>
        {(['cash_deposit', 'cash_appointment'] as const).map((m) => (
          <label key={m} className="choice">
            <input
              type="radio"
              name="method"
              value={m}
              checked={method === m}
              disabled={m === 'cash_deposit' && !pay.cashDepositAllowed}
              onChange={() => setMethod(m)}
            />
            {t(`pay.${m}`)}
          </label>
        ))}
        {pay.cashDepositAllowed ? null : <p className="muted">{t('pay.depositOnlyBelow')}</p>}
      </fieldset>
      {method === 'cash_deposit' ? (
        <DepositForm order={order} pay={pay} onConfirm={confirm} refusedTime={refusedTime} />
      ) : (
        <AppointmentForm order={order} pay={pay} onConfirm={confirm} />
      )}
      {problem && !refusedTime ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

type Confirm = (body: ConfirmBody) => Promise<void>;

/**
 * Whether a deposit at Bangkok 'YYYY-MM-DDTHH:MM' `at` can pay `order` now: between the order's
 * creation (less the contract's allowance) and now (50063, as the server checks).
 */
function depositTimeFits(at: string, order: Transaction): boolean {
  const instant = new Date(`${at}:00+07:00`);
  return (
    !Number.isNaN(instant.getTime()) && depositTimeAllowed(instant, new Date(order.createdAt), new Date())
  );
}

function DepositForm({
  order,
  pay,
  onConfirm,
  refusedTime,
}: {
  order: Transaction;
  pay: BuyReceive;
  onConfirm: Confirm;
  /** The server's refusal of the deposit time (50063), shown at the field. */
  refusedTime: string | null;
}) {
  const t = useT('transaction');
  const lang = useClientState((s) => s.language);
  const id = useId();
  const [amount, setAmount] = useState(order.amountThb);
  const [at, setAt] = useState(() => bangkokNow());
  const [slip, setSlip] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = !slip || !amount || !at;
  const outOfRange = Boolean(at) && !depositTimeFits(at, order);
  const timeProblem = outOfRange ? messageFor(E.DEPOSIT_TIME_INVALID.code, lang) : refusedTime;
  return (
    <div className="pay__form">
      <h3>{t('pay.deskAccounts', { thb: formatAmount(order.amountThb) })}</h3>
      <ul className="desk-accounts">
        {pay.bankAccounts.map((a) => (
          <li key={`${a.bankCode}-${a.accountNumber}`} className="desk-account">
            <BankBadge code={a.bankCode} />
            <dl>
              <div>
                <dt>{t('pay.bank')}</dt>
                <dd>{bankName(BANKS, a.bankCode, lang)}</dd>
              </div>
              <div>
                <dt>{t('pay.accountNumber')}</dt>
                <dd>
                  <span className="mono">{formatAccountNumber(a.accountNumber)}</span>{' '}
                  <CopyButton text={a.accountNumber} label={t('pay.accountNumber')} />
                </dd>
              </div>
              <div>
                <dt>{t('pay.accountName')}</dt>
                <dd>{lang === 'th' ? a.accountNameTh || a.accountName : a.accountName}</dd>
              </div>
              <div>
                <dt>{t('pay.exactAmount')}</dt>
                <dd>
                  <strong>{t('money.thb', { amount: formatAmount(order.amountThb) })}</strong>{' '}
                  <CopyButton text={order.amountThb} label={t('pay.exactAmount')} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-amount`}>
          {t('pay.depositAmount')}
        </label>
        <input
          id={`${id}-amount`}
          className="field__input"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-at`}>
          {t('pay.depositAt')}
        </label>
        <input
          id={`${id}-at`}
          className="field__input"
          type="datetime-local"
          value={at}
          min={bangkokNow(new Date(Date.parse(order.createdAt) - DEPOSIT_BEFORE_ORDER_MS))}
          max={bangkokNow()}
          aria-invalid={timeProblem ? true : undefined}
          aria-describedby={timeProblem ? `${id}-at-error` : undefined}
          onChange={(e) => setAt(e.target.value)}
        />
        {timeProblem ? (
          <p className="field__error" id={`${id}-at-error`} role="alert">
            {timeProblem}
          </p>
        ) : null}
      </div>
      <PhotoPicker
        label={t('pay.slip')}
        hint={t('pay.slipHint')}
        preparing={t('pay.preparing')}
        previewAlt={t('pay.slipPreview')}
        onChange={setSlip}
      />
      {touched && missing ? <p className="field__error">{t('quote.required')}</p> : null}
      <SendForChecking
        label={t('pay.confirm')}
        ready={!missing && !outOfRange}
        onInvalid={() => setTouched(true)}
        send={() =>
          onConfirm({
            id: order.id,
            method: 'cash_deposit',
            depositAmount: amount.replace(/,/g, '').trim(),
            depositAt: bangkokInstant(at),
            slipImage: slip,
          })
        }
      />
    </div>
  );
}

function AppointmentForm({
  order,
  pay,
  onConfirm,
}: {
  order: Transaction;
  pay: BuyReceive;
  onConfirm: Confirm;
}) {
  const t = useT('transaction');
  const lang = useClientState((s) => s.language);
  const id = useId();
  const [locationId, setLocationId] = useState(pay.locations[0]?.id ?? '');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [touched, setTouched] = useState(false);
  const location = pay.locations.find((l) => l.id === locationId);
  const holiday = pay.holidays.find((h) => h.date === date);
  const dateProblem = !date
    ? null
    : isWeekend(date)
      ? t('pay.weekend')
      : holiday
        ? t('pay.holiday', { name: holiday.name[lang] })
        : null;
  const timeProblem = location && time && (time < location.opens || time > location.closes);
  const ready = Boolean(location && date && time && !dateProblem && !timeProblem);
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  return (
    <div className="pay__form">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-location`}>
          {t('pay.location')}
        </label>
        <select
          id={`${id}-location`}
          className="field__input"
          value={locationId}
          onChange={(e) => setLocationId(e.target.value)}
        >
          {pay.locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name[lang]}
            </option>
          ))}
        </select>
        {location ? (
          <p className="field__hint">
            {location.address[lang]} · {location.openingHours[lang]}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-date`}>
          {t('pay.date')}
        </label>
        <p className="field__hint" id={`${id}-date-hint`}>
          {t('pay.dateHint', { last: formatDate(`${pay.lastAppointmentDate}T12:00:00+07:00`, lang) })}
        </p>
        <input
          id={`${id}-date`}
          className="field__input"
          type="date"
          min={today}
          max={pay.lastAppointmentDate}
          value={date}
          aria-invalid={dateProblem ? true : undefined}
          aria-describedby={`${id}-date-hint${dateProblem ? ` ${id}-date-error` : ''}`}
          onChange={(e) => setDate(e.target.value)}
        />
        {dateProblem ? (
          <p className="field__error" id={`${id}-date-error`} role="alert">
            {dateProblem}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-time`}>
          {t('pay.time')}
        </label>
        {location ? (
          <p className="field__hint" id={`${id}-time-hint`}>
            {t('pay.timeHint', { opens: location.opens, closes: location.closes })}
          </p>
        ) : null}
        <input
          id={`${id}-time`}
          className="field__input"
          type="time"
          step={900}
          min={location?.opens}
          max={location?.closes}
          value={time}
          aria-invalid={timeProblem ? true : undefined}
          aria-describedby={`${id}-time-hint`}
          onChange={(e) => setTime(e.target.value)}
        />
      </div>
      {touched && !ready ? <p className="field__error">{t('quote.required')}</p> : null}
      <SendForChecking
        label={t('pay.confirmAppointment')}
        ready={ready}
        onInvalid={() => setTouched(true)}
        send={() =>
          onConfirm({
            id: order.id,
            method: 'cash_appointment',
            locationId,
            appointmentAt: `${date}T${time}:00+07:00`,
          })
        }
      />
    </div>
  );
}
