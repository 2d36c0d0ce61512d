import { type DeskSettings, NETWORKS, type NetworkId } from '@bahtdesk/contract';
import { TextField } from '@bahtdesk/ui/forms';
import { Qr } from '../../components/Qr.tsx';
import { useT } from '../../lib/i18n.ts';
import { Section, type SettingPending } from './Section.tsx';
import { useSettingForm } from './useSettingForm.ts';

type Fields = Record<NetworkId, string>;

/** Blank fields are networks the desk does not receive on. */
function toValue(fields: Fields): DeskSettings['receivingAddresses'] {
  return Object.fromEntries(
    Object.entries(fields)
      .map(([network, address]) => [network, address.trim()])
      .filter(([, address]) => address !== ''),
  );
}

/** The desk's receiving USDT address per network (sell orders), each with its QR code. */
export function AddressesSection({
  value,
  updatedAt,
  onSaved,
  pending,
}: {
  value: DeskSettings['receivingAddresses'];
  updatedAt: string | null | undefined;
  onSaved: () => void;
  pending?: SettingPending | undefined;
}) {
  const t = useT('settings');
  const initial = Object.fromEntries(NETWORKS.map((n) => [n.id, value[n.id] ?? ''])) as Fields;
  const { form, save, alert } = useSettingForm<'receivingAddresses', Fields>(
    'receivingAddresses',
    initial,
    onSaved,
    toValue,
  );
  const current = form.watch('value');
  return (
    <Section
      id="addresses"
      title={t('addresses.title')}
      intro={t('addresses.intro')}
      updatedAt={updatedAt}
      alert={alert}
      onSubmit={save}
      busy={form.formState.isSubmitting}
      pending={pending}
    >
      {NETWORKS.map((n) => (
        <div key={n.id} className="with-qr">
          <TextField
            label={n.name}
            autoCapitalize="none"
            spellCheck={false}
            problem={form.formState.errors.value?.[n.id]}
            {...form.register(`value.${n.id}`)}
          />
          {current[n.id]?.trim() ? (
            <Qr text={current[n.id].trim()} label={t('addresses.qr', { network: n.name })} size={120} />
          ) : null}
        </div>
      ))}
    </Section>
  );
}
