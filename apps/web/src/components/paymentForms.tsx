import { bankAccountInputSchema, E, type Lang, usdtAddressInputSchema } from '@bahtdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect } from 'react';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { useT } from '../lib/i18n.ts';
import { useClientState } from '../lib/store.ts';
import { FormAlert, SelectField, TextField } from './Field.tsx';

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
}

export interface BankAccountValues {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}
export interface UsdtAddressValues {
  network: string;
  address: string;
  nickname: string;
}

export const emptyBankAccount: BankAccountValues = { bankCode: '', accountNumber: '', accountName: '' };
export const emptyUsdtAddress: UsdtAddressValues = { network: '', address: '', nickname: '' };

export function bankName(banks: readonly BankInfo[], code: string, lang: Lang): string {
  const bank = banks.find((b) => b.code === code);
  return bank ? bank[lang] : code;
}

export function networkName(networks: readonly NetworkInfo[], id: string): string {
  return networks.find((n) => n.id === id)?.name ?? id;
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

/** Catalogue codes (from the server) to show on fields when the form opens. */
export type FieldCodes<V> = Partial<Record<keyof V & string, number>>;

interface PaymentFormProps<V> {
  id?: string;
  defaultValues: V;
  onSubmit: (values: V) => void | Promise<void>;
  /** Called with the values as they are typed (sign-up keeps them for a reload). */
  onValues?: (values: V) => void;
  /** Server codes to show on their fields (focus goes to the first). */
  problems?: FieldCodes<V>;
  alert?: string | null;
  /** Text above the fields (inside the fieldset). */
  intro?: ReactNode;
  legend?: ReactNode;
  /** The buttons; `back` gets the values typed so far without checking them. */
  actions: (getValues: () => V) => ReactNode;
}

function useShowProblems<V extends object>(
  problems: FieldCodes<V> | undefined,
  setError: (name: never, error: { message: string }, options: { shouldFocus: boolean }) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown once, when the form opens with them
  useEffect(() => {
    let first = true;
    for (const [name, code] of Object.entries(problems ?? {})) {
      setError(name as never, { message: String(code) }, { shouldFocus: first });
      first = false;
    }
  }, [problems]);
}

/** Bank, account number (checked against the bank's number of digits) and account name. */
export function BankAccountForm({
  id,
  banks,
  defaultValues,
  onSubmit,
  onValues,
  problems,
  alert,
  intro,
  legend,
  actions,
}: PaymentFormProps<BankAccountValues> & { banks: readonly BankInfo[] }) {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setError,
    formState: { errors },
  } = useForm<BankAccountValues>({
    resolver: requiredWhenEmpty(
      zodResolver(bankAccountInputSchema, undefined, { raw: true }) as unknown as Resolver<BankAccountValues>,
      'bankCode',
    ),
    defaultValues,
  });
  useShowProblems(problems, setError);
  useEffect(() => {
    if (!onValues) return;
    const subscription = watch((values) => onValues({ ...emptyBankAccount, ...values }));
    return () => subscription.unsubscribe();
  }, [watch, onValues]);
  const bank = banks.find((b) => b.code === watch('bankCode'));
  const fields = (
    <>
      {intro}
      <FormAlert message={alert ?? null} />
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
    </>
  );
  return (
    <form id={id} noValidate onSubmit={handleSubmit((v) => onSubmit(v))}>
      {legend ? (
        <fieldset className="fieldset">
          <legend>{legend}</legend>
          {fields}
        </fieldset>
      ) : (
        fields
      )}
      {actions(getValues)}
    </form>
  );
}

/** Network, the address (checked for that network) and an optional nickname. */
export function UsdtAddressForm({
  id,
  networks,
  defaultValues,
  onSubmit,
  onValues,
  problems,
  alert,
  intro,
  legend,
  actions,
}: PaymentFormProps<UsdtAddressValues> & { networks: readonly NetworkInfo[] }) {
  const t = useT('account');
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setError,
    formState: { errors },
  } = useForm<UsdtAddressValues>({
    resolver: requiredWhenEmpty(
      zodResolver(usdtAddressInputSchema, undefined, { raw: true }) as unknown as Resolver<UsdtAddressValues>,
      'network',
    ),
    defaultValues,
  });
  useShowProblems(problems, setError);
  useEffect(() => {
    if (!onValues) return;
    const subscription = watch((values) => onValues({ ...emptyUsdtAddress, ...values }));
    return () => subscription.unsubscribe();
  }, [watch, onValues]);
  const fields = (
    <>
      {intro}
      <FormAlert message={alert ?? null} />
      <SelectField label={t('usdt.network')} problem={errors.network} {...register('network')}>
        <option value="">{t('usdt.chooseNetwork')}</option>
        {networks.map((n) => (
          <option key={n.id} value={n.id}>
            {n.name === n.standard || n.name.includes(n.standard) ? n.name : `${n.name} (${n.standard})`}
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
      <TextField
        label={`${t('usdt.nickname')} ${t('form.optional')}`}
        hint={t('usdt.nicknameHint')}
        autoComplete="off"
        problem={errors.nickname}
        {...register('nickname')}
      />
    </>
  );
  return (
    <form id={id} noValidate onSubmit={handleSubmit((v) => onSubmit(v))}>
      {legend ? (
        <fieldset className="fieldset">
          <legend>{legend}</legend>
          {fields}
        </fieldset>
      ) : (
        fields
      )}
      {actions(getValues)}
    </form>
  );
}
