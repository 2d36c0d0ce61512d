import { LanguageSwitch as Switch } from '@bahtdesk/ui/components';
import { chooseLanguage, useT } from '../lib/i18n.ts';
import { useAdminState } from '../lib/store.ts';

/** The kit's English/Thai switch; the choice is kept and wins from then on. */
export function LanguageSwitch() {
  const t = useT('common');
  const language = useAdminState((s) => s.language);
  return (
    <Switch language={language} label={t('language.label')} onChoose={(lang) => void chooseLanguage(lang)} />
  );
}
