import { NETWORKS, type Transaction } from '@bahtdesk/contract';
import { formatAmount, keepWhole } from '@bahtdesk/ui/format';
import { useId, useState } from 'react';
import { PhotoPicker } from '../../components/PhotoPicker.tsx';
import { networkName } from '../../components/paymentForms.tsx';
import { useT } from '../../lib/i18n.ts';
import type { BuyReceive } from './BuyPayment.tsx';
import { CopyButton } from './CopyButton.tsx';
import { QrCode } from './QrCode.tsx';
import { SendForChecking } from './SendForChecking.tsx';
import { useConfirmOrder } from './useConfirmOrder.ts';

export interface SellReceive {
  type: 'sell';
  amountUsdt: string;
  deadlineAt: string;
  network: string;
  address: string;
}

const TX_HASH = /^(?:(?:0x)?[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,90})$/;

/**
 * Step 2 of a sell: send the exact USDT to the desk's address on the order's network (shown as
 * text with a copy button and as a QR code), then confirm with the transfer's hash and/or a
 * screenshot.
 */
export function SellPayment({
  order,
  pay,
  onConfirmed,
  onExpired,
}: {
  order: Transaction;
  pay: SellReceive;
  onConfirmed: (order: Transaction) => void;
  onExpired: () => void;
}) {
  const t = useT('transaction');
  const id = useId();
  const [hash, setHash] = useState('');
  const [screenshot, setScreenshot] = useState('');
  const [touched, setTouched] = useState(false);
  const { confirm, problem } = useConfirmOrder(onConfirmed, onExpired);
  const network = networkName(NETWORKS, pay.network);
  const hashProblem = hash.trim() !== '' && !TX_HASH.test(hash.trim());
  const ready = (hash.trim() !== '' || screenshot !== '') && !hashProblem;

  const send = () =>
    confirm({
      id: order.id,
      method: 'usdt_transfer',
      ...(hash.trim() ? { txHash: hash.trim() } : {}),
      ...(screenshot ? { proofImage: screenshot } : {}),
    });

  return (
    <section className="pay" aria-labelledby="pay-title">
      <h2 id="pay-title">
        {keepWhole(t('pay.sellTitle', { usdt: formatAmount(pay.amountUsdt) }), formatAmount(pay.amountUsdt))}
      </h2>
      <p>
        {keepWhole(
          t('pay.sellTo', { usdt: formatAmount(pay.amountUsdt), network }),
          formatAmount(pay.amountUsdt),
        )}
      </p>
      <div className="receive">
        <QrCode value={pay.address} alt={t('pay.qrAlt', { network })} />
        <div className="receive__text">
          <p className="field__label">{t('pay.address')}</p>
          <p className="mono receive__address">{pay.address}</p>
          <CopyButton text={pay.address} label={t('pay.address')} />
          <p className="note note--warning">{t('pay.networkWarning', { network })}</p>
        </div>
      </div>
      <div className="pay__form">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-hash`}>
            {t('pay.txHash')}
          </label>
          <p className="field__hint" id={`${id}-hash-hint`}>
            {t('pay.txHashHint')}
          </p>
          <input
            id={`${id}-hash`}
            className="field__input mono"
            autoComplete="off"
            spellCheck={false}
            value={hash}
            aria-invalid={hashProblem ? true : undefined}
            aria-describedby={`${id}-hash-hint`}
            onChange={(e) => setHash(e.target.value)}
          />
        </div>
        <PhotoPicker
          label={t('pay.screenshot')}
          preparing={t('pay.preparing')}
          previewAlt={t('pay.slipPreview')}
          onChange={setScreenshot}
        />
        {touched && !ready ? <p className="field__error">{t('pay.proofRequired')}</p> : null}
        <SendForChecking
          label={t('pay.confirmSell')}
          text={t('pay.confirmTextSell')}
          ready={ready}
          onInvalid={() => setTouched(true)}
          send={send}
        />
        {problem ? (
          <p className="form-alert" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </section>
  );
}

export type ReceiveData = BuyReceive | SellReceive;
