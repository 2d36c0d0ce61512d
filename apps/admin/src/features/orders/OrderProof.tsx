import type { StaffOrder } from '@bahtdesk/contract';
import { formatThaiPhone } from '@bahtdesk/contract';
import { Link } from 'react-router';
import { StaffImage } from '../../components/StaffImage.tsx';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { explorerTxUrl } from './explorer.ts';

/** The slip or screenshot (operators and admins read files) and the transaction hash on its explorer. */
function Proof({ detail }: { detail: StaffOrder }) {
  const t = useT('orders');
  const canRead = useCan('staffFile');
  const { order, proofFileId } = detail;
  const caption = t(order.payment?.method === 'cash_deposit' ? 'detail.slip' : 'detail.screenshot');
  const txHash = order.payment?.txHash;
  return (
    <div>
      {proofFileId === null ? (
        <p className="muted">{t('detail.noProof')}</p>
      ) : canRead ? (
        <StaffImage fileId={proofFileId} caption={caption} />
      ) : null}
      {txHash ? (
        <p>
          {t('detail.txHash')}:{' '}
          <a href={explorerTxUrl(order.network, txHash)} target="_blank" rel="noopener noreferrer">
            <code className="break">{txHash}</code>
            <span className="visually-hidden"> ({t('detail.explorer')})</span>
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** The member's legal name and identity status, to compare with the name on the slip. */
function Member({ member }: { member: StaffOrder['member'] }) {
  const t = useT('orders');
  const tMembers = useT('members');
  return (
    <dl className="facts">
      <dt>{t('detail.legalName')}</dt>
      <dd>
        <Link to={`/members/${member.id}`}>
          <strong>
            {member.firstName} {member.lastName}
          </strong>
        </Link>
      </dd>
      <dt>{t('detail.username')}</dt>
      <dd>{member.username}</dd>
      <dt>{t('detail.phone')}</dt>
      <dd>{formatThaiPhone(member.phone)}</dd>
      <dt>{t('detail.kyc')}</dt>
      <dd>
        <span className={`badge badge--kyc-${member.kycStatus}`}>{tMembers(`kyc.${member.kycStatus}`)}</span>
      </dd>
    </dl>
  );
}

/** The proof of payment with the member beside it. */
export function OrderProof({ detail }: { detail: StaffOrder }) {
  const t = useT('orders');
  return (
    <section aria-labelledby="proof-title">
      <h2 id="proof-title">{t('detail.proof')}</h2>
      <div className="order-proof">
        <Proof detail={detail} />
        <Member member={detail.member} />
      </div>
    </section>
  );
}
