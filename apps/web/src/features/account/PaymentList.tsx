import { messageFor } from '@bahtdesk/contract';
import { Modal } from '@bahtdesk/ui/components';
import type { FieldCodes } from '@bahtdesk/ui/forms';
import { useFormError } from '@bahtdesk/ui/forms';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar, useClientState } from '../../lib/store.ts';

type Editing<T> = { mode: 'add' } | { mode: 'edit'; entry: T } | null;

/** Runs a change; a code that belongs to a field is shown there, anything else above the form. */
function useChange<V>(fieldOfCode: Record<number, keyof V & string>) {
  const [problems, setProblems] = useState<FieldCodes<V>>({});
  const problem = useFormError(fieldOfCode, (field, code) => setProblems({ [field]: code } as FieldCodes<V>));
  const run = async (change: () => Promise<void>): Promise<boolean> => {
    problem.clear();
    try {
      await change();
      return true;
    } catch (error) {
      problem.show(error);
      return false;
    }
  };
  const clear = () => {
    setProblems({});
    problem.clear();
  };
  return { problems, alert: problem.alert, run, clear };
}

function EntryActions({
  label,
  onEdit,
  onDelete,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT('account');
  return (
    <div className="entry__actions">
      <button
        type="button"
        className="button button--small"
        aria-label={t('editLabel', { item: label })}
        onClick={onEdit}
      >
        {t('form.edit')}
      </button>
      <button
        type="button"
        className="button button--small button--danger"
        aria-label={t('deleteLabel', { item: label })}
        onClick={onDelete}
      >
        {t('form.delete')}
      </button>
    </div>
  );
}

function ConfirmDelete({
  open,
  title,
  text,
  onCancel,
  onConfirm,
  alert,
}: {
  open: boolean;
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
  alert: string | null;
}) {
  const t = useT('account');
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('form.cancel')}
          </button>
          <button type="button" className="button button--primary button--danger-solid" onClick={onConfirm}>
            {t('form.delete')}
          </button>
        </>
      }
    >
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <p className="modal__message">{text}</p>
    </Modal>
  );
}

function FormModal({
  open,
  title,
  formId,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  formId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT('account');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary">
            {t('form.save')}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/** What the list hands its form: the form's id (the dialog's Save submits it) and the server's answer. */
interface ListFormProps<V> {
  id: string;
  problems: FieldCodes<V>;
  alert: string | null;
  onSubmit: (values: V) => Promise<void>;
}

interface PaymentListProps<T, V> {
  /** The catalogue group of the list's texts (intro, empty, add, titles, snackbars). */
  texts: 'banks' | 'usdt';
  entries: readonly T[];
  max: number;
  /** The catalogue code whose message replaces the Add button at the limit. */
  limitCode: number;
  /** Server codes that belong to a field of the form. */
  fieldOfCode: Record<number, keyof V & string>;
  /** An entry's name for its Edit and Delete buttons. */
  describe: (entry: T) => string;
  deleteText: (entry: T) => string;
  renderEntry: (entry: T) => ReactNode;
  /** The form for a new entry (`entry` null) or to edit one. */
  renderForm: (entry: T | null, form: ListFormProps<V>) => ReactNode;
  save: (values: V, entry: T | null) => Promise<void>;
  remove: (entry: T) => Promise<void>;
}

/**
 * A list of the member's saved payment details: each entry with Edit and Delete (after a
 * confirmation), an Add button until the limit, and the form in a dialog.
 */
export function PaymentList<T extends { id: number }, V>({
  texts,
  entries,
  max,
  limitCode,
  fieldOfCode,
  describe,
  deleteText,
  renderEntry,
  renderForm,
  save,
  remove,
}: PaymentListProps<T, V>) {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const formId = useId();
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const change = useChange<V>(fieldOfCode);
  const editedEntry = editing?.mode === 'edit' ? editing.entry : null;

  const close = () => {
    setEditing(null);
    setDeleting(null);
    change.clear();
  };
  const onSubmit = async (values: V) => {
    if (await change.run(() => save(values, editedEntry))) {
      showSnackbar(editedEntry ? t(`${texts}.updated`) : t(`${texts}.added`), 'success');
      close();
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    if (await change.run(() => remove(deleting))) {
      showSnackbar(t(`${texts}.deleted`), 'success');
      close();
    }
  };

  return (
    <div>
      <p className="muted">{t(`${texts}.intro`)}</p>
      {entries.length === 0 ? (
        <p className="empty">{t(`${texts}.empty`)}</p>
      ) : (
        <ul className="entries">
          {entries.map((entry) => (
            <li key={entry.id} className="entry">
              <div className="entry__text">{renderEntry(entry)}</div>
              <EntryActions
                label={describe(entry)}
                onEdit={() => setEditing({ mode: 'edit', entry })}
                onDelete={() => setDeleting(entry)}
              />
            </li>
          ))}
        </ul>
      )}
      {entries.length >= max ? (
        <p className="note">{messageFor(limitCode, lang)}</p>
      ) : (
        <button type="button" className="button button--primary" onClick={() => setEditing({ mode: 'add' })}>
          {t(`${texts}.add`)}
        </button>
      )}
      <FormModal
        open={editing !== null}
        title={editedEntry ? t(`${texts}.editTitle`) : t(`${texts}.addTitle`)}
        formId={formId}
        onClose={close}
      >
        {editing
          ? renderForm(editedEntry, { id: formId, problems: change.problems, alert: change.alert, onSubmit })
          : null}
      </FormModal>
      <ConfirmDelete
        open={deleting !== null}
        title={t(`${texts}.deleteTitle`)}
        text={deleting ? deleteText(deleting) : ''}
        alert={change.alert}
        onCancel={close}
        onConfirm={onDelete}
      />
    </div>
  );
}
