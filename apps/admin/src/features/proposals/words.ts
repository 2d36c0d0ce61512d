import {
  BANKS,
  type ChangeProposal,
  type DeskSettings,
  type GuardedSettingKey,
  NETWORKS,
  type NetworkId,
  type SettingProposal,
  type StaffProposal,
} from '@bahtdesk/contract';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/** The settings screen's title key of each guarded setting. */
const TITLES = {
  cashDepositCeilingThb: 'cashDepositCeilingThb.title',
  deskBankAccounts: 'banks.title',
  receivingAddresses: 'addresses.title',
  enabledNetworks: 'networks.title',
  payoutCoolingOffHours: 'payoutCoolingOffHours.title',
  rateChangeConfirmPercent: 'rateChangeConfirmPercent.title',
  rateChangeMaxPercent: 'rateChangeMaxPercent.title',
  tradeLimits: 'tradeLimits.title',
  payoutApprovalThb: 'payoutApprovalThb.title',
} as const satisfies Record<GuardedSettingKey, string>;

const networkName = (id: string) => NETWORKS.find((n) => n.id === id)?.name ?? id;

/**
 * A proposed change in the console's language (decision 0091): the setting's title and what it
 * changes as text, and a staff change as a sentence. Values are shown whole (a receiving address in
 * full), for the second admin to check what they approve.
 */
export function useProposalWords() {
  const t = useT('proposals');
  const ts = useT('settings');
  const tc = useT('common');
  const f = useFormat();
  const bankName = (code: string) => {
    const bank = BANKS.find((b) => b.code === code);
    return bank ? bank[f.lang] : code;
  };

  /** A value of a guarded setting as lines of text (one per account, address or level). */
  function settingLines(key: string, value: unknown): string[] {
    const v = value as DeskSettings[GuardedSettingKey];
    switch (key as GuardedSettingKey) {
      case 'cashDepositCeilingThb':
      case 'payoutApprovalThb':
        return [t('baht', { amount: f.amount(String(v)) })];
      case 'payoutCoolingOffHours':
        return [t('hours', { count: String(v) })];
      case 'rateChangeConfirmPercent':
      case 'rateChangeMaxPercent':
        return [t('percent', { count: String(v) })];
      case 'enabledNetworks':
        return [(v as DeskSettings['enabledNetworks']).map(networkName).join(', ')];
      case 'receivingAddresses':
        return Object.entries(v as DeskSettings['receivingAddresses']).map(
          ([network, address]) => `${networkName(network)}: ${address}`,
        );
      case 'deskBankAccounts':
        return (v as DeskSettings['deskBankAccounts']).map(
          (a) =>
            `${bankName(a.bankCode)} ${a.accountNumber} ${(f.lang === 'th' && a.accountNameTh) || a.accountName}`,
        );
      case 'tradeLimits': {
        const limits = v as DeskSettings['tradeLimits'];
        return (['level1', 'level2'] as const).map((level) =>
          t('limits', {
            level: ts(`tradeLimits.${level}`),
            buyDay: f.amount(limits[level].buyDayThb),
            buyMonth: f.amount(limits[level].buyMonthThb),
            sellDay: f.amount(limits[level].sellDayThb),
            sellMonth: f.amount(limits[level].sellMonthThb),
          }),
        );
      }
      default:
        return [JSON.stringify(value)];
    }
  }

  /**
   * What a setting proposal changes, in force and proposed, as lines: the receiving addresses
   * of the networks it changes only (a network it clears shows "none"), every other value whole.
   */
  function settingChange(p: SettingProposal): { inForce: string[]; proposed: string[] } {
    if (p.target !== 'receivingAddresses') {
      return { inForce: settingLines(p.target, p.replaces), proposed: settingLines(p.target, p.value) };
    }
    const before = (p.replaces ?? {}) as DeskSettings['receivingAddresses'];
    const after = (p.value ?? {}) as DeskSettings['receivingAddresses'];
    const changed = NETWORKS.filter((n) => before[n.id] !== after[n.id]);
    const line = (addresses: DeskSettings['receivingAddresses'], id: NetworkId) =>
      `${networkName(id)}: ${addresses[id] ?? t('none')}`;
    return {
      inForce: changed.map((n) => line(before, n.id)),
      proposed: changed.map((n) => line(after, n.id)),
    };
  }

  const settingTitle = (key: string) => (key in TITLES ? ts(TITLES[key as GuardedSettingKey]) : key);

  function staffChange(p: StaffProposal): string {
    const username = p.username;
    const v = p.value;
    if ('create' in v) {
      return t(v.create.role === 'operator' ? 'staff.createOperator' : 'staff.create', { username });
    }
    if ('role' in v) {
      const from = p.replaces?.role;
      return t('staff.role', {
        username,
        from: from ? tc(`role.${from}`) : '',
        to: tc(`role.${v.role}`),
      });
    }
    if ('disabled' in v) return t(v.disabled ? 'staff.disable' : 'staff.enable', { username });
    return t('staff.reset', { username });
  }

  /** One line saying what the proposal changes. */
  const what = (p: ChangeProposal) =>
    p.kind === 'setting'
      ? `${settingTitle(p.target)}: ${settingChange(p).proposed.join('; ')}`
      : staffChange(p);

  return { settingTitle, settingChange, staffChange, what };
}
