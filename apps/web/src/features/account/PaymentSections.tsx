import {
  accountNameMatches,
  type BankAccount,
  E,
  formatAccountNumber,
  MAX_BANK_ACCOUNTS,
  MAX_USDT_ADDRESSES,
  maskAccountNumber,
  type UsdtAddressEntry,
} from '@bahtdesk/contract';
import { useState } from 'react';
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

/**
 * A saved account number, masked as banks print it on a statement ('xxx-x-x6789-0'), with a
 * button that shows it whole ('123-4-56789-0') for someone checking it against their passbook.
 */
function AccountNumber({ number }: { number: string }) {
  const t = useT('account');
  const [shown, setShown] = useState(false);
  return (
    <span>
      <span className="entry__mono keep">
        {shown ? formatAccountNumber(number) : maskAccountNumber(number)}
      </span>{' '}
      <button
        type="button"
        className="button button--small button--outline"
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {t(shown ? 'banks.hideNumber' : 'banks.showNumber')}
      </button>
    </span>
  );
}

/** The member's bank accounts: list, add, edit, delete (after a confirmation); at most 10. */
export function BankAccountsSection({
  entries,
  banks,
  holder,
}: {
  entries: readonly BankAccount[];
  banks: readonly BankInfo[];
  /** The member's own names: an account in another name is marked (decision 0035). */
  holder: { firstName: string; lastName: string };
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
      describe={(entry) => `${name(entry)} ${maskAccountNumber(entry.accountNumber)}`}
      deleteText={(entry) =>
        t('banks.deleteText', { bank: name(entry), number: maskAccountNumber(entry.accountNumber) })
      }
      renderEntry={(entry) => (
        <>
          <strong>{name(entry)}</strong>
          <AccountNumber number={entry.accountNumber} />
          <span className="muted">{entry.accountName}</span>
          {accountNameMatches(entry.accountName, holder.firstName, holder.lastName) ? null : (
            <span className="note note--warning">{t('banks.nameMismatch')}</span>
          )}
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
  [E.EXCHANGE_UID_INVALID.code]: 'uid',
  [E.NETWORK_DISABLED.code]: 'network',
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
          {entry.custody === 'wallet' ? (
            <span className="muted">{t('usdt.custodyWallet')}</span>
          ) : entry.uid ? (
            <span className="muted">{t('usdt.uidShown', { uid: entry.uid })}</span>
          ) : (
            <span className="note note--warning">{t('usdt.uidMissing')}</span>
          )}
        </>
      )}
      renderForm={(entry, form) => (
        <UsdtAddressForm
          {...form}
          networks={networks}
          defaultValues={
            entry
              ? {
                  network: entry.network,
                  address: entry.address,
                  custody: entry.custody,
                  uid: entry.uid ?? '',
                  nickname: entry.nickname ?? '',
                }
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
