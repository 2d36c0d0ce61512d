import type { DeskSettings } from '@bahtdesk/contract';
import { TextField } from '@bahtdesk/ui/forms';
import { useT } from '../../lib/i18n.ts';
import { Section, type SettingPending } from './Section.tsx';
import { useSettingForm } from './useSettingForm.ts';

type WholeKey =
  | 'paymentDeadlineMinutes'
  | 'openOrderCap'
  | 'payoutCoolingOffHours'
  | 'rateChangeConfirmPercent'
  | 'rateChangeMaxPercent'
  | 'payoutApprovalAlertMinutes'
  | 'orderWaitAlertMinutes';
type BahtKey = 'cashDepositCeilingThb' | 'payoutApprovalThb';
type Key = WholeKey | BahtKey;

/**
 * A setting that is one number: whole numbers (minutes, hours, a count, per cent) or an amount of baht (a
 * decimal string, never a float).
 */
export function NumberSection({
  settingKey,
  value,
  updatedAt,
  onSaved,
  pending,
}: {
  settingKey: Key;
  value: DeskSettings[Key];
  updatedAt: string | null | undefined;
  onSaved: () => void;
  pending?: SettingPending | undefined;
}) {
  const t = useT('settings');
  const whole = settingKey !== 'cashDepositCeilingThb' && settingKey !== 'payoutApprovalThb';
  const { form, save, alert } = useSettingForm<Key, string>(settingKey, String(value), onSaved, (text) =>
    whole ? (text.trim() === '' || !/^\d+$/.test(text.trim()) ? Number.NaN : Number(text)) : text.trim(),
  );
  return (
    <Section
      id={settingKey}
      title={t(`${settingKey}.title`)}
      intro={t(`${settingKey}.intro`)}
      updatedAt={updatedAt}
      alert={alert}
      onSubmit={save}
      busy={form.formState.isSubmitting}
      pending={pending}
    >
      <TextField
        label={t(`${settingKey}.label`)}
        inputMode={whole ? 'numeric' : 'decimal'}
        problem={form.formState.errors.value}
        {...form.register('value')}
      />
    </Section>
  );
}
