/**
 * The options that compile an app's JSX with the kit's Thai-aware runtime (decisions 0034, 0072):
 * the Thai compounds of every text child of an HTML element are kept whole on a line by nowrap
 * spans. Both apps' builds, dev servers and jsdom tests pass them to the React plugin.
 */
export const THAI_JSX = { jsxImportSource: '@bahtdesk/ui/thai-jsx' };
