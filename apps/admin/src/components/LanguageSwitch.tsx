import type { Lang } from '@bahtdesk/contract';
import { chooseLanguage, useT } from '../lib/i18n.ts';
import { useAdminState } from '../lib/store.ts';

const LANGS: readonly Lang[] = ['en', 'th'];

/** English/Thai switch; the choice is kept and wins from then on. */
export function LanguageSwitch() {
  const t = useT('common');
  const language = useAdminState((s) => s.language);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div className="lang-switch" role="group" aria-label={t('language.label')}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className="lang-switch__button"
          aria-pressed={language === lang}
          onClick={() => void chooseLanguage(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}
