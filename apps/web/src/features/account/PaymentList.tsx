import { currentPasswordSchema, E, messageFor } from '@bahtdesk/contract';
import { Modal } from '@bahtdesk/ui/components';
import { formatDateTime } from '@bahtdesk/ui/format';
import type { FieldCodes } from '@bahtdesk/ui/forms';
import { PasswordField, useFormError } from '@bahtdesk/ui/forms';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar, useClientState } from '../../lib/store.ts';

type Editing<T> = { mode: 'add' } | { mode: 'edit'; entry: T } | null;

/** The server's codes for the current password: missing (10033) and wrong (10017). */
const PASSWORD_CODES = {
  [E.REQUIRED.code]: 'currentPassword',
  [E.CURRENT_PASSWORD_INCORRECT.code]: 'currentPassword',
} as const;

/**
 * Runs a change, which needs the member's current password (the contract's schema checks it here
 * as the server does); a code that belongs to a field is shown there, anything else above the form.
 */
function useChange<V>(fieldOfCode: Record<number, keyof V & string>) {
  const [problems, setProblems] = useState<FieldCodes<V>>({});
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<{ message: string } | undefined>();
  const problem = useFormError<keyof V | 'currentPassword'>(
    { ...fieldOfCode, ...PASSWORD_CODES },
    (field, code) => {
      if (field === 'currentPassword') setPasswordProblem({ message: String(code) });
      else setProblems({ [field]: code } as FieldCodes<V>);
    },
  );
  const run = async (change: (currentPassword: string) => Promise<void>): Promise<boolean> => {
    problem.clear();
    setPasswordProblem(undefined);
    const checked = currentPasswordSchema.safeParse(password);
    if (!checked.success) {
      setPasswordProblem({ message: checked.error.issues[0]?.message ?? String(E.REQUIRED.code) });
      return false;
    }
    try {
      await change(checked.data);
      return true;
    } catch (error) {
      problem.show(error);
      return false;
    }
  };
  const clear = () => {
    setProblems({});
    setPassword('');
    setPasswordProblem(undefined);
    problem.clear();
  };
  return { problems, alert: problem.alert, run, clear, password, setPassword, passwordProblem };
}

/** The member's current password, asked in the add, edit and delete dialogs. */
function CurrentPasswordField({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (value: string) => void;
  problem: { message: string } | undefined;
}) {
  const t = useT('account');
  return (
    <PasswordField
      label={t('payments.currentPassword')}
      hint={t('payments.currentPasswordHint')}
      autoComplete="current-password"
      problem={problem}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
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
  children,
}: {
  open: boolean;
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
  alert: string | null;
  children: ReactNode;
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
      {children}
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
  save: (values: V, entry: T | null, currentPassword: string) => Promise<void>;
  remove: (entry: T, currentPassword: string) => Promise<void>;
}

/**
 * A list of the member's saved payment details: each entry with Edit and Delete (after a
 * confirmation), an Add button until the limit, and the form in a dialog. Every change asks for the
 * current password; an entry still in its cooling-off period says from when it can receive payouts.
 */
export function PaymentList<T extends { id: number; usableFrom?: string }, V>({
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
    if (await change.run((currentPassword) => save(values, editedEntry, currentPassword))) {
      showSnackbar(editedEntry ? t(`${texts}.updated`) : t(`${texts}.added`), 'success');
      close();
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    if (await change.run((currentPassword) => remove(deleting, currentPassword))) {
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
              <div className="entry__text">
                {renderEntry(entry)}
                {entry.usableFrom && Date.parse(entry.usableFrom) > Date.now() ? (
                  <span className="note">
                    {t('payments.usableFrom', { date: formatDateTime(entry.usableFrom, lang) })}
                  </span>
                ) : null}
              </div>
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
        <CurrentPasswordField
          value={change.password}
          onChange={change.setPassword}
          problem={change.passwordProblem}
        />
      </FormModal>
      <ConfirmDelete
        open={deleting !== null}
        title={t(`${texts}.deleteTitle`)}
        text={deleting ? deleteText(deleting) : ''}
        alert={change.alert}
        onCancel={close}
        onConfirm={onDelete}
      >
        <CurrentPasswordField
          value={change.password}
          onChange={change.setPassword}
          problem={change.passwordProblem}
        />
      </ConfirmDelete>
    </div>
  );
}
