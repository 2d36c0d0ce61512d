import {
  type BankAccountValues,
  emptyBankAccount,
  emptyUsdtAddress,
  type UsdtAddressValues,
} from '../../components/paymentForms.tsx';

/**
 * What the member has typed into sign-up so far, kept in session storage so a reload loses
 * nothing. Passwords are never in it: they live in memory only.
 */
export interface PersonalValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

export interface Draft {
  /** 0 credentials, 1 personal info, 2 bank account, 3 USDT address. */
  step: number;
  username: string;
  personal: PersonalValues;
  bank: BankAccountValues;
  /** The member skipped the optional bank account. */
  bankSkipped: boolean;
  usdt: UsdtAddressValues;
}

const KEY = 'bahtdesk.signUp';

export const emptyDraft: Draft = {
  step: 0,
  username: '',
  personal: { firstName: '', lastName: '', phone: '', email: '' },
  bank: emptyBankAccount,
  bankSkipped: false,
  usdt: emptyUsdtAddress,
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function pick<T extends object>(empty: T, value: unknown): T {
  const source = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(empty).map((k) => [k, text(source[k])])) as T;
}

export function readDraft(): Draft {
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Draft> | null;
    if (!raw) return emptyDraft;
    const step = Number.isInteger(raw.step) ? Math.min(3, Math.max(0, Number(raw.step))) : 0;
    return {
      step,
      username: text(raw.username),
      personal: pick(emptyDraft.personal, raw.personal),
      bank: pick(emptyDraft.bank, raw.bank),
      bankSkipped: raw.bankSkipped === true,
      usdt: pick(emptyDraft.usdt, raw.usdt),
    };
  } catch {
    return emptyDraft;
  }
}

export function writeDraft(draft: Draft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // storage blocked: the draft lives as long as the page
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
