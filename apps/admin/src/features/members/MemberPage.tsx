import {
  accountNameMatches,
  bankByCode,
  formatAccountNumber,
  formatThaiPhone,
  type MemberDetail,
  networkById,
  networkLabel,
} from '@bahtdesk/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AuditTable } from '../../components/AuditTable.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { KycHistory } from '../../components/KycHistory.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';
import { ProofHistory } from '../proofs/ProofHistory.tsx';
import { MemberRiskPanel } from '../risk/MemberRiskPanel.tsx';
import { MemberLevelPanel } from './MemberLevelPanel.tsx';

function BankAccounts({
  member,
  accounts,
}: {
  member: MemberDetail['member'];
  accounts: MemberDetail['bankAccounts'];
}) {
  const memberId = member.id;
  const t = useT('members');
  const f = useFormat();
  const canReveal = useCan('revealBankAccount');
  const [shown, setShown] = useState<Record<number, string>>({});
  if (accounts.length === 0) return <Empty>{t('detail.noBankAccounts')}</Empty>;
  const reveal = async (accountId: number) => {
    const { accountNumber } = await call('revealBankAccount', {
      params: { id: memberId, accountId },
      body: {},
    });
    setShown((s) => ({ ...s, [accountId]: accountNumber }));
  };
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('detail.bankAccounts')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('detail.bank')}</th>
            <th scope="col">{t('detail.number')}</th>
            <th scope="col">{t('detail.accountName')}</th>
            <th scope="col">{t('detail.usableFrom')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => {
            const bank = bankByCode(a.bankCode);
            const revealed = shown[a.id];
            return (
              <tr key={a.id}>
                <td>{bank ? (f.lang === 'th' ? bank.th : bank.en) : a.bankCode}</td>
                <td>
                  <code>{revealed ? formatAccountNumber(revealed) : a.accountNumberMasked}</code>{' '}
                  {canReveal && !shown[a.id] ? (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => void reveal(a.id).catch(() => undefined)}
                    >
                      {t('detail.reveal')}
                      <span className="visually-hidden">: {a.accountNumberMasked}</span>
                    </button>
                  ) : null}
                </td>
                <td>
                  {a.accountName}
                  {accountNameMatches(a.accountName, member.firstName, member.lastName) ? null : (
                    <>
                      {' '}
                      <span className="badge badge--bad">{t('detail.nameMismatch')}</span>
                    </>
                  )}
                </td>
                <td>{f.dateTime(a.usableFrom)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A member's page: profile and KYC, payout destinations, live sessions and their audit trail. */
export default function MemberPage() {
  const t = useT('members');
  const id = Number(useParams().id);
  const state = useApi('memberDetail', { params: { id } });
  return (
    <section className="page" aria-labelledby="member-title">
      <p>
        <Link to="/members">{t('detail.back')}</Link>
      </p>
      <Loaded state={state}>
        {/* Keyed by the member: a revealed number or an open dialog never carries over to the next. */}
        {(detail) => <MemberView key={detail.member.id} detail={detail} onChanged={state.reload} />}
      </Loaded>
    </section>
  );
}

function MemberView({ detail, onChanged }: { detail: MemberDetail; onChanged: () => void }) {
  const t = useT('members');
  const tKyc = useT('kyc');
  const f = useFormat();
  const canEnd = useCan('endMemberSessions');
  const [ending, setEnding] = useState(false);
  const { member, bankAccounts, usdtAddresses, kycHistory, sessions, audit } = detail;
  return (
    <>
      <h1 id="member-title">{member.username}</h1>
      <dl className="facts">
        <dt>{t('list.name')}</dt>
        <dd>
          {member.firstName} {member.lastName}
        </dd>
        <dt>{t('list.email')}</dt>
        <dd>{member.email}</dd>
        <dt>{t('list.phone')}</dt>
        <dd>{formatThaiPhone(member.phone)}</dd>
        <dt>{t('list.kyc')}</dt>
        <dd>
          <span className={`badge badge--kyc-${member.kycStatus}`}>{t(`kyc.${member.kycStatus}`)}</span>
        </dd>
        <dt>{t('list.joined')}</dt>
        <dd>{f.dateTime(member.createdAt)}</dd>
      </dl>
      <MemberLevelPanel memberId={member.id} />
      <MemberRiskPanel memberId={member.id} />

      <h2>{tKyc('history.title')}</h2>
      <KycHistory history={kycHistory} />
      <ProofHistory memberId={member.id} />

      <h2>{t('detail.bankAccounts')}</h2>
      <BankAccounts member={member} accounts={bankAccounts} />

      <h2>{t('detail.addresses')}</h2>
      {usdtAddresses.length === 0 ? (
        <Empty>{t('detail.noAddresses')}</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('detail.addresses')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.network')}</th>
                <th scope="col">{t('detail.address')}</th>
                <th scope="col">UID</th>
                <th scope="col">{t('detail.nickname')}</th>
                <th scope="col">{t('detail.usableFrom')}</th>
              </tr>
            </thead>
            <tbody>
              {usdtAddresses.map((a) => (
                <tr key={a.id}>
                  <td>{networkLabel(networkById(a.network), a.network)}</td>
                  <td>
                    <code className="break">{a.address}</code>
                  </td>
                  <td>
                    {a.custody === 'wallet'
                      ? tKyc('review.personalWallet')
                      : (a.uid ?? tKyc('review.uidMissing'))}
                  </td>
                  <td>{a.nickname ?? '—'}</td>
                  <td>{f.dateTime(a.usableFrom)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="page__head">
        <h2>{t('detail.sessions')}</h2>
        {canEnd && sessions.length > 0 ? (
          <button type="button" className="button button--danger" onClick={() => setEnding(true)}>
            {t('detail.endSessions')}
          </button>
        ) : null}
      </div>
      {sessions.length === 0 ? (
        <Empty>{t('detail.noSessions')}</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('detail.sessions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.started')}</th>
                <th scope="col">{t('detail.lastSeen')}</th>
                <th scope="col">{t('detail.expires')}</th>
                <th scope="col">{t('detail.ip')}</th>
                <th scope="col">{t('detail.device')}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td>{f.dateTime(s.createdAt)}</td>
                  <td>{f.dateTime(s.lastSeenAt)}</td>
                  <td>{f.dateTime(s.expiresAt)}</td>
                  <td>{s.ip ?? '—'}</td>
                  <td className="small">{s.userAgent ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('detail.audit')}</h2>
      {audit.length === 0 ? (
        <Empty>{t('detail.noAudit')}</Empty>
      ) : (
        <AuditTable items={audit} caption={t('detail.audit')} />
      )}

      {ending ? (
        <ConfirmDialog
          title={t('detail.endTitle')}
          confirmLabel={t('detail.endSessions')}
          danger
          onClose={() => setEnding(false)}
          onConfirm={async () => {
            const { ended } = await call('endMemberSessions', { params: { id: member.id }, body: {} });
            showSnackbar(t('detail.ended', { count: ended }));
            onChanged();
          }}
        >
          <p>{t('detail.endText', { username: member.username })}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
