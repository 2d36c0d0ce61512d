import type { StaffOrder } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { StatusChip } from './StatusChip.tsx';

const BY_LABEL = { image: 'detail.byImage', qr: 'detail.byQr', txHash: 'detail.byTxHash' } as const;

/** Other orders paid with the same slip (image or QR) or transaction hash, shown above everything else. */
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
            <Link to={`/orders/${d.id}`}>{d.id}</Link> <StatusChip status={d.status} /> · {t(BY_LABEL[d.by])}
          </li>
        ))}
      </ul>
    </section>
  );
}
