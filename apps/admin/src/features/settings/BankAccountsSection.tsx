import { BANKS, type DeskSettings, MAX_DESK_BANK_ACCOUNTS } from '@bahtdesk/contract';
import { SelectField, TextField } from '@bahtdesk/ui/forms';
import { useFieldArray } from 'react-hook-form';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { Section, type SettingPending } from './Section.tsx';
import { useSettingForm } from './useSettingForm.ts';

/** The desk's bank accounts members deposit cash into: at least one. */
export function BankAccountsSection({
  value,
  updatedAt,
  onSaved,
  pending,
}: {
  value: DeskSettings['deskBankAccounts'];
  updatedAt: string | null | undefined;
  onSaved: () => void;
  pending?: SettingPending | undefined;
}) {
  const t = useT('settings');
  const { lang } = useFormat();
  const canSave = useCan('saveSetting');
  const { form, save, alert } = useSettingForm('deskBankAccounts', value, onSaved);
  const rows = useFieldArray({ control: form.control, name: 'value' });
  const errors = form.formState.errors.value;
  return (
    <Section
      id="banks"
      title={t('banks.title')}
      intro={t('banks.intro')}
      updatedAt={updatedAt}
      alert={alert}
      onSubmit={save}
      busy={form.formState.isSubmitting}
      pending={pending}
    >
      {errors?.root || (errors && !Array.isArray(errors) && errors.message) ? (
        <p className="field__error" role="alert">
          {t('banks.atLeastOne')}
        </p>
      ) : null}
      {rows.fields.map((row, i) => (
        <fieldset key={row.id} className="fieldset row-set">
          <legend>{t('banks.account', { n: i + 1 })}</legend>
          <div className="grid-3">
            <SelectField
              label={t('banks.bank')}
              problem={errors?.[i]?.bankCode}
              {...form.register(`value.${i}.bankCode`)}
            >
              {BANKS.map((b) => (
                <option key={b.code} value={b.code}>
                  {lang === 'th' ? b.th : b.en}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('banks.number')}
              inputMode="numeric"
              problem={errors?.[i]?.accountNumber}
              {...form.register(`value.${i}.accountNumber`)}
            />
            <TextField
              label={t('banks.name')}
              problem={errors?.[i]?.accountName}
              {...form.register(`value.${i}.accountName`)}
            />
            <TextField
              label={t('banks.nameTh')}
              problem={errors?.[i]?.accountNameTh}
              {...form.register(`value.${i}.accountNameTh`)}
            />
          </div>
          {canSave ? (
            <button type="button" className="button button--small" onClick={() => rows.remove(i)}>
              {t('banks.remove', { n: i + 1 })}
            </button>
          ) : null}
        </fieldset>
      ))}
      {canSave && rows.fields.length < MAX_DESK_BANK_ACCOUNTS ? (
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            rows.append({
              bankCode: BANKS[0]?.code ?? '',
              accountNumber: '',
              accountName: '',
              accountNameTh: '',
            })
          }
        >
          {t('banks.add')}
        </button>
      ) : null}
    </Section>
  );
}
