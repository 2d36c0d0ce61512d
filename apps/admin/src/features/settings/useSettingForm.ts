import { type DeskSettingKey, type DeskSettings, settingSchemas } from '@bahtdesk/contract';
import { contractResolver, useFormError } from '@bahtdesk/ui/forms';
import { type DefaultValues, type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { call, queries } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar } from '../../lib/store.ts';

export interface SettingValues<K extends DeskSettingKey, F = DeskSettings[K]> {
  value: F;
}

/**
 * One web setting as a form: checked in the browser by the contract's schema of that key (the
 * one the server applies), saved alone with saveSetting; the server's coded error shows above the
 * section's fields. A save the server only proposed (decision 0091) says it waits for a second admin. `toValue` turns what the fields hold into the setting's value, when they differ.
 */
export function useSettingForm<K extends DeskSettingKey, F = DeskSettings[K]>(
  key: K,
  initial: F,
  onSaved: () => void,
  toValue: (fields: F) => DeskSettings[K] = (fields) => fields as unknown as DeskSettings[K],
) {
  const t = useT('settings');
  const tp = useT('proposals');
  const error = useFormError({}, () => {});
  const check = contractResolver<SettingValues<K>>(z.object({ value: settingSchemas[key] }));
  const resolver: Resolver<SettingValues<K, F>> = async (values, context, options) => {
    const result = await check({ value: toValue(values.value) }, context, options as never);
    return Object.keys(result.errors).length > 0
      ? { values: {}, errors: result.errors as never }
      : { values, errors: {} };
  };
  const form = useForm<SettingValues<K, F>, unknown, SettingValues<K, F>>({
    resolver,
    defaultValues: { value: initial } as DefaultValues<SettingValues<K, F>>,
  });
  const save = form.handleSubmit(async ({ value }) => {
    error.clear();
    try {
      const { proposal } = await call('saveSetting', {
        body: { key, value: toValue(value) } as never,
        dialog: false,
      });
      showSnackbar(proposal ? tp('proposed') : t('saved'));
      // A proposal leaves the value in force: the form shows it again, the proposal beside it.
      if (proposal) {
        form.reset();
        queries.invalidate(['changeProposals']);
      }
      onSaved();
    } catch (e) {
      error.show(e);
    }
  });
  return { form, save, alert: error.alert };
}
