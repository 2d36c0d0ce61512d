import {
  BANKS,
  bangkokClock,
  bangkokDate,
  DEPOSIT_BEFORE_ORDER_MS,
  depositTimeAllowed,
  E,
  formatAccountNumber,
  type memberEndpoints,
  messageFor,
  type ResultOf,
  type Transaction,
} from '@bahtdesk/contract';
import { DateField, TimeField } from '@bahtdesk/ui/dates';
import { formatAmount, formatDate, keepWhole } from '@bahtdesk/ui/format';
import { useId, useState } from 'react';
import { PhotoPicker } from '../../components/PhotoPicker.tsx';
import { bankName } from '../../components/paymentForms.tsx';
import { useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import { groupAsTyped } from '../calculator/calc.ts';
import { BankBadge } from './BankBadge.tsx';
import { bangkokInstant } from './bangkokTime.ts';
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
      <h2 id="pay-title">
        {keepWhole(t('pay.buyTitle', { thb: formatAmount(order.amountThb) }), formatAmount(order.amountThb))}
      </h2>
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
  const [amount, setAmount] = useState(() => groupAsTyped(order.amountThb));
  // The deposit starts at the time the form opens (a member usually pays, then fills it in).
  const [date, setDate] = useState(() => bangkokDate(new Date()));
  const [time, setTime] = useState(() => bangkokClock(new Date()));
  const [slip, setSlip] = useState('');
  const [touched, setTouched] = useState(false);
  const at = date && time ? `${date}T${time}` : '';
  const missing = !slip || !amount || !at;
  const outOfRange = Boolean(at) && !depositTimeFits(at, order);
  const timeProblem = outOfRange ? messageFor(E.DEPOSIT_TIME_INVALID.code, lang) : refusedTime;
  return (
    <div className="pay__form">
      <h3>
        {keepWhole(
          t('pay.deskAccounts', { thb: formatAmount(order.amountThb) }),
          formatAmount(order.amountThb),
        )}
      </h3>
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
                  <span className="mono keep">{formatAccountNumber(a.accountNumber)}</span>{' '}
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
                  <strong className="keep">
                    {t('money.thb', { amount: formatAmount(order.amountThb) })}
                  </strong>{' '}
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
          onChange={(e) => setAmount(groupAsTyped(e.target.value))}
        />
      </div>
      <fieldset className="date-time">
        <legend className="field__label">{t('pay.depositAt')}</legend>
        <DateField
          id={`${id}-date`}
          label={t('pay.depositDate')}
          value={date}
          min={bangkokDate(new Date(Date.parse(order.createdAt) - DEPOSIT_BEFORE_ORDER_MS))}
          max={bangkokDate(new Date())}
          onChange={setDate}
        />
        <TimeField
          id={`${id}-time`}
          label={t('pay.depositTime')}
          value={time}
          onChange={setTime}
          problem={timeProblem}
        />
      </fieldset>
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
  const today = bangkokDate(new Date());
  const closed = new Set(pay.holidays.map((h) => h.date));
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
            <span className="keep-words">{location.address[lang]}</span> · {location.openingHours[lang]}
          </p>
        ) : null}
      </div>
      <DateField
        id={`${id}-date`}
        label={t('pay.date')}
        hint={t('pay.dateHint', { last: formatDate(`${pay.lastAppointmentDate}T12:00:00+07:00`, lang) })}
        value={date}
        min={today}
        max={pay.lastAppointmentDate}
        unavailable={(d) => isWeekend(d) || closed.has(d)}
        problem={dateProblem}
        onChange={setDate}
      />
      <TimeField
        id={`${id}-time`}
        label={t('pay.time')}
        hint={location ? t('pay.timeHint', { opens: location.opens, closes: location.closes }) : undefined}
        value={time}
        problem={timeProblem ? messageFor(E.APPOINTMENT_TIME_INVALID.code, lang) : null}
        onChange={setTime}
      />
      {touched && !ready ? <p className="field__error">{t('quote.required')}</p> : null}
      <SendForChecking
        label={t('pay.confirmAppointment')}
        text={t('pay.confirmTextAppointment')}
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
