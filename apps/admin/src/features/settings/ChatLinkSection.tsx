import { TextField } from '@bahtdesk/ui/forms';
import { Qr } from '../../components/Qr.tsx';
import { useT } from '../../lib/i18n.ts';
import { Section } from './Section.tsx';
import { useSettingForm } from './useSettingForm.ts';

/** The chat-app link, with the QR code the member footer will draw from it. */
export function ChatLinkSection({
  value,
  updatedAt,
  onSaved,
}: {
  value: string;
  updatedAt: string | null | undefined;
  onSaved: () => void;
}) {
  const t = useT('settings');
  const { form, save, alert } = useSettingForm('chatLink', value, onSaved);
  const link = form.watch('value');
  return (
    <Section
      id="chat"
      title={t('chat.title')}
      intro={t('chat.intro')}
      updatedAt={updatedAt}
      alert={alert}
      onSubmit={save}
      busy={form.formState.isSubmitting}
    >
      <div className="with-qr">
        <TextField
          label={t('chat.link')}
          type="url"
          autoCapitalize="none"
          spellCheck={false}
          problem={form.formState.errors.value}
          {...form.register('value')}
        />
        {link.startsWith('https://') ? <Qr text={link} label={t('chat.qr')} size={140} /> : null}
      </div>
    </Section>
  );
}
