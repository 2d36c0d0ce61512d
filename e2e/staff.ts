// Staff members for the back-office journeys: sign-in through the API (password, then a TOTP
// code computed with the same library as the server), the demo admin the server seeded, and a
// browser context or tab that opens the console already signed in.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, journeyServer } from './browser.ts';

interface Envelope<T> {
  code: number;
  message: string;
  result: { period: T } | null;
}

/** One call of the admin API; answers the envelope as it came (tests check refusals too). */
export async function adminCall<T>(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return (await response.json()) as Envelope<T>;
}

/** The result of a call that must succeed. */
export async function adminOk<T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown) {
  const envelope = await adminCall<T>(method, path, token, body);
  if (envelope.code !== 0 || !envelope.result) {
    throw new Error(`${method} ${path} answered ${envelope.code}: ${envelope.message}`);
  }
  return envelope.result.period;
}

/**
 * TOTP codes for one secret, each time step used once (the server refuses a code used before):
 * the current step's code, or the next step's (the server allows one step of drift) when the
 * current one was already used.
 */
export class Authenticator {
  private lastCounter = -1;
  private readonly totp: TOTP;

  constructor(readonly secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  }

  code(): string {
    const now = this.totp.counter();
    const counter = Math.max(now, this.lastCounter + 1);
    if (counter > now + 1) throw new Error('two codes of this secret were used in this time step already');
    this.lastCounter = counter;
    return this.totp.generate({ timestamp: counter * 30_000 });
  }
}

export interface StaffSession {
  username: string;
  password: string;
  token: string;
  authenticator: Authenticator;
}

interface LoginResult {
  token: string;
  next: 'enrol' | 'verify';
}

interface Profile {
  mustChangePassword: boolean;
  secondFactorDone: boolean;
}

/**
 * Signs a staff member in through the API: enrols the second factor on a first sign-in, and sets
 * a new password when the account still has a one-time one. Answers the finished session.
 */
export async function signInStaff(
  username: string,
  password: string,
  authenticator?: Authenticator,
): Promise<StaffSession> {
  const login = await adminOk<LoginResult>('POST', '/api/admin/auth/login', null, { username, password });
  let auth = authenticator;
  let profile: Profile;
  if (login.next === 'enrol') {
    const { secret } = await adminOk<{ secret: string }>(
      'POST',
      '/api/admin/auth/enrolment',
      login.token,
      {},
    );
    auth = new Authenticator(secret);
    ({ profile } = await adminOk<{ profile: Profile }>(
      'POST',
      '/api/admin/auth/enrolment/confirm',
      login.token,
      {
        code: auth.code(),
      },
    ));
  } else {
    if (!auth) throw new Error(`${username} is enrolled: its authenticator is needed`);
    profile = await adminOk<Profile>('POST', '/api/admin/auth/totp', login.token, { code: auth.code() });
  }
  let current = password;
  if (profile.mustChangePassword || !profile.secondFactorDone) {
    current = `e2e-own-password-${randomInt(1_000_000, 9_999_999)}`;
    await adminOk('POST', '/api/admin/auth/password', login.token, {
      currentPassword: password,
      newPassword: current,
    });
  }
  return { username, password: current, token: login.token, authenticator: auth };
}

/** The demo admin the server seeded on its first start (see global-setup.ts). */
export function demoStaff(): { username: string; password: string } {
  const demo = journeyServer().demoStaff;
  if (!demo) throw new Error('the server printed no demo staff account on its first start');
  return demo;
}

/**
 * An admin made for the journeys by global-setup.ts (the operator CLI's break-glass, then enrolled
 * through the API), so that every file can make the staff it needs while the seeded demo admin
 * stays un-enrolled for the back office's enrolment journey. The harness signs the command line
 * in as this admin (browser.ts desk()).
 */
export function journeyAdmin(): StaffSession {
  const admin = journeyServer().journeyAdmin;
  return { ...admin, authenticator: new Authenticator(admin.secret) };
}

/** The second admin of the journeys, who approves what the first proposes (see global-setup.ts). */
export function journeyApprover(): StaffSession {
  const admin = journeyServer().journeyApprover;
  return { ...admin, authenticator: new Authenticator(admin.secret) };
}

interface Proposed {
  proposal: { id: number; proposedBy: string } | null;
}

/**
 * Approves `proposal`, when a change made a proposal, as one of the journeys' two admins who did
 * not propose it (decision 0091); answers the approval's one-time password of a new account.
 */
async function approvedIfProposed({ proposal }: Proposed): Promise<string | null> {
  if (!proposal) return null;
  const approver = proposal.proposedBy === journeyApprover().username ? journeyAdmin() : journeyApprover();
  const approved = await adminOk<{ oneTimePassword: string | null }>(
    'POST',
    `/api/admin/proposals/${proposal.id}/approve`,
    approver.token,
    {},
  );
  return approved.oneTimePassword;
}

/**
 * Saves one web setting as the journeys' admin (POST /api/admin/settings), for journeys that need
 * a setting but are not about how it is set; the server applies it at once, without a restart (one
 * that guards money, once the journeys' second admin approved it).
 */
export async function saveSetting(key: string, value: unknown): Promise<void> {
  await approvedIfProposed(
    await adminOk<Proposed>('POST', '/api/admin/settings', journeyAdmin().token, { key, value }),
  );
}

/**
 * A new staff account of `role`, made by an admin (a new admin with the approval of another of the
 * journeys' admins), signed in (enrolled, own password set).
 */
export async function newStaff(
  admin: StaffSession,
  role: 'admin' | 'operator' | 'viewer',
): Promise<StaffSession> {
  const username = `e2e${role}${randomInt(100_000, 999_999)}`;
  const created = await adminOk<Proposed & { oneTimePassword: string | null }>(
    'POST',
    '/api/admin/staff',
    admin.token,
    {
      username,
      role,
    },
  );
  const oneTimePassword = created.oneTimePassword ?? (await approvedIfProposed(created));
  if (!oneTimePassword) throw new Error(`${username} was not made`);
  return signInStaff(username, oneTimePassword);
}

/** Pages of this context open the console signed in with `token` (session storage, as the console keeps it). */
export async function consoleContext(context: BrowserContext, token: string, lang: 'en' | 'th' = 'en') {
  await context.addInitScript(
    ({ value, language }) => {
      if (location.protocol !== 'http:') return;
      sessionStorage.setItem('adminToken', value);
      localStorage.setItem('adminLanguage', language);
    },
    { value: token, language: lang },
  );
}

/**
 * A new tab of `context` that opens the console signed in with `token` (its own session storage,
 * so tabs of one context can be different staff members), in `lang`.
 */
export async function consoleTab(
  context: BrowserContext,
  token: string,
  lang: 'en' | 'th' = 'en',
): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(
    ({ value, language }) => {
      sessionStorage.setItem('adminToken', value);
      localStorage.setItem('adminLanguage', language);
    },
    { value: token, language: lang },
  );
  return page;
}
