import { splitThaiTerms } from '@bahtdesk/contract';
import { createElement, type ReactNode } from 'react';

/**
 * Elements whose text React must receive as plain strings, or where a line break never happens:
 * their children are left as they are.
 */
const PLAIN = new Set(['option', 'title', 'textarea', 'style', 'script']);

/**
 * A string child with each Thai compound of THAI_TERMS in a `white-space: nowrap` span
 * (`.thai-term`), so the compound is never split at a line end (decision 0034); other children as
 * they are. The text is unchanged: its accessible name, copied text and the tab title read as written.
 */
function keepWhole(child: unknown, index?: number): unknown {
  if (typeof child === 'string') {
    const parts = splitThaiTerms(child);
    if (!parts.some((p) => p.term)) return child;
    // One span around the whole text: in a flex or grid container (a button) the text stays one
    // item, with no gap or break between its parts.
    return createElement(
      'span',
      index === undefined ? null : { key: `thai-${index}` },
      ...parts.map((p, i) =>
        p.term ? createElement('span', { key: i, className: 'thai-term' }, p.text) : p.text,
      ),
    );
  }
  if (Array.isArray(child)) return child.map((c, i) => keepWhole(c, i));
  return child;
}

/**
 * `props` for `type` with the Thai compounds of its text children kept whole on a line. Components
 * get the spans too: one from a library (a router's link) renders its children with React's own
 * runtime, which adds none.
 */
export function keepTermsWhole<P>(type: unknown, props: P): P {
  if (typeof type === 'string' && PLAIN.has(type)) return props;
  const children = (props as { children?: ReactNode } | null)?.children;
  if (children === undefined || children === null) return props;
  const kept = keepWhole(children);
  return kept === children ? props : { ...props, children: kept };
}
