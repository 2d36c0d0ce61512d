import { ApiError } from '../lib/api.ts';

/** The slot a refusal of a photo submission names (50032, 50033, 50034), if it is one of `slots`. */
export function refusedSlot<S extends string>(error: unknown, slots: readonly S[]): S | null {
  const slot = error instanceof ApiError ? (error.period as { slot?: unknown } | null)?.slot : undefined;
  return (slots as readonly unknown[]).includes(slot) ? (slot as S) : null;
}

/**
 * The foot of a photo upload (identity, income proof): what went wrong, the progress while it is
 * sent, the send button (only when `ready`), and what is still missing while not.
 */
export function PhotoSubmit({
  problem,
  sending,
  ready,
  text,
  onSubmit,
}: {
  problem: string | null;
  sending: boolean;
  ready: boolean;
  text: { sending: string; submit: string; notReady: string };
  onSubmit: () => void;
}) {
  return (
    <>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {sending ? <progress aria-label={text.sending} /> : null}
      <button
        type="button"
        className="button button--primary"
        disabled={!ready || sending}
        onClick={onSubmit}
      >
        {sending ? text.sending : text.submit}
      </button>
      {ready ? null : <p className="muted">{text.notReady}</p>}
    </>
  );
}
