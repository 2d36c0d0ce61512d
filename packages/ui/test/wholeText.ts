/**
 * A text matcher for a sentence drawn in several spans (values kept whole, Thai compounds of
 * THAI_TERMS in nowrap spans, decisions 0034 and 0072): the innermost element whose whole text
 * matches.
 */
export function wholeText(text: string | RegExp) {
  const matches = (s: string | null | undefined) =>
    typeof text === 'string' ? s === text : text.test(s ?? '');
  return (_: string, element: Element | null) =>
    Boolean(
      element && matches(element.textContent) && ![...element.children].some((c) => matches(c.textContent)),
    );
}
