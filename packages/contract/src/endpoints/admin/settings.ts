import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { deskBankAccountSchema, type SettingKey, settingSchemas } from '../../settings.ts';
import { codeMessage } from '../../validators/messages.ts';
import { iso } from './common.ts';
import { settingProposalSchema } from './proposals.ts';

/**
 * The web settings staff edit (codes 30001-30026): every key but the internal ones, one key per
 * save (each section of the screen saves on its own), validated by the contract's schema of that key,
 * audited with before and after and applied to every process within a second.
 */

export const DESK_SETTING_KEYS = [
  'maintenance',
  'chatLink',
  'paymentDeadlineMinutes',
  'cashDepositCeilingThb',
  'deskBankAccounts',
  'receivingAddresses',
  'enabledNetworks',
  'locations',
  'openOrderCap',
  'payoutCoolingOffHours',
  'rateChangeConfirmPercent',
  'rateChangeMaxPercent',
  'tradeLimits',
  'payoutApprovalThb',
  'payoutApprovalAlertMinutes',
  'orderWaitAlertMinutes',
] as const satisfies readonly SettingKey[];
export type DeskSettingKey = (typeof DESK_SETTING_KEYS)[number];

/**
 * The settings that guard money (decision 0091): the rate bounds, the payout-approval threshold and
 * cooling-off, the limits per level, the cash ceiling, the networks the desk takes and where members
 * pay it (its bank accounts and receiving addresses). A staff member's change of one waits for a
 * second admin while the desk has two enabled admins; members keep the value in force until then.
 */
export const GUARDED_SETTING_KEYS = [
  'cashDepositCeilingThb',
  'deskBankAccounts',
  'receivingAddresses',
  'enabledNetworks',
  'payoutCoolingOffHours',
  'rateChangeConfirmPercent',
  'rateChangeMaxPercent',
  'tradeLimits',
  'payoutApprovalThb',
] as const satisfies readonly DeskSettingKey[];
export type GuardedSettingKey = (typeof GUARDED_SETTING_KEYS)[number];

export function isGuardedSetting(key: string): key is GuardedSettingKey {
  return (GUARDED_SETTING_KEYS as readonly string[]).includes(key);
}

export const deskSettingsSchema = z.object(
  Object.fromEntries(DESK_SETTING_KEYS.map((k) => [k, settingSchemas[k]])) as {
    [K in DeskSettingKey]: (typeof settingSchemas)[K];
  },
);
export type DeskSettings = z.infer<typeof deskSettingsSchema>;

const entry = <K extends DeskSettingKey>(key: K) =>
  z.object({ key: z.literal(key), value: settingSchemas[key] });

/** One setting to save: `{ key, value }`. */
export const saveSettingBodySchema = z.discriminatedUnion(
  'key',
  [
    entry('maintenance'),
    entry('chatLink'),
    entry('paymentDeadlineMinutes'),
    entry('cashDepositCeilingThb'),
    entry('deskBankAccounts'),
    entry('receivingAddresses'),
    entry('enabledNetworks'),
    entry('locations'),
    entry('openOrderCap'),
    entry('payoutCoolingOffHours'),
    entry('rateChangeConfirmPercent'),
    entry('rateChangeMaxPercent'),
    entry('tradeLimits'),
    entry('payoutApprovalThb'),
    entry('payoutApprovalAlertMinutes'),
    entry('orderWaitAlertMinutes'),
  ],
  { error: codeMessage(E.SETTINGS_INVALID) },
);
export type SaveSettingBody = z.input<typeof saveSettingBodySchema>;

export const deskSettingsResultSchema = z.object({
  /** As saved; a desk that never set its bank accounts reads none (saving needs at least one: 30004). */
  values: deskSettingsSchema.extend({ deskBankAccounts: z.array(deskBankAccountSchema) }),
  /** When each key was last written; null for a key still at its default. */
  updatedAt: z.record(z.string(), iso.nullable()),
});
export type DeskSettingsResult = z.infer<typeof deskSettingsResultSchema>;

/** The settings in force after a save, and the proposal it made instead for a guarded key (decision 0091). */
export const saveSettingResultSchema = deskSettingsResultSchema.extend({
  proposal: settingProposalSchema.nullable(),
});
export type SaveSettingResult = z.infer<typeof saveSettingResultSchema>;

export const settingsEndpoints = {
  getSettings: endpoint({
    method: 'GET',
    path: '/api/admin/settings',
    access: { staff: ['admin', 'operator', 'viewer'] },
    summary: 'The web settings staff edit, with when each was last changed.',
    result: deskSettingsResultSchema,
  }),
  saveSetting: endpoint({
    method: 'POST',
    path: '/api/admin/settings',
    access: { staff: ['admin'] },
    summary:
      'Saves one web setting (`{ key, value }`), checked by its schema (30002 and the sharper 300xx codes), audited with before and after; every process applies it within a second. A setting that guards money (GUARDED_SETTING_KEYS), on a desk with two enabled admins, is only proposed: the answer carries the `proposal` and the settings still in force, until another admin approves it (decision 0091).',
    body: saveSettingBodySchema,
    bodyLimit: 64 * 1024,
    result: saveSettingResultSchema,
  }),
} as const;
