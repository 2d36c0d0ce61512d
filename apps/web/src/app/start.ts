import { readLangCookie } from '@bahtdesk/ui/i18n';
import { startHistoryHold } from '../lib/historyHold.ts';
import { loadNamespace } from '../lib/i18n.ts';
import { resolveLanguage } from '../lib/language.ts';
import { startLiveUpdates } from '../lib/live.ts';
import { getState, setState } from '../lib/store.ts';
import { startStatusCheck } from './NavigationGuard.tsx';
import { lazyPageOf } from './pages.ts';

/**
 * Before the first render: start in the language known so far (forceLanguage, the cookie, else
 * the browser's language), start the first guard check (config, maintenance status, country),
 * open the live refresh of the public reads, and fetch the strings of the shell and the home page
 * meanwhile, with the code and the strings of the page the address names (the router would ask
 * for them only after its first render). The guard refines the language when the country is known.
 * Back and Forward are listened to before the router does, so a page can hold them (historyHold.ts).
 */
export async function prepare(): Promise<void> {
  const lang = resolveLanguage({
    forced: getState().forceLanguage,
    cookie: readLangCookie(),
    browser: navigator.language,
  });
  document.documentElement.lang = lang;
  setState({ language: lang });
  startStatusCheck();
  startHistoryHold();
  void startLiveUpdates();
  const page = lazyPageOf(location.hash.slice(1).split('?')[0] ?? '');
  if (page) {
    // The router loads the same modules (and shows what fails), so failures are ignored here.
    page.load().catch(() => undefined);
    for (const ns of page.namespaces) loadNamespace(lang, ns).catch(() => undefined);
  }
  // Thai text is drawn in Sarabun's Thai faces from the first paint: they load beside the strings,
  // so no Thai word changes width when its face arrives (CLS 0). Latin faces are preloaded (vite.config.ts).
  const thaiFaces =
    lang === 'th' && 'fonts' in document
      ? ['400', '600'].map((w) => document.fonts.load(`${w} 1em Sarabun`, 'ก'))
      : [];
  await Promise.all([loadNamespace(lang, 'common'), loadNamespace(lang, 'home'), ...thaiFaces]).catch(
    () => undefined,
  );
}
