import type { ReactNode } from 'react';
import './statusChip.css';

/** What a status means to the member, which sets its colour. */
export type StatusTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

/** A status (of an order, of the identity check) as a coloured chip around its name. */
export function StatusChip({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`status-chip status-chip--${tone}`}>{children}</span>;
}

/** A status line: `label: <chip>`, then `children` (announced when it changes). */
export function StatusLine({
  label,
  tone,
  status,
  children,
}: {
  label: string;
  tone: StatusTone;
  status: string;
  children?: ReactNode;
}) {
  return (
    <p role="status">
      <span className="muted">{label}: </span>
      <StatusChip tone={tone}>{status}</StatusChip>
      {children}
    </p>
  );
}
