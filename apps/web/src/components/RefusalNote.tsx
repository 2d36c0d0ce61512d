import type { ReactNode } from 'react';

/** Why the staff refused what the member sent (identity, income proof): the reason, their note, then `children`. */
export function RefusalNote({
  label,
  reason,
  note,
  children,
}: {
  label: string;
  reason: string;
  note: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="note note--warning">
      <p>
        <strong>{label}: </strong>
        {reason}
      </p>
      {note ? <p>{note}</p> : null}
      {children}
    </div>
  );
}
