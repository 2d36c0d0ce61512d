import { MAX_BANK_ACCOUNTS, MAX_USDT_ADDRESSES } from '@bahtdesk/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { OfflineState, useOffline } from '../../components/OfflineState.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar, useClientState } from '../../lib/store.ts';
import './account.css';
import '../../components/forms.css';
import { LevelCard } from '../limits/LevelCard.tsx';
import { KycSection } from './KycSection.tsx';
import { LineCard } from './LineCard.tsx';
import { NoticesSection } from './NoticesSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { BankAccountsSection, UsdtAddressesSection } from './PaymentSections.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { signOut } from './session.ts';

type SectionId = 'profile' | 'password' | 'kyc' | 'bank-accounts' | 'usdt-addresses' | 'notices';

/**
 * `?action=` values (docs/product.md, Screens; openBankAccounts from the sell form) and the section
 * each opens.
 */
const ACTION_SECTIONS: Record<string, SectionId> = {
  openKyc: 'kyc',
  openBinanceId: 'usdt-addresses',
  openBankAccounts: 'bank-accounts',
};

function Section({
  id,
  title,
  summary,
  open,
  onToggle,
  children,
}: {
  id: SectionId;
  title: string;
  summary?: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <details id={id} className="account-section" open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary className="account-section__summary">
        <h2 className="account-section__title">
          {title}
          {summary ? <span className="account-section__meta">{summary}</span> : null}
        </h2>
      </summary>
      <div className="account-section__body">{children}</div>
    </details>
  );
}

/**
 * The member's account (/account). Opening it through an `?action=` link while it is already
 * shown (the identity or address dialog) starts it afresh, so no form keeps a stale error.
 */
export default function AccountPage() {
  const { key } = useLocation();
  const [params] = useSearchParams();
  return <Account key={params.has('action') ? key : 'account'} />;
}

/**
 * Profile, password, identity verification, bank accounts and USDT addresses, each in a section
 * that opens and closes. `?action=openKyc` and `?action=openBinanceId` open the identity or the
 * USDT-address section and scroll to it. The profile comes from the client state, which the
 * guard refreshes on every navigation.
 */
function Account() {
  const t = useT('account');
  const navigate = useNavigate();
  const profile = useClientState((s) => s.profile);
  const [params] = useSearchParams();
  const action = params.get('action') ?? '';
  const target = ACTION_SECTIONS[action];
  const [open, setOpen] = useState<Record<SectionId, boolean>>({
    profile: true,
    password: false,
    kyc: target === 'kyc',
    'bank-accounts': false,
    'usdt-addresses': target === 'usdt-addresses',
    notices: false,
  });
  const lists = useApi('getNetworkBank');
  // The level card (with a level-1 member's proof of income) and the LINE card sit above the
  // sections: the page waits for their reads (the same entries the cards show), so no section
  // moves down when a card arrives (CLS 0).
  const limits = useApi('getTradeLimits', { dialog: false });
  const proof = useApi(
    'getIncomeProof',
    { dialog: false },
    { skip: limits.status !== 'ready' || limits.data.level !== 1 },
  );
  const cards = [limits, proof, useApi('getLineLink', { dialog: false })];
  const offline = useOffline();
  const shown = profile !== null && !(cards.some((card) => card.status === 'loading') && !offline);
  const scrolled = useRef('');

  // Open the section the action names, once the page shows it.
  useEffect(() => {
    if (!target || !shown || scrolled.current === action) return;
    scrolled.current = action;
    setOpen((o) => ({ ...o, [target]: true }));
    const section = document.getElementById(target);
    section?.scrollIntoView?.({ block: 'start' });
    section?.querySelector<HTMLElement>('summary')?.focus();
  }, [target, action, shown]);

  const toggle = (id: SectionId) => (value: boolean) =>
    setOpen((o) => (o[id] === value ? o : { ...o, [id]: value }));

  const onSignOut = async () => {
    await signOut();
    showSnackbar(t('signedOut'), 'success');
    navigate('/', { replace: true });
  };

  // Opened offline (a full load) the page has no profile yet: it says so, and shows once back online.
  if (!shown) {
    return (
      <section className="page account" aria-labelledby="page-title" aria-busy={!offline}>
        <h1 id="page-title">{t('title')}</h1>
        {offline ? <OfflineState /> : <p role="status">{t('form.loading')}</p>}
      </section>
    );
  }

  const banks = lists.status === 'ready' ? lists.data.banks : [];
  const networks = lists.status === 'ready' ? lists.data.networks : [];

  return (
    <section className="page account" aria-labelledby="page-title">
      <div className="account__head">
        <div>
          <h1 id="page-title">{t('title')}</h1>
          <p className="muted">{t('signedInAs', { username: profile.username })}</p>
        </div>
        <button type="button" className="button button--outline" onClick={onSignOut}>
          {t('signOut')}
        </button>
      </div>
      <LevelCard />
      <LineCard />
      <Section id="profile" title={t('profile.title')} open={open.profile} onToggle={toggle('profile')}>
        <ProfileSection profile={profile} />
      </Section>
      <Section
        id="kyc"
        title={t('kyc.title')}
        summary={t(`kyc.${profile.kycStatus}`)}
        open={open.kyc}
        onToggle={toggle('kyc')}
      >
        <KycSection profile={profile} />
      </Section>
      <Section
        id="bank-accounts"
        title={t('banks.title')}
        summary={t('banks.count', { count: profile.bankAccounts.length, max: MAX_BANK_ACCOUNTS })}
        open={open['bank-accounts']}
        onToggle={toggle('bank-accounts')}
      >
        <BankAccountsSection entries={profile.bankAccounts} banks={banks} holder={profile} />
      </Section>
      <Section
        id="usdt-addresses"
        title={t('usdt.title')}
        summary={t('usdt.count', { count: profile.usdtAddresses.length, max: MAX_USDT_ADDRESSES })}
        open={open['usdt-addresses']}
        onToggle={toggle('usdt-addresses')}
      >
        <UsdtAddressesSection entries={profile.usdtAddresses} networks={networks} />
      </Section>
      <Section id="password" title={t('password.title')} open={open.password} onToggle={toggle('password')}>
        <PasswordSection />
      </Section>
      <Section id="notices" title={t('notices.title')} open={open.notices} onToggle={toggle('notices')}>
        {open.notices ? <NoticesSection /> : null}
      </Section>
    </section>
  );
}
