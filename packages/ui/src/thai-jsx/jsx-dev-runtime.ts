/** The development build of the member app's JSX runtime (see jsx-runtime.ts). */
import { Fragment, jsxDEV as reactJsxDEV } from 'react/jsx-dev-runtime';
import { keepTermsWhole } from './keepTermsWhole.ts';

export type { JSX } from 'react/jsx-dev-runtime';
export { Fragment };

export const jsxDEV: typeof reactJsxDEV = (type, props, key, isStatic, source, self) =>
  reactJsxDEV(type, keepTermsWhole(type, props), key, isStatic, source, self);
