import type { StaffOrder } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { StatusChip } from './StatusChip.tsx';

/** Earlier orders paid with the same slip (image or QR), shown above everything else. */
export function Duplicates({ duplicates }: { duplicates: StaffOrder['duplicates'] }) {
  const t = useT('orders');
  if (duplicates.length === 0) return null;
  return (
    <section className="form-alert" aria-labelledby="duplicates-title">
      <h2 id="duplicates-title">{t('detail.duplicatesTitle')}</h2>
      <p>{t('detail.duplicatesText')}</p>
      <ul>
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link to={`/orders/${d.id}`}>{d.id}</Link> <StatusChip status={d.status} /> ·{' '}
            {t(d.by === 'image' ? 'detail.byImage' : 'detail.byQr')}
          </li>
        ))}
      </ul>
    </section>
  );
}
