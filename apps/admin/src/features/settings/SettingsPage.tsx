import { isGuardedSetting, type SettingProposal } from '@bahtdesk/contract';
import { Loaded } from '../../components/States.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { AddressesSection } from './AddressesSection.tsx';
import { BankAccountsSection } from './BankAccountsSection.tsx';
import { ChatLinkSection } from './ChatLinkSection.tsx';
import { ClosedDaysSection } from './ClosedDaysSection.tsx';
import { LocationsSection } from './LocationsSection.tsx';
import { MaintenanceSection } from './MaintenanceSection.tsx';
import { NetworksSection } from './NetworksSection.tsx';
import { NumberSection } from './NumberSection.tsx';
import { TradeLimitsSection } from './TradeLimitsSection.tsx';

const NUMBERS = [
  'paymentDeadlineMinutes',
  'cashDepositCeilingThb',
  'openOrderCap',
  'payoutCoolingOffHours',
  'rateChangeConfirmPercent',
  'rateChangeMaxPercent',
  'payoutApprovalThb',
  'payoutApprovalAlertMinutes',
  'orderWaitAlertMinutes',
] as const;

/**
 * The web settings, one section per setting, each saved on its own. A section's form starts again
 * from the saved value whenever that setting changes (here or in another console). A setting that
 * guards money says when its change waits for a second admin, and shows its change waiting
 * (decision 0091).
 */
export default function SettingsPage() {
  const t = useT('settings');
  const state = useApi('getSettings');
  const proposals = useApi('changeProposals', { dialog: false });
  const twoPerson = proposals.status === 'ready' ? proposals.data : undefined;
  const waiting = new Map(
    (twoPerson?.items ?? [])
      .filter((p): p is SettingProposal => p.kind === 'setting')
      .map((p) => [p.target, p]),
  );
  const pending = (key: string) =>
    isGuardedSetting(key)
      ? { guarded: twoPerson?.twoPersonRules.hold ?? false, proposal: waiting.get(key) }
      : undefined;
  return (
    <section className="page" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('title')}</h1>
      <Loaded state={state}>
        {({ values, updatedAt }) => {
          const at = (key: string) => updatedAt[key] ?? null;
          const props = (key: string) => ({
            updatedAt: at(key),
            onSaved: state.reload,
            pending: pending(key),
          });
          const k = (key: string) => `${key}@${at(key)}`;
          return (
            <div className="sections">
              <MaintenanceSection
                key={k('maintenance')}
                {...props('maintenance')}
                value={values.maintenance}
              />
              <BankAccountsSection
                key={k('deskBankAccounts')}
                {...props('deskBankAccounts')}
                value={values.deskBankAccounts}
              />
              <NetworksSection
                key={k('enabledNetworks')}
                {...props('enabledNetworks')}
                value={values.enabledNetworks}
              />
              <AddressesSection
                key={k('receivingAddresses')}
                {...props('receivingAddresses')}
                value={values.receivingAddresses}
              />
              <LocationsSection key={k('locations')} {...props('locations')} value={values.locations} />
              <ClosedDaysSection />
              {NUMBERS.map((key) => (
                <NumberSection key={k(key)} {...props(key)} settingKey={key} value={values[key]} />
              ))}
              <TradeLimitsSection
                key={k('tradeLimits')}
                {...props('tradeLimits')}
                value={values.tradeLimits}
              />
              <ChatLinkSection key={k('chatLink')} {...props('chatLink')} value={values.chatLink} />
            </div>
          );
        }}
      </Loaded>
    </section>
  );
}
