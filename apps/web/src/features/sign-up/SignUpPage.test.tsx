import { E } from '@bahtdesk/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer, BEP20_ADDRESS, PROFILE } from '../../../test/account.ts';
import { currentPath, fail, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { getState } from '../../lib/store.ts';

const SESSION = { token: 'fresh-token', tokenType: 'Bearer', expiresAt: '2099-01-01T00:00:00.000Z' };

const type = async (label: string | RegExp, text: string) => {
  const input = await screen.findByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, text);
};
const press = async (name: string) => userEvent.click(await screen.findByRole('button', { name }));
const progress = () => screen.findByText(/^Step \d of 5/);

async function credentials(username = 'newmember') {
  await type('Username', username);
  await type('Password', 'secret123');
  await type('Confirm password', 'secret123');
  await press('Next');
}

async function personal() {
  await type('First name', 'Somchai');
  await type('Last name', 'Jaidee');
  await type('Phone number', '081-234-5678');
  await type('Email', 'somchai@example.com');
  await press('Next');
}

async function bank() {
  await userEvent.selectOptions(await screen.findByLabelText('Bank'), 'KBANK');
  await type('Account number', '123-4-56789-0');
  await type('Account name', 'Somchai Jaidee');
  await press('Next');
}

async function usdt() {
  await userEvent.selectOptions(await screen.findByLabelText('Network'), 'BEP20');
  await type('USDT address', BEP20_ADDRESS);
  await type('Exchange UID', '12345678');
  await press('Create account');
}

function server(signUp = () => ok(SESSION)) {
  return mockApi({
    ...publicServer(),
    ...accountServer,
    signUp,
    profile: (r) => (r.headers.Authorization === 'Bearer fresh-token' ? ok(PROFILE) : fail(500)),
  });
}

// Each case types a whole form with userEvent, which takes a few seconds on a busy machine.
describe('sign-up in steps', () => {
  it('does not move on while a step breaks the contract rules, and shows why on the fields', async () => {
    server();
    await renderApp('/sign-up');
    await type('Username', 'ab');
    await type('Password', 'secret123');
    await type('Confirm password', 'other123');
    await press('Next');
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(username);
    expect(screen.getByText('Username must be 4 to 20 characters long.')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect((await progress()).textContent).toBe('Step 1 of 5: Account');
  });

  it('keeps what was typed when going Back, and checks names and phone before Next', async () => {
    server();
    await renderApp('/sign-up');
    await credentials();
    expect((await progress()).textContent).toBe('Step 2 of 5: Personal info');
    await type('First name', 'Som1');
    await type('Phone number', '12345');
    await press('Next');
    expect(await screen.findByText(E.NAME_INVALID.en)).toBeTruthy();
    expect(screen.getByText('Please enter a valid and complete phone number.')).toBeTruthy();
    await press('Back');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('newmember');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret123');
    await press('Next');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Som1');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('12345');
  });

  it('checks the account number against the chosen bank', async () => {
    server();
    await renderApp('/sign-up');
    await credentials();
    await personal();
    await userEvent.selectOptions(await screen.findByLabelText('Bank'), 'GSB');
    await type('Account number', '1234567890');
    await type('Account name', 'Somchai Jaidee');
    await press('Next');
    expect(await screen.findByText('Invalid bank account number for the selected bank.')).toBeTruthy();
    expect(screen.getByText('12 digits for this bank; dashes are fine.')).toBeTruthy();
  });

  it('sends every step with a clientSignature, then signs the member in and shows success at once', async () => {
    const { requests } = server();
    await renderApp('/sign-up');
    await credentials();
    await personal();
    await bank();
    await usdt();
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeTruthy();
    const signUp = requests.find((r) => r.path === '/api/external/user/signUp');
    expect(signUp?.headers['x-client-signature']).toBe('sig-1');
    expect(signUp?.body).toEqual({
      username: 'newmember',
      password: 'secret123',
      confirmPassword: 'secret123',
      firstName: 'Somchai',
      lastName: 'Jaidee',
      phone: '081-234-5678',
      email: 'somchai@example.com',
      bankAccount: { bankCode: 'KBANK', accountNumber: '123-4-56789-0', accountName: 'Somchai Jaidee' },
      usdtAddress: {
        network: 'BEP20',
        address: BEP20_ADDRESS,
        custody: 'exchange',
        uid: '12345678',
        nickname: '',
      },
    });
    expect(sessionStorage.length).toBe(0);
    expect(currentPath()).toBe('/welcome');
    expect(getState().token).toBe('fresh-token');
    expect(getState().profile).toEqual(PROFILE);
    const topBar = screen.getByRole('banner');
    expect(within(topBar).getByRole('link', { name: 'Member' })).toBeTruthy();
    expect(within(topBar).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(topBar).queryByRole('link', { name: 'Sign up' })).toBeNull();
  });

  it('leads from success to identity verification first, home second', async () => {
    server();
    await renderApp('/sign-up');
    await credentials();
    await personal();
    await bank();
    await usdt();
    await screen.findByRole('heading', { name: 'Your account is ready' });
    const actions = screen.getAllByRole('link').filter((link) => link.closest('.signup-done'));
    expect(actions.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Verify my identity', '#/account?action=openKyc'],
      ['Go to home', '#/'],
    ]);
    expect(actions[0]?.className).toContain('button--primary');
  });

  it('marks an account name that is not the name given in step 2, and stays once so it is read (decision 0035)', async () => {
    const mismatch = /^Not in your name: payouts go only to accounts in your own name/;
    const { requests } = server();
    await renderApp('/sign-up');
    await credentials();
    await personal();
    await userEvent.selectOptions(await screen.findByLabelText('Bank'), 'KBANK');
    await type('Account number', '123-4-56789-0');
    // Not marked while the name is still being typed.
    await type('Account name', 'Somchai');
    expect(screen.queryByText(mismatch)).toBeNull();
    await type('Account name', 'Somsri Jaidee');
    await press('Next');
    expect(await screen.findByText(mismatch)).toBeTruthy();
    expect((await progress()).textContent).toBe('Step 3 of 5: Bank account');
    // The right name (with a title, as banks print it) takes the mark away.
    await type('Account name', 'Mr. Somchai Jaidee');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText(mismatch)).toBeNull());
    // Another name in someone else's: marked, then saved as typed on the second Next (not refused).
    await type('Account name', 'Malee Jaidee');
    await userEvent.tab();
    expect(await screen.findByText(mismatch)).toBeTruthy();
    await press('Next');
    await press('Next');
    await usdt();
    await screen.findByRole('heading', { name: 'Your account is ready' });
    const body = requests.find((r) => r.path === '/api/external/user/signUp')?.body as {
      bankAccount?: { accountName: string };
    };
    expect(body.bankAccount?.accountName).toBe('Malee Jaidee');
  });

  it('leaves out the bank account when the member skips it', async () => {
    const { requests } = server();
    await renderApp('/sign-up');
    await credentials();
    await personal();
    await press('Skip this step');
    await usdt();
    await screen.findByRole('heading', { name: 'Your account is ready' });
    const body = requests.find((r) => r.path === '/api/external/user/signUp')?.body as Record<
      string,
      unknown
    >;
    expect(body.bankAccount).toBeUndefined();
  });

  it('shows a taken username (10009) on the username field of step 1', async () => {
    server(() => fail(10009, 'This username already exists.'));
    await renderApp('/sign-up');
    await credentials('takenname');
    await personal();
    await bank();
    await usdt();
    expect((await progress()).textContent).toBe('Step 1 of 5: Account');
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This username already exists.')).toBeTruthy();
    expect(document.activeElement).toBe(username);
  });

  it('shows a registered email (10015) on the email field of step 2', async () => {
    server(() => fail(10015));
    await renderApp('/sign-up');
    await credentials();
    await personal();
    await bank();
    await usdt();
    expect((await progress()).textContent).toBe('Step 2 of 5: Personal info');
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This email address is already registered.')).toBeTruthy();
  });

  it('keeps the typed steps across a reload, but never the passwords', async () => {
    server();
    await renderApp('/sign-up');
    await credentials();
    await personal();
    const stored = JSON.stringify(sessionStorage);
    expect(stored).toContain('somchai@example.com');
    expect(stored).not.toContain('secret123');
    cleanup();
    await renderApp('/sign-up');
    expect((await progress()).textContent).toBe('Step 1 of 5: Account');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('newmember');
    expect(screen.getByText(/the password is not kept/)).toBeTruthy();
    await type('Password', 'secret123');
    await type('Confirm password', 'secret123');
    await press('Next');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('somchai@example.com');
  });

  it('asks before following a link away midway, and stays when told to', async () => {
    server();
    await renderApp('/sign-up');
    await credentials();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    await userEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave sign-up?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(currentPath()).toBe('/sign-up');
    await userEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(sessionStorage.length).toBe(0);
  });
});
