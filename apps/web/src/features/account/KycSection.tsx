import type { KycStatus } from '@bahtdesk/contract';
import { useT } from '../../lib/i18n.ts';

/** The identity-verification status and what it means. */
export function KycSection({ status }: { status: KycStatus }) {
  const t = useT('account');
  return (
    <div>
      <p>
        <span className="muted">{t('kyc.status')}: </span>
        <span className={`status-badge status-badge--${status}`}>{t(`kyc.${status}`)}</span>
      </p>
      <p>{t(`kyc.${status}Text`)}</p>
    </div>
  );
}
