/**
 * The member app's JSX goes through the kit's Thai-aware runtime (decision 0034): the Thai
 * compounds of every text child of an HTML element are kept whole on a line by nowrap spans, in the
 * build, the dev server and the tests alike.
 */
export const THAI_JSX = { jsxImportSource: '@bahtdesk/ui/thai-jsx' };
