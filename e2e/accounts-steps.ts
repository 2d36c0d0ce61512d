// Steps shared by the account journeys (accounts.test.ts, accounts-th.test.ts): a fresh member's
// details, filling the sign-up steps, signing in and out, reading an OTP as the member gets it.
import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import enAccount from '../apps/web/src/locales/en/account.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enForgot from '../apps/web/src/locales/en/forgotPassword.json' with { type: 'json' };
import enSignIn from '../apps/web/src/locales/en/signIn.json' with { type: 'json' };
import enSignUp from '../apps/web/src/locales/en/signUp.json' with { type: 'json' };
import thAccount from '../apps/web/src/locales/th/account.json' with { type: 'json' };
import thCommon from '../apps/web/src/locales/th/common.json' with { type: 'json' };
import thForgot from '../apps/web/src/locales/th/forgotPassword.json' with { type: 'json' };
import thSignIn from '../apps/web/src/locales/th/signIn.json' with { type: 'json' };
import thSignUp from '../apps/web/src/locales/th/signUp.json' with { type: 'json' };
import { journeyServer } from './browser.ts';

export const TEXT = {
  en: { account: enAccount, common: enCommon, forgot: enForgot, signIn: enSignIn, signUp: enSignUp },
  th: { account: thAccount, common: thCommon, forgot: thForgot, signIn: thSignIn, signUp: thSignUp },
} as const;
export type Lang = keyof typeof TEXT;

/** EIP-55 test vector (a valid BEP20 address) and a Solana system-program-style 32-byte key. */
export const BEP20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
/** The member's user id on their exchange (decision 0031). */
export const EXCHANGE_UID = '20261123';
export const SOLANA_ADDRESS = 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz';

export interface Member {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

/** A member no other journey uses (username, email and phone are unique on the server). */
export function newMember(firstName: string, lastName: string): Member {
  const n = randomInt(10_000_000, 99_999_999);
  return {
    username: `m${n}`,
    password: `Pass${n}`,
    firstName,
    lastName,
    phone: `08${n}`,
    email: `m${n}@example.com`,
  };
}

const exact = { exact: true } as const;

export async function fillCredentials(page: Page, lang: Lang, m: Member): Promise<void> {
  const t = TEXT[lang].signUp;
  await page.getByLabel(t.credentials.username, exact).fill(m.username);
  await page.getByLabel(t.credentials.password, exact).fill(m.password);
  await page.getByLabel(t.credentials.confirm, exact).fill(m.password);
}

export async function fillPersonal(page: Page, lang: Lang, m: Member): Promise<void> {
  const t = TEXT[lang].signUp;
  await page.getByLabel(t.personal.firstName, exact).fill(m.firstName);
  await page.getByLabel(t.personal.lastName, exact).fill(m.lastName);
  await page.getByLabel(t.personal.phone, exact).fill(m.phone);
  await page.getByLabel(t.personal.email, exact).fill(m.email);
}

export async function fillUsdt(
  page: Page | Locator,
  lang: Lang,
  network: string,
  address: string,
  nickname = '',
): Promise<void> {
  const t = TEXT[lang].account.usdt;
  await page.getByLabel(t.network, exact).selectOption(network);
  await page.getByLabel(t.address, exact).fill(address);
  await page.getByLabel(t.uid, exact).fill(EXCHANGE_UID);
  if (nickname) await page.getByLabel(new RegExp(`^${t.nickname}`)).fill(nickname);
}

export async function signIn(page: Page, lang: Lang, username: string, password: string): Promise<void> {
  const t = TEXT[lang].signIn;
  await page.goto('/#/login');
  await page.getByLabel(t.username, exact).fill(username);
  await page.getByLabel(t.password, exact).fill(password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
}

/**
 * The newest OTP sent to `recipient`, as the member gets it: from the server's mail server or SMS
 * gateway (stand-ins the harness runs, global-setup.ts), never from the outbox, which shows staff
 * no code (decision 0095). The message is queued before the page shows the code field; the wait
 * covers its way through the queue.
 */
export async function otpSentTo(recipient: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const received = (await (await fetch(journeyServer().messagesUrl)).json()) as {
      to: string;
      text: string;
    }[];
    const otp = received
      .filter((m) => m.to === recipient)
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (otp) return otp;
    if (Date.now() > deadline) {
      throw new Error(`no OTP for ${recipient} arrived:\n${JSON.stringify(received, null, 2)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
