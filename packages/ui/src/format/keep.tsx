import { Fragment, type ReactNode } from 'react';

/**
 * `text` with each of `parts` (an amount, an account or phone number) that it holds kept on one
 * line (`.keep`, white-space: nowrap): a line may break around them, never inside them, at any
 * width (decision 0059). What a screen reader reads is unchanged.
 */
export function keepWhole(text: string, ...parts: string[]): ReactNode {
  const wanted = parts.filter(Boolean);
  if (wanted.length === 0) return text;
  const escaped = wanted.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pieces = text.split(new RegExp(`(${escaped.join('|')})`));
  return pieces.map((piece, i) =>
    wanted.includes(piece) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string, in order.
      <span key={i} className="keep">
        {piece}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string, in order.
      <Fragment key={i}>{piece}</Fragment>
    ),
  );
}

/** A value shown whole on one line (an amount with its unit, an account or phone number). */
export function Keep({ children }: { children: ReactNode }) {
  return <span className="keep">{children}</span>;
}
