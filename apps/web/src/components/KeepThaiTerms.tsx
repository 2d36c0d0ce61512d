import { splitThaiTerms } from '@bahtdesk/contract';

/**
 * Text the app receives rather than holds in a catalogue (a staff-written news title), with each
 * Thai compound of THAI_TERMS kept whole on a line by a `white-space: nowrap` span (decision 0034).
 * The text itself is unchanged, so a screen reader reads it as written.
 */
export function KeepThaiTerms({ text }: { text: string }) {
  return (
    <>
      {splitThaiTerms(text).map((part, i) =>
        part.term ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
          <span key={i} className="thai-term">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
