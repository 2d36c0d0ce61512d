import type { DeskSettings, TradeLimits } from '@bahtdesk/contract';
import { TextField } from '@bahtdesk/ui/forms';
import { useT } from '../../lib/i18n.ts';
import { Section, type SettingPending } from './Section.tsx';
import { useSettingForm } from './useSettingForm.ts';

const LEVELS = ['level1', 'level2'] as const;
const LIMITS = ['buyDayThb', 'buyMonthThb', 'sellDayThb', 'sellMonthThb'] as const;

const trimmed = (v: TradeLimits): TradeLimits => ({
  level1: Object.fromEntries(LIMITS.map((k) => [k, v.level1[k].trim()])) as TradeLimits['level1'],
  level2: Object.fromEntries(LIMITS.map((k) => [k, v.level2[k].trim()])) as TradeLimits['level2'],
});

/** An error object's own message, when the rule was over the whole object. */
const messageOf = (error: unknown): { message: string } | undefined =>
  typeof (error as { message?: unknown } | undefined)?.message === 'string'
    ? (error as { message: string })
    : undefined;

/**
 * What each member level may buy and sell per Bangkok day and calendar month, in THB (a sell counts
 * its value before the fee); createTransaction refuses an order past them (decision 0067).
 */
export function TradeLimitsSection({
  value,
  updatedAt,
  onSaved,
  pending,
}: {
  value: DeskSettings['tradeLimits'];
  updatedAt: string | null | undefined;
  onSaved: () => void;
  pending?: SettingPending | undefined;
}) {
  const t = useT('settings');
  const { form, save, alert } = useSettingForm('tradeLimits', value, onSaved, trimmed);
  const errors = form.formState.errors.value;
  // A rule over a level's limits (a day above its month) or over both levels shows under the last field.
  const groupProblem = (level: (typeof LEVELS)[number]) =>
    errors?.[level]?.root ??
    messageOf(errors?.[level]) ??
    (level === 'level2' ? (errors?.root ?? messageOf(errors)) : undefined);
  return (
    <Section
      id="tradeLimits"
      title={t('tradeLimits.title')}
      intro={t('tradeLimits.intro')}
      updatedAt={updatedAt}
      alert={alert}
      onSubmit={save}
      busy={form.formState.isSubmitting}
      pending={pending}
    >
      {LEVELS.map((level) => (
        <fieldset key={level} className="fieldset row-set">
          <legend>{t(`tradeLimits.${level}`)}</legend>
          {LIMITS.map((limit, i) => (
            <TextField
              key={limit}
              label={t(`tradeLimits.${limit}`)}
              inputMode="decimal"
              problem={
                errors?.[level]?.[limit] ?? (i === LIMITS.length - 1 ? groupProblem(level) : undefined)
              }
              {...form.register(`value.${level}.${limit}`)}
            />
          ))}
        </fieldset>
      ))}
    </Section>
  );
}
