import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/** '-90.00' -> '−90.00 %', '4.11' -> '+4.11 %'. */
export function signedPercent(percent: string): string {
  return percent.startsWith('-') ? `−${percent.slice(1)} %` : `+${percent} %`;
}

interface Side {
  from: string;
  to: string;
  percent: string;
}

/** The rates in force, the new ones and how far each moves, for a dialog or a proposal. */
export function RateChangeTable({ caption, buy, sell }: { caption: string; buy: Side; sell: Side }) {
  const t = useT('rates');
  const f = useFormat();
  const row = (label: string, side: Side) => (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{f.amount(side.from)}</td>
      <td className="num">{f.amount(side.to)}</td>
      <td className="num nowrap">{signedPercent(side.percent)}</td>
    </tr>
  );
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col" className="num">
            {t('change.inForce')}
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
        {row(t('history.buy'), buy)}
        {row(t('history.sell'), sell)}
      </tbody>
    </table>
  );
}
