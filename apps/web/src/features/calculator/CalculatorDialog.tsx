import { formatThb, formatUsdt, messageFor } from '@bahtdesk/contract';
import { Modal } from '@bahtdesk/ui/components';
import { useId, useState } from 'react';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { SafeHtml } from '../../lib/SafeHtml.tsx';
import { useClientState } from '../../lib/store.ts';
import { calculate, type Direction } from './calc.ts';
import './calculator.css';

/** THB to USDT and back at the live rates, the sell fee deducted (docs/product.md, Orders). */
export default function CalculatorDialog({ onClose }: { onClose: () => void }) {
  const t = useT('calculator');
  const tc = useT('common');
  const lang = useClientState((s) => s.language);
  const rates = useApi('getRate', {}, { refreshMs: 30_000 });
  const help = useApi('getHtmlPage', { query: { link: 'calculator' }, dialog: false });
  const [direction, setDirection] = useState<Direction>('buy');
  const [amount, setAmount] = useState('');
  const inputId = useId();
  const errorId = useId();

  const result = rates.status === 'ready' ? calculate(direction, amount, rates.data) : null;
  const problem =
    result?.kind === 'invalid' ? result.error : result && 'warning' in result ? result.warning : null;

  return (
    <Modal
      open
      wide
      onClose={onClose}
      title={t('title')}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {tc('dialog.close')}
        </button>
      }
    >
      <fieldset className="calc__direction">
        <legend>{t('direction')}</legend>
        {(['buy', 'sell'] as const).map((d) => (
          <label key={d} className="calc__choice">
            <input
              type="radio"
              name="direction"
              value={d}
              checked={direction === d}
              onChange={() => {
                setDirection(d);
                setAmount('');
              }}
            />
            {t(d)}
          </label>
        ))}
      </fieldset>

      <label htmlFor={inputId} className="field__label">
        {t(direction === 'buy' ? 'amountThb' : 'amountUsdt')}
      </label>
      <input
        id={inputId}
        className="field__input"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-invalid={result?.kind === 'invalid'}
        aria-describedby={problem ? errorId : undefined}
      />
      {problem ? (
        <p id={errorId} className="field__error">
          {messageFor(problem.code, lang)}
        </p>
      ) : null}

      {rates.status === 'ready' ? (
        <p className="calc__rate">
          {direction === 'buy'
            ? t('rateBuy', { rate: formatThb(rates.data.buyRate) })
            : t('rateSell', { rate: formatThb(rates.data.sellRate), fee: rates.data.sellFeePercent })}
        </p>
      ) : (
        <p className="calc__rate">{t('loading')}</p>
      )}

      <dl className="calc__result" aria-live="polite">
        {result?.kind === 'buy' ? (
          <>
            <dt>{t('youPay')}</dt>
            <dd>{t('thbAmount', { amount: formatThb(result.thb) })}</dd>
            <dt>{t('youReceive')}</dt>
            <dd className="calc__total">{formatUsdt(result.usdt)} USDT</dd>
          </>
        ) : null}
        {result?.kind === 'sell' ? (
          <>
            <dt>{t('youSend')}</dt>
            <dd>{formatUsdt(result.usdt)} USDT</dd>
            <dt>{t('gross')}</dt>
            <dd>{t('thbAmount', { amount: formatThb(result.gross) })}</dd>
            <dt>{t('fee', { fee: result.feePercent })}</dt>
            <dd>{t('thbAmount', { amount: formatThb(result.fee) })}</dd>
            <dt>{t('youReceive')}</dt>
            <dd className="calc__total">{t('thbAmount', { amount: formatThb(result.net) })}</dd>
          </>
        ) : null}
      </dl>
      <p className="calc__note">{t('truncation')}</p>
      {help.status === 'ready' ? <SafeHtml className="prose calc__help" html={help.data.body[lang]} /> : null}
    </Modal>
  );
}
