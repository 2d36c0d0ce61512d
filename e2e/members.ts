// A member made through the API (sign-up, then sign-in), for journeys that need someone signed in
// without walking through the sign-up screens (those are the accounts journey's subject).
import { randomInt } from 'node:crypto';
import { CLIENT_SIGNATURE_HEADER } from '@bahtdesk/contract';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl } from './browser.ts';
import { adminOk, journeyAdmin, type StaffSession } from './staff.ts';

interface Envelope<T> {
  code: number;
  message: string;
  result: { period: T } | null;
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signed = false,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (signed) {
    headers[CLIENT_SIGNATURE_HEADER] = (
      await call<{ clientSignature: string }>('GET', '/api/clientSignature')
    ).clientSignature;
  }
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: method === 'GET' ? {} : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 0 || !envelope.result) {
    throw new Error(`${method} ${path} answered ${envelope.code}: ${envelope.message}`);
  }
  return envelope.result.period;
}

/** Signs up a new member (with a BEP20 address) and signs in; returns the credentials and the session token. */
export async function newSignedInMember(): Promise<{ username: string; password: string; token: string }> {
  const n = randomInt(10_000_000, 99_999_999);
  const username = `e2e${n}`;
  const password = `Pass${n}`;
  await call(
    'POST',
    '/api/external/user/signUp',
    {
      username,
      password,
      confirmPassword: password,
      firstName: 'Somsak',
      lastName: 'Rakdee',
      phone: `08${n}`,
      email: `${username}@example.com`,
      // EIP-55 test vector: a valid BEP20 (ERC-20 style) address.
      usdtAddress: {
        network: 'BEP20',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        uid: '12345678',
        nickname: 'e2e',
      },
    },
    true,
  );
  const { token } = await call<{ token: string }>(
    'POST',
    '/api/external/auth/auth',
    { username, password },
    true,
  );
  return { username, password, token };
}

/** A photo as the app sends it: a small JPEG, base64. */
export async function testPhoto(colour = '#0b5d4b', width = 320, height = 240): Promise<string> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return jpeg.toString('base64');
}

/**
 * A member whose identity staff verified (their four photos sent through the API, approved by
 * `admin`, the journeys' admin unless a file brings its own server), who may therefore trade.
 */
export async function newVerifiedMember(admin: StaffSession = journeyAdmin()): Promise<{
  username: string;
  password: string;
  token: string;
  memberId: number;
}> {
  const member = await newSignedInMember();
  const photo = await testPhoto();
  await call(
    'POST',
    '/api/external/user/uploadKyc',
    { passportImage: photo, holdingPassportImage: photo, screenshot1Image: photo, screenshot2Image: photo },
    false,
    member.token,
  );
  const queue = await adminOk<{ items: { id: number; username: string; memberId: number }[] }>(
    'GET',
    '/api/admin/kyc?pageSize=100',
    admin.token,
  );
  const submission = queue.items.find((item) => item.username === member.username);
  if (!submission) throw new Error(`${member.username}'s submission is not in the queue`);
  await adminOk('POST', `/api/admin/kyc/${submission.id}/decision`, admin.token, { decision: 'verified' });
  return { ...member, memberId: submission.memberId };
}

/**
 * A verified member with no USDT address (sign-up needs one, so it is deleted afterwards): the home
 * page's next step for them is to add one.
 */
export async function newVerifiedMemberWithoutAddress(): Promise<{
  username: string;
  password: string;
  token: string;
}> {
  const member = await newVerifiedMember();
  const profile = await call<{ usdtAddresses: { id: number }[] }>(
    'POST',
    '/api/external/user/profile',
    {},
    false,
    member.token,
  );
  for (const { id } of profile.usdtAddresses) {
    await call(
      'POST',
      '/api/external/user/deletePayment',
      { type: 'usdt', id, currentPassword: member.password },
      false,
      member.token,
    );
  }
  return member;
}

/** A buy of `amountThb` placed through the member API at the rate in force, to the member's first address; its id. */
export async function placeBuyOrder(token: string, amountThb: string): Promise<string> {
  const rates = await call<{ buyRate: string }>('POST', '/api/external/home/getRate', {}, false, token);
  const profile = await call<{ usdtAddresses: { id: number }[] }>(
    'POST',
    '/api/external/user/profile',
    {},
    false,
    token,
  );
  const order = await call<{ id: string }>(
    'POST',
    '/api/external/transaction/createTransaction',
    { type: 'buy', amountThb, rate: rates.buyRate, usdtAddressId: profile.usdtAddresses[0]?.id },
    false,
    token,
  );
  return order.id;
}

/**
 * Adds a bank account through the member API (the current password is the step-up); the first one
 * a member saves receives payouts at once.
 */
export async function addBankAccount(token: string, password: string): Promise<void> {
  await call(
    'POST',
    '/api/external/user/addPayment',
    {
      type: 'bank',
      bankCode: 'KBANK',
      accountNumber: '9876543210',
      accountName: 'Somsak Rakdee',
      currentPassword: password,
    },
    false,
    token,
  );
}

/** A sell of `amountUsdt` on Ethereum placed through the member API at the rate in force, paid to the member's first bank account; its id. */
export async function placeSellOrder(token: string, amountUsdt: string): Promise<string> {
  const rates = await call<{ sellRate: string; sellFeePercent: string }>(
    'POST',
    '/api/external/home/getRate',
    {},
    false,
    token,
  );
  const profile = await call<{ bankAccounts: { id: number }[] }>(
    'POST',
    '/api/external/user/profile',
    {},
    false,
    token,
  );
  const order = await call<{ id: string }>(
    'POST',
    '/api/external/transaction/createTransaction',
    {
      type: 'sell',
      amountUsdt,
      rate: rates.sellRate,
      feePercent: rates.sellFeePercent,
      network: 'TETHER',
      bankAccountId: profile.bankAccounts[0]?.id,
    },
    false,
    token,
  );
  return order.id;
}

/** Ends the session on the server (POST logout), as signing out in another tab would. */
export async function endSession(token: string): Promise<void> {
  await call('POST', '/api/external/auth/logout', {}, false, token);
}

/** Every page of the context starts signed in as the member holding `token` (the app keeps it in local storage). */
export async function signInContext(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    // Init scripts also run in about:blank, which has no storage.
    if (location.protocol === 'http:' && !localStorage.getItem('token')) localStorage.setItem('token', value);
  }, token);
}
