import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** A column of a removable-rows table; `className` goes on its cells. */
export interface RemovableColumn<R> {
  head: string;
  cell: (row: R) => ReactNode;
  className?: string;
}

/**
 * How a row is removed: a button a row (`label`, then `name` for screen readers), asked again in
 * a confirm dialog (`title`, `text`), then `run`.
 */
export interface Removal<R> {
  head: string;
  label: string;
  name: (row: R) => string;
  title: string;
  text: (row: R) => ReactNode;
  run: (row: R) => Promise<void>;
  /** Extra classes of the button. */
  className?: string;
}

/**
 * A table whose rows staff may remove (closed days, IP bans), each asked again; without `remove`
 * (staff who may not) there is no action column.
 */
export function RemovableTable<R>({
  caption,
  rows,
  rowKey,
  columns,
  remove,
}: {
  caption: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: readonly RemovableColumn<R>[];
  remove: Removal<R> | null;
}) {
  const [removing, setRemoving] = useState<R | null>(null);
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.head} scope="col">
                {column.head}
              </th>
            ))}
            {remove ? <th scope="col">{remove.head}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.head} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
              {remove ? (
                <td>
                  <button
                    type="button"
                    className={
                      remove.className ? `button button--small ${remove.className}` : 'button button--small'
                    }
                    onClick={() => setRemoving(row)}
                  >
                    {remove.label}
                    <span className="visually-hidden">: {remove.name(row)}</span>
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {remove && removing !== null ? (
        <ConfirmDialog
          title={remove.title}
          confirmLabel={remove.label}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove.run(removing)}
        >
          {remove.text(removing)}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
