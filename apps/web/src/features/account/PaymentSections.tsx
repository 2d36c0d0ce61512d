import {
  type BankAccount,
  E,
  MAX_BANK_ACCOUNTS,
  MAX_USDT_ADDRESSES,
  messageFor,
  type UsdtAddressEntry,
} from '@bahtdesk/contract';
import { type ReactNode, useId, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';
import {
  BankAccountForm,
  type BankAccountValues,
  type BankInfo,
  bankName,
  emptyBankAccount,
  emptyUsdtAddress,
  type FieldCodes,
  type NetworkInfo,
  networkName,
  UsdtAddressForm,
  type UsdtAddressValues,
} from '../../components/paymentForms.tsx';
import { useT } from '../../lib/i18n.ts';
import { errorCode, formErrorText, handledGlobally } from '../../lib/serverErrors.ts';
import { showSnackbar, useClientState } from '../../lib/store.ts';
import { addPayment, deletePayment, updatePayment } from './payments.ts';

type Editing<T> = { mode: 'add' } | { mode: 'edit'; entry: T } | null;

/** Runs a change; a code that belongs to a field is shown there, anything else above the form. */
function useChange<V>(fieldOfCode: Record<number, keyof V & string>) {
  const lang = useClientState((s) => s.language);
  const [problems, setProblems] = useState<FieldCodes<V>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const run = async (change: () => Promise<void>): Promise<boolean> => {
    setAlert(null);
    try {
      await change();
      return true;
    } catch (error) {
      if (handledGlobally(error)) return false;
      const field = fieldOfCode[errorCode(error)];
      if (field) setProblems({ [field]: errorCode(error) } as FieldCodes<V>);
      else setAlert(formErrorText(error, lang));
      return false;
    }
  };
  const clear = () => {
    setProblems({});
    setAlert(null);
  };
  return { problems, alert, run, clear };
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

function LimitOrAdd({
  count,
  max,
  limitCode,
  label,
  onAdd,
}: {
  count: number;
  max: number;
  limitCode: number;
  label: string;
  onAdd: () => void;
}) {
  const lang = useClientState((s) => s.language);
  if (count >= max) return <p className="note">{messageFor(limitCode, lang)}</p>;
  return (
    <button type="button" className="button button--primary" onClick={onAdd}>
      {label}
    </button>
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

const BANK_FIELDS: Record<number, keyof BankAccountValues> = {
  [E.BANK_NOT_FOUND.code]: 'bankCode',
  [E.BANK_ACCOUNT_NUMBER_INVALID.code]: 'accountNumber',
};

/** The member's bank accounts: list, add, edit, delete (after a confirmation); at most 10. */
export function BankAccountsSection({
  entries,
  banks,
}: {
  entries: readonly BankAccount[];
  banks: readonly BankInfo[];
}) {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const formId = useId();
  const [editing, setEditing] = useState<Editing<BankAccount>>(null);
  const [deleting, setDeleting] = useState<BankAccount | null>(null);
  const change = useChange<BankAccountValues>(BANK_FIELDS);
  const describe = (entry: BankAccount) => `${bankName(banks, entry.bankCode, lang)} ${entry.accountNumber}`;

  const close = () => {
    setEditing(null);
    setDeleting(null);
    change.clear();
  };
  const save = async (values: BankAccountValues) => {
    const done = await change.run(() =>
      editing?.mode === 'edit'
        ? updatePayment({ type: 'bank', id: editing.entry.id, ...values })
        : addPayment({ type: 'bank', ...values }),
    );
    if (done) {
      showSnackbar(editing?.mode === 'edit' ? t('banks.updated') : t('banks.added'), 'success');
      close();
    }
  };
  const remove = async () => {
    if (!deleting) return;
    if (await change.run(() => deletePayment({ type: 'bank', id: deleting.id }))) {
      showSnackbar(t('banks.deleted'), 'success');
      close();
    }
  };

  return (
    <div>
      <p className="muted">{t('banks.intro')}</p>
      {entries.length === 0 ? (
        <p className="empty">{t('banks.empty')}</p>
      ) : (
        <ul className="entries">
          {entries.map((entry) => (
            <li key={entry.id} className="entry">
              <div className="entry__text">
                <strong>{bankName(banks, entry.bankCode, lang)}</strong>
                <span className="entry__mono">{entry.accountNumber}</span>
                <span className="muted">{entry.accountName}</span>
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
      <LimitOrAdd
        count={entries.length}
        max={MAX_BANK_ACCOUNTS}
        limitCode={E.BANK_ACCOUNT_LIMIT.code}
        label={t('banks.add')}
        onAdd={() => setEditing({ mode: 'add' })}
      />
      <FormModal
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('banks.editTitle') : t('banks.addTitle')}
        formId={formId}
        onClose={close}
      >
        {editing ? (
          <BankAccountForm
            id={formId}
            banks={banks}
            defaultValues={
              editing.mode === 'edit'
                ? {
                    bankCode: editing.entry.bankCode,
                    accountNumber: editing.entry.accountNumber,
                    accountName: editing.entry.accountName,
                  }
                : emptyBankAccount
            }
            problems={change.problems}
            alert={change.alert}
            onSubmit={save}
            actions={() => null}
          />
        ) : null}
      </FormModal>
      <ConfirmDelete
        open={deleting !== null}
        title={t('banks.deleteTitle')}
        text={
          deleting
            ? t('banks.deleteText', {
                bank: bankName(banks, deleting.bankCode, lang),
                number: deleting.accountNumber,
              })
            : ''
        }
        alert={change.alert}
        onCancel={close}
        onConfirm={remove}
      />
    </div>
  );
}

const USDT_FIELDS: Record<number, keyof UsdtAddressValues> = {
  [E.NETWORK_NOT_FOUND.code]: 'network',
  [E.USDT_ADDRESS_INVALID.code]: 'address',
};

/** The member's USDT addresses: list, add, edit, delete (after a confirmation); at most 10. */
export function UsdtAddressesSection({
  entries,
  networks,
}: {
  entries: readonly UsdtAddressEntry[];
  networks: readonly NetworkInfo[];
}) {
  const t = useT('account');
  const formId = useId();
  const [editing, setEditing] = useState<Editing<UsdtAddressEntry>>(null);
  const [deleting, setDeleting] = useState<UsdtAddressEntry | null>(null);
  const change = useChange<UsdtAddressValues>(USDT_FIELDS);
  const describe = (entry: UsdtAddressEntry) =>
    entry.nickname ?? `${networkName(networks, entry.network)} ${entry.address}`;

  const close = () => {
    setEditing(null);
    setDeleting(null);
    change.clear();
  };
  const save = async (values: UsdtAddressValues) => {
    const body = { network: values.network as 'BEP20', address: values.address, nickname: values.nickname };
    const done = await change.run(() =>
      editing?.mode === 'edit'
        ? updatePayment({ type: 'usdt', id: editing.entry.id, ...body })
        : addPayment({ type: 'usdt', ...body }),
    );
    if (done) {
      showSnackbar(editing?.mode === 'edit' ? t('usdt.updated') : t('usdt.added'), 'success');
      close();
    }
  };
  const remove = async () => {
    if (!deleting) return;
    if (await change.run(() => deletePayment({ type: 'usdt', id: deleting.id }))) {
      showSnackbar(t('usdt.deleted'), 'success');
      close();
    }
  };

  return (
    <div>
      <p className="muted">{t('usdt.intro')}</p>
      {entries.length === 0 ? (
        <p className="empty">{t('usdt.empty')}</p>
      ) : (
        <ul className="entries">
          {entries.map((entry) => (
            <li key={entry.id} className="entry">
              <div className="entry__text">
                <strong>{entry.nickname ?? t('usdt.noNickname')}</strong>
                <span className="muted">{networkName(networks, entry.network)}</span>
                <span className="entry__mono">{entry.address}</span>
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
      <LimitOrAdd
        count={entries.length}
        max={MAX_USDT_ADDRESSES}
        limitCode={E.ADDRESS_LIMIT.code}
        label={t('usdt.add')}
        onAdd={() => setEditing({ mode: 'add' })}
      />
      <FormModal
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('usdt.editTitle') : t('usdt.addTitle')}
        formId={formId}
        onClose={close}
      >
        {editing ? (
          <UsdtAddressForm
            id={formId}
            networks={networks}
            defaultValues={
              editing.mode === 'edit'
                ? {
                    network: editing.entry.network,
                    address: editing.entry.address,
                    nickname: editing.entry.nickname ?? '',
                  }
                : emptyUsdtAddress
            }
            problems={change.problems}
            alert={change.alert}
            onSubmit={save}
            actions={() => null}
          />
        ) : null}
      </FormModal>
      <ConfirmDelete
        open={deleting !== null}
        title={t('usdt.deleteTitle')}
        text={
          deleting
            ? t('usdt.deleteText', {
                address: deleting.address,
                network: networkName(networks, deleting.network),
              })
            : ''
        }
        alert={change.alert}
        onCancel={close}
        onConfirm={remove}
      />
    </div>
  );
}
