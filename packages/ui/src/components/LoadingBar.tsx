import { useUiText } from '../i18n/language.ts';

/** A thin bar at the top while a page or a request is loading (`active`). */
export function LoadingBar({ active }: { active: boolean }) {
  const text = useUiText();
  if (!active) return null;
  return <div className="loading-bar" role="progressbar" aria-label={text.loading} />;
}

/** The bar without words, for the moment before anything else can show. */
export function BareLoadingBar() {
  return <div className="loading-bar" aria-hidden="true" />;
}
