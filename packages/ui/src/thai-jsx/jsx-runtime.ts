/**
 * The member app's JSX runtime (decision 0034): React's, with the Thai compounds of every text
 * child of an HTML element kept whole on a line by a nowrap span. Catalogue text stays as written,
 * so screen readers read it normally.
 */
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
import { keepTermsWhole } from './keepTermsWhole.ts';

export type { JSX } from 'react/jsx-runtime';
export { Fragment };

export const jsx: typeof reactJsx = (type, props, key) => reactJsx(type, keepTermsWhole(type, props), key);
export const jsxs: typeof reactJsxs = (type, props, key) => reactJsxs(type, keepTermsWhole(type, props), key);
