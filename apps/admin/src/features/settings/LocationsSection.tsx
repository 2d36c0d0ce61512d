import { type DeskSettings, MAX_LOCATIONS } from '@bahtdesk/contract';
import { TextField } from '@bahtdesk/ui/forms';
import { useFieldArray } from 'react-hook-form';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { Section } from './Section.tsx';
import { useSettingForm } from './useSettingForm.ts';

const TEXTS = ['name', 'address', 'openingHours'] as const;

/** A new location's id: short, unique enough, and never shown (appointments refer to it). */
function newId(): string {
  return `loc-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Where cash appointments take place: name, address and opening hours in both languages. */
export function LocationsSection({
  value,
  updatedAt,
  onSaved,
}: {
  value: DeskSettings['locations'];
  updatedAt: string | null | undefined;
  onSaved: () => void;
}) {
  const t = useT('settings');
  const canSave = useCan('saveSetting');
  const { form, save, alert } = useSettingForm('locations', value, onSaved);
  const rows = useFieldArray({ control: form.control, name: 'value' });
  const errors = form.formState.errors.value;
  return (
    <Section
      id="locations"
      title={t('locations.title')}
      intro={t('locations.intro')}
      updatedAt={updatedAt}
      alert={alert}
      onSubmit={save}
      busy={form.formState.isSubmitting}
    >
      {rows.fields.length === 0 ? <p className="muted">{t('locations.none')}</p> : null}
      {rows.fields.map((row, i) => (
        <fieldset key={row.id} className="fieldset row-set">
          <legend>{t('locations.location', { n: i + 1 })}</legend>
          {TEXTS.map((text) => (
            <div key={text} className="grid-2">
              <TextField
                label={t(`locations.${text}En`)}
                lang="en"
                problem={errors?.[i]?.[text]?.en}
                {...form.register(`value.${i}.${text}.en`)}
              />
              <TextField
                label={t(`locations.${text}Th`)}
                lang="th"
                problem={errors?.[i]?.[text]?.th}
                {...form.register(`value.${i}.${text}.th`)}
              />
            </div>
          ))}
          <div className="grid-2">
            <TextField
              label={t('locations.opens')}
              type="time"
              problem={errors?.[i]?.opens}
              {...form.register(`value.${i}.opens`)}
            />
            <TextField
              label={t('locations.closes')}
              type="time"
              problem={errors?.[i]?.closes ?? errors?.[i]?.root}
              {...form.register(`value.${i}.closes`)}
            />
          </div>
          {canSave ? (
            <button type="button" className="button button--small" onClick={() => rows.remove(i)}>
              {t('locations.remove', { n: i + 1 })}
            </button>
          ) : null}
        </fieldset>
      ))}
      {canSave && rows.fields.length < MAX_LOCATIONS ? (
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            rows.append({
              id: newId(),
              name: { en: '', th: '' },
              address: { en: '', th: '' },
              openingHours: { en: '', th: '' },
              opens: '09:00',
              closes: '16:00',
            })
          }
        >
          {t('locations.add')}
        </button>
      ) : null}
    </Section>
  );
}
