import type { RateChangeCheck, RateReference, RateSet } from '@bahtdesk/contract';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/** '-90.00' -> '−90.00 %', '4.11' -> '+4.11 %'. */
function signedPercent(percent: string): string {
  return percent.startsWith('-') ? `−${percent.slice(1)} %` : `+${percent} %`;
}

type Moves = Pick<RateChangeCheck, 'buyChangePercent' | 'sellChangePercent' | 'netSellChangePercent'>;

interface Props {
  caption: string;
  /** The heading of the `from` column: the rates in force, or the reference. */
  fromHeading: string;
  from: RateSet;
  to: RateSet;
  moves: Moves;
}

/**
 * Rates before and after, for a dialog or a proposal: buy, sell, the sell fee and what a seller
 * gets per USDT after it, with how far each moves (the fee by what a seller gets, decision 0090).
 */
function RateChangeTable({ caption, fromHeading, from, to, moves }: Props) {
  const t = useT('rates');
  const f = useFormat();
  const row = (label: string, before: string, after: string, percent: string | null) => (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{before}</td>
      <td className="num">{after}</td>
      <td className="num nowrap">{percent === null ? null : signedPercent(percent)}</td>
    </tr>
  );
  return (
    <table className="table table--compact">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col" className="num">
            {fromHeading}
          </th>
          <th scope="col" className="num">
            {t('change.new')}
          </th>
          <th scope="col" className="num">
            {t('change.percent')}
          </th>
        </tr>
      </thead>
      <tbody>
        {row(t('history.buy'), f.amount(from.buyRate), f.amount(to.buyRate), moves.buyChangePercent)}
        {row(t('history.sell'), f.amount(from.sellRate), f.amount(to.sellRate), moves.sellChangePercent)}
        {row(t('change.fee'), `${from.sellFeePercent} %`, `${to.sellFeePercent} %`, null)}
        {row(
          t('change.netSell'),
          f.amount(from.netSellRate),
          f.amount(to.netSellRate),
          moves.netSellChangePercent,
        )}
      </tbody>
    </table>
  );
}

/**
 * How far new rates move from the rates in force and, when it is other rates, from the reference
 * they are also measured against (decision 0090).
 */
export function RateMoves({
  caption,
  from,
  to,
  moves,
  reference,
}: Omit<Props, 'fromHeading'> & { reference: RateReference | null }) {
  const t = useT('rates');
  const f = useFormat();
  return (
    <>
      <RateChangeTable
        caption={caption}
        fromHeading={t('change.inForce')}
        from={from}
        to={to}
        moves={moves}
      />
      {reference ? (
        <>
          <p>{t('change.referenceText', { when: f.dateTime(reference.since) })}</p>
          <RateChangeTable
            caption={t('change.referenceCaption')}
            fromHeading={t('change.reference')}
            from={reference.rates}
            to={to}
            moves={reference}
          />
        </>
      ) : null}
    </>
  );
}
