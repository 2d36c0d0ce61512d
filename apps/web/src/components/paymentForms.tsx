import {
  type AddressCustody,
  accountNameMatches,
  bankByCode,
  E,
  type Lang,
  type NetworkId,
  networkById,
  networkLabel,
} from '@bahtdesk/contract';
import {
  lazyContractResolver,
  SelectField,
  StepForm,
  type StepFormProps,
  TextField,
  useStepForm,
} from '@bahtdesk/ui/forms';
import { useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';

/** The banks and networks as getNetworkBank answers them. */
export interface BankInfo {
  code: string;
  en: string;
  th: string;
  accountDigits: number;
}
export interface NetworkInfo {
  id: string;
  name: string;
  standard: string;
  /** Whether the desk takes it now; a saved entry on a disabled network is still named. */
  enabled?: boolean;
}

export interface BankAccountValues {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}
export interface UsdtAddressValues {
  network: string;
  address: string;
  /** On an exchange (a UID is required) or in the member's own wallet (no UID; decision 0031). */
  custody: AddressCustody;
  uid: string;
  nickname: string;
}

/** A USDT address as the API takes it; the form's schema has checked that the network is one of the ids. */
export function usdtAddressBody({ network, address, custody, uid, nickname }: UsdtAddressValues) {
  const body = { network: network as NetworkId, address, custody, nickname };
  return custody === 'wallet' ? body : { ...body, uid };
}

export const emptyBankAccount: BankAccountValues = { bankCode: '', accountNumber: '', accountName: '' };
export const emptyUsdtAddress: UsdtAddressValues = {
  network: '',
  address: '',
  custody: 'exchange',
  uid: '',
  nickname: '',
};

/**
 * A bank's name in the language shown. The server's list (getNetworkBank) wins; until it has
 * loaded, or when it cannot (offline), the contract's BANKS name it, so a list never shows a raw
 * code ('KBANK'); only a code neither knows is shown as it is.
 */
export function bankName(banks: readonly BankInfo[], code: string, lang: Lang): string {
  const bank = banks.find((b) => b.code === code) ?? bankByCode(code);
  return bank ? bank[lang] : code;
}

/**
 * A network as both the list and the form name it: 'Ethereum (ERC-20)', 'BNB Smart Chain (BEP20)';
 * from the contract's NETWORKS while the server's list is not there (as bankName).
 */
export function networkName(networks: readonly NetworkInfo[], id: string): string {
  return networkLabel(networks.find((network) => network.id === id) ?? networkById(id), id);
}

/**
 * The contract answers "bank not found" / "network not found" for any value outside its list; a
 * select left on its placeholder reads better as "This field is required."
 */
function requiredWhenEmpty<V extends FieldValues>(
  resolver: Resolver<V>,
  field: keyof V & string,
): Resolver<V> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const problem = result.errors[field];
    if (values[field] === '' && problem) {
      (result.errors as Record<string, unknown>)[field] = { ...problem, message: String(E.REQUIRED.code) };
    }
    return result;
  };
}

const schemas = () => import('../lib/formSchemas.ts');
const bankResolver = requiredWhenEmpty(
  lazyContractResolver<BankAccountValues>(() => schemas().then((m) => m.bankAccountInputSchema)),
  'bankCode',
);
const usdtResolver = requiredWhenEmpty(
  lazyContractResolver<UsdtAddressValues>(() => schemas().then((m) => m.usdtAddressInputSchema)),
  'network',
);

/**
 * Bank, account number (checked against the bank's number of digits) and account name. Given the
 * `holder`'s names (sign-up, where no saved account is listed yet), an account name that is not
 * theirs is marked below the field as the account page marks a saved one (decision 0035): once the
 * member has left the field or it comes filled in, not at every letter typed. The first submit
 * of such a name stays on the form so the note is read; the next one goes on (marked, not refused).
 */
export function BankAccountForm({
  banks,
  holder,
  ...props
}: StepFormProps<BankAccountValues> & {
  banks: readonly BankInfo[];
  holder?: { firstName: string; lastName: string };
}) {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const form = useStepForm(bankResolver, props);
  const {
    register,
    watch,
    formState: { errors, touchedFields, dirtyFields },
  } = form;
  // The account name the member has been shown the note for, by submitting it.
  const [warnedFor, setWarnedFor] = useState<string | null>(null);
  const bank = banks.find((b) => b.code === watch('bankCode'));
  const notTheirs = (name: string) =>
    holder !== undefined &&
    name.trim() !== '' &&
    !accountNameMatches(name, holder.firstName, holder.lastName);
  const accountName = watch('accountName');
  const settled = touchedFields.accountName || !dirtyFields.accountName || warnedFor === accountName;
  const onSubmit = (values: BankAccountValues) => {
    if (notTheirs(values.accountName) && warnedFor !== values.accountName) {
      setWarnedFor(values.accountName);
      return;
    }
    return props.onSubmit(values);
  };
  return (
    <StepForm form={form} {...props} onSubmit={onSubmit}>
      <SelectField label={t('banks.bank')} problem={errors.bankCode} {...register('bankCode')}>
        <option value="">{t('banks.chooseBank')}</option>
        {banks.map((b) => (
          <option key={b.code} value={b.code}>
            {b[lang]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('banks.accountNumber')}
        hint={
          bank
            ? t('banks.accountNumberHint', { digits: bank.accountDigits })
            : t('banks.accountNumberHintNone')
        }
        inputMode="numeric"
        autoComplete="off"
        problem={errors.accountNumber}
        {...register('accountNumber')}
      />
      <TextField
        label={t('banks.accountName')}
        hint={t('banks.accountNameHint')}
        autoComplete="name"
        problem={errors.accountName}
        {...register('accountName')}
      />
      {settled && notTheirs(accountName) ? (
        <p className="note note--warning" role="status">
          {t('banks.nameMismatch')}
        </p>
      ) : null}
    </StepForm>
  );
}

/**
 * Network (those the desk takes, and the entry's own), the address (checked for that network),
 * whether it is on an exchange or in the member's own wallet, the member's UID on that exchange
 * (digits, decision 0031; a wallet has none) and an optional nickname.
 */
export function UsdtAddressForm({
  networks,
  ...props
}: StepFormProps<UsdtAddressValues> & { networks: readonly NetworkInfo[] }) {
  const t = useT('account');
  const form = useStepForm(usdtResolver, props);
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const saved = props.defaultValues?.network;
  const offered = networks.filter((n) => n.enabled !== false || n.id === saved);
  const wallet = watch('custody') === 'wallet';
  return (
    <StepForm form={form} {...props}>
      <SelectField label={t('usdt.network')} problem={errors.network} {...register('network')}>
        <option value="">{t('usdt.chooseNetwork')}</option>
        {offered.map((n) => (
          <option key={n.id} value={n.id}>
            {networkName(networks, n.id)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('usdt.address')}
        hint={t('usdt.addressHint')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        problem={errors.address}
        {...register('address')}
      />
      <fieldset className="choice-field">
        <legend className="field__label">{t('usdt.custody')}</legend>
        <label className="choice-field__option">
          <input type="radio" value="exchange" {...register('custody')} />
          <span>
            {t('usdt.custodyExchange')}
            <span className="field__hint">{t('usdt.custodyExchangeHint')}</span>
          </span>
        </label>
        <label className="choice-field__option">
          <input type="radio" value="wallet" {...register('custody')} />
          <span>
            {t('usdt.custodyWallet')}
            <span className="field__hint">{t('usdt.custodyWalletHint')}</span>
          </span>
        </label>
      </fieldset>
      {wallet ? null : (
        <TextField
          label={t('usdt.uid')}
          hint={t('usdt.uidHint')}
          inputMode="numeric"
          autoComplete="off"
          problem={errors.uid}
          {...register('uid', { shouldUnregister: true })}
        />
      )}
      <TextField
        label={`${t('usdt.nickname')} ${t('form.optional')}`}
        hint={t('usdt.nicknameHint')}
        autoComplete="off"
        problem={errors.nickname}
        {...register('nickname')}
      />
    </StepForm>
  );
}
