import type { Lang } from '@bahtdesk/contract';

/** Each language by its own name, the same in every language of the page. */
const NAMES: Record<Lang, string> = { en: 'English', th: 'ไทย' };
const LANGS: readonly Lang[] = ['en', 'th'];

/** English/Thai switch of both apps: toggle buttons, the page's language pressed. */
export function LanguageSwitch({
  language,
  label,
  onChoose,
}: {
  language: Lang;
  /** The group's name in the page's language ("Language"). */
  label: string;
  onChoose: (lang: Lang) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div className="lang-switch" role="group" aria-label={label}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className="lang-switch__button"
          aria-pressed={language === lang}
          onClick={() => onChoose(lang)}
        >
          {NAMES[lang]}
        </button>
      ))}
    </div>
  );
}
