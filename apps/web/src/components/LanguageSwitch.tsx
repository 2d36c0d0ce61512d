import { LanguageSwitch as Switch } from '@bahtdesk/ui/components';
import { chooseLanguage, useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';

/** The kit's English/Thai switch; the choice is kept (forceLanguage and the cookie) and wins from then on. */
export function LanguageSwitch() {
  const t = useT('common');
  const language = useClientState((s) => s.language);
  return (
    <Switch language={language} label={t('language.label')} onChoose={(lang) => void chooseLanguage(lang)} />
  );
}
