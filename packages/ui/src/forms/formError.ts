import { errorByCode, type Lang, messageFor } from '@bahtdesk/contract';
import { useState } from 'react';
import { ApiError } from '../api/ApiError.ts';
import { handledGlobally as handledCode, NO_ENVELOPE } from '../api/codes.ts';
import { useLanguage } from '../i18n/language.ts';

/** The body code of a failed call (998 'Something went wrong' for anything that is not an ApiError). */
function errorCode(error: unknown): number {
  return error instanceof ApiError ? error.code : NO_ENVELOPE;
}

/**
 * The text for a whole-form error: the catalogue's message in the page's language, or the
 * server's own words for a code the catalogue does not know.
 */
export function formErrorText(error: unknown, lang: Lang): string {
  const code = errorCode(error);
  if (errorByCode(code)) return messageFor(code, lang);
  return error instanceof Error && error.message ? error.message : messageFor(NO_ENVELOPE, lang);
}

/** Codes the API client already handles itself (session ended, maintenance): the form shows nothing. */
export function handledGlobally(error: unknown): boolean {
  return handledCode(errorCode(error));
}

/**
 * What a form shows for a failed call: nothing for the codes the API client handles itself, the
 * code at its place (a field) when `placeOfCode` names one, otherwise a text above the form (`alert`).
 */
export function useFormError<P>(
  placeOfCode: Readonly<Partial<Record<number, P>>>,
  onPlace: (place: P, code: number) => void,
) {
  const lang = useLanguage();
  const [alert, setAlert] = useState<string | null>(null);
  const show = (error: unknown) => {
    if (handledGlobally(error)) return;
    const code = errorCode(error);
    const place = placeOfCode[code];
    if (place !== undefined) onPlace(place, code);
    else setAlert(formErrorText(error, lang));
  };
  return { alert, show, clear: () => setAlert(null) };
}
