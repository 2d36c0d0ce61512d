import {
  type BankAccount,
  E,
  MAX_BANK_ACCOUNTS,
  MAX_USDT_ADDRESSES,
  type UsdtAddressEntry,
} from '@bahtdesk/contract';
import {
  BankAccountForm,
  type BankAccountValues,
  type BankInfo,
  bankName,
  emptyBankAccount,
  emptyUsdtAddress,
  type NetworkInfo,
  networkName,
  UsdtAddressForm,
  type UsdtAddressValues,
  usdtAddressBody,
} from '../../components/paymentForms.tsx';
import { useT } from '../../lib/i18n.ts';
import { useClientState } from '../../lib/store.ts';
import { PaymentList } from './PaymentList.tsx';
import { addPayment, deletePayment, updatePayment } from './payments.ts';

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
  const name = (entry: BankAccount) => bankName(banks, entry.bankCode, lang);
  return (
    <PaymentList
      texts="banks"
      entries={entries}
      max={MAX_BANK_ACCOUNTS}
      limitCode={E.BANK_ACCOUNT_LIMIT.code}
      fieldOfCode={BANK_FIELDS}
      describe={(entry) => `${name(entry)} ${entry.accountNumber}`}
      deleteText={(entry) => t('banks.deleteText', { bank: name(entry), number: entry.accountNumber })}
      renderEntry={(entry) => (
        <>
          <strong>{name(entry)}</strong>
          <span className="entry__mono">{entry.accountNumber}</span>
          <span className="muted">{entry.accountName}</span>
        </>
      )}
      renderForm={(entry, form) => (
        <BankAccountForm
          {...form}
          banks={banks}
          defaultValues={
            entry
              ? {
                  bankCode: entry.bankCode,
                  accountNumber: entry.accountNumber,
                  accountName: entry.accountName,
                }
              : emptyBankAccount
          }
          actions={() => null}
        />
      )}
      save={(values, entry, currentPassword) =>
        entry
          ? updatePayment({ type: 'bank', id: entry.id, ...values, currentPassword })
          : addPayment({ type: 'bank', ...values, currentPassword })
      }
      remove={(entry, currentPassword) => deletePayment({ type: 'bank', id: entry.id, currentPassword })}
    />
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
  const network = (entry: UsdtAddressEntry) => networkName(networks, entry.network);
  return (
    <PaymentList
      texts="usdt"
      entries={entries}
      max={MAX_USDT_ADDRESSES}
      limitCode={E.ADDRESS_LIMIT.code}
      fieldOfCode={USDT_FIELDS}
      describe={(entry) => entry.nickname ?? `${network(entry)} ${entry.address}`}
      deleteText={(entry) => t('usdt.deleteText', { address: entry.address, network: network(entry) })}
      renderEntry={(entry) => (
        <>
          <strong>{entry.nickname ?? t('usdt.noNickname')}</strong>
          <span className="muted">{network(entry)}</span>
          <span className="entry__mono">{entry.address}</span>
        </>
      )}
      renderForm={(entry, form) => (
        <UsdtAddressForm
          {...form}
          networks={networks}
          defaultValues={
            entry
              ? { network: entry.network, address: entry.address, nickname: entry.nickname ?? '' }
              : emptyUsdtAddress
          }
          actions={() => null}
        />
      )}
      save={(values, entry, currentPassword) =>
        entry
          ? updatePayment({ type: 'usdt', id: entry.id, ...usdtAddressBody(values), currentPassword })
          : addPayment({ type: 'usdt', ...usdtAddressBody(values), currentPassword })
      }
      remove={(entry, currentPassword) => deletePayment({ type: 'usdt', id: entry.id, currentPassword })}
    />
  );
}
