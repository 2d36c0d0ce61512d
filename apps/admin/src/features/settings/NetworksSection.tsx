import { type DeskSettings, NETWORKS, type NetworkId } from '@bahtdesk/contract';
import { useT } from '../../lib/i18n.ts';
import { Section, type SettingPending } from './Section.tsx';
import { useSettingForm } from './useSettingForm.ts';

type Fields = Record<NetworkId, boolean>;

const toValue = (fields: Fields): DeskSettings['enabledNetworks'] =>
  NETWORKS.filter((n) => fields[n.id]).map((n) => n.id);

/**
 * The networks the desk takes USDT on (decision 0060): members add addresses and sell only on
 * these; entries saved on a network switched off stay readable. At least one stays on.
 */
export function NetworksSection({
  value,
  updatedAt,
  onSaved,
  pending,
}: {
  value: DeskSettings['enabledNetworks'];
  updatedAt: string | null | undefined;
  onSaved: () => void;
  pending?: SettingPending | undefined;
}) {
  const t = useT('settings');
  const initial = Object.fromEntries(NETWORKS.map((n) => [n.id, value.includes(n.id)])) as Fields;
  const { form, save, alert } = useSettingForm<'enabledNetworks', Fields>(
    'enabledNetworks',
    initial,
    onSaved,
    toValue,
  );
  const problem = form.formState.errors.value;
  return (
    <Section
      id="networks"
      title={t('networks.title')}
      intro={t('networks.intro')}
      updatedAt={updatedAt}
      alert={alert}
      onSubmit={save}
      busy={form.formState.isSubmitting}
      pending={pending}
    >
      <fieldset className="checks" aria-describedby={problem ? 'networks-problem' : undefined}>
        <legend className="visually-hidden">{t('networks.title')}</legend>
        {NETWORKS.map((n) => (
          <label key={n.id} className="check">
            <input type="checkbox" {...form.register(`value.${n.id}`)} />
            <span>
              {n.name}
              {n.id === 'BEP2' ? <span className="muted"> · {t('networks.bep2Stopped')}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p className="field__error" id="networks-problem">
          {t('networks.atLeastOne')}
        </p>
      ) : null}
    </Section>
  );
}
