import { BANKS, NETWORKS } from '@bahtdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountServer, BEP20_ADDRESS, PROFILE, SOLANA_ADDRESS } from '../../../test/account.ts';
import { currentPath, fail, type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { getState, setState } from '../../lib/store.ts';

function address(id: number) {
  return {
    id,
    network: 'BEP20',
    address: BEP20_ADDRESS,
    nickname: `Wallet ${id}`,
    custody: 'exchange',
    createdAt: PROFILE.createdAt,
    usableFrom: PROFILE.createdAt,
  };
}

function signedIn(profile: object = PROFILE, handlers: Record<string, Handler> = {}) {
  localStorage.setItem('token', 'member-token');
  return mockApi({ ...publicServer(), ...accountServer, profile: () => ok(profile), ...handlers });
}

const section = (name: RegExp) =>
  screen.findByRole('heading', { level: 2, name }).then((h) => h.closest('details') as HTMLDetailsElement);

describe('account page', () => {
  it('opened offline, says so (not a loading text that never ends), keeps the member signed in and shows the profile once back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let up = false;
    signedIn(PROFILE, {
      profile: () => {
        if (!up) throw new TypeError('Failed to fetch');
        return ok(PROFILE);
      },
    });
    await renderApp('/account');
    expect(await screen.findByText('You are offline. This shows when you are back online.')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(getState().token).toBe('member-token');
    up = true;
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Signed in as somchai')).toBeTruthy();
  });

  it('shows the profile and the identity-verification status with its text', async () => {
    signedIn({ ...PROFILE, kycStatus: 'waiting' });
    await renderApp('/account');
    expect(await screen.findByText('Signed in as somchai')).toBeTruthy();
    expect(screen.getByText('somchai@example.com')).toBeTruthy();
    const kyc = await section(/Identity verification/);
    expect(within(kyc).getAllByText('Waiting for review').length).toBeGreaterThan(0);
    expect(within(kyc).getByText(/checking them/)).toBeTruthy();
  });

  it('opens the identity-verification section for ?action=openKyc and leaves the others closed', async () => {
    signedIn();
    await renderApp('/account?action=openKyc');
    const kyc = await section(/Identity verification/);
    await waitFor(() => expect(kyc.open).toBe(true));
    expect((await section(/USDT addresses/)).open).toBe(false);
    expect(document.activeElement).toBe(kyc.querySelector('summary'));
  });

  it('opens the USDT-address section for ?action=openBinanceId', async () => {
    signedIn();
    await renderApp('/account?action=openBinanceId');
    const usdt = await section(/USDT addresses/);
    await waitFor(() => expect(usdt.open).toBe(true));
    expect(within(usdt).getByText('You have not saved a USDT address yet.')).toBeTruthy();
  });

  it('edits the profile and keeps what the server answered', async () => {
    const { requests } = signedIn(PROFILE, {
      editProfile: (r) => ok({ ...PROFILE, ...(r.body as object), phone: '0898765432' }),
    });
    await renderApp('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const phone = screen.getByLabelText('Phone number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '089-876-5432');
    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await userEvent.type(form.getByLabelText('Current password'), 'abc123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/external/user/editProfile')?.body).toMatchObject({
      phone: '089-876-5432',
    });
    expect(getState().profile?.phone).toBe('0898765432');
    expect(screen.getByText('089-876-5432')).toBeTruthy();
  });

  it('shows a phone number registered to someone else (10016) on the phone field', async () => {
    signedIn(PROFILE, { editProfile: () => fail(10016) });
    await renderApp('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This phone number is already registered.')).toBeTruthy();
    expect(document.activeElement).toBe(phone);
  });

  it('shows a wrong current password (10017) on its field, and a snackbar once changed', async () => {
    let calls = 0;
    signedIn(PROFILE, {
      changePasswordProfile: () => {
        calls += 1;
        return calls === 1 ? fail(10017) : ok(null);
      },
    });
    await renderApp('/account');
    const form = within(await section(/Change password/));
    await userEvent.click(screen.getByRole('heading', { name: 'Change password' }));
    await userEvent.type(form.getByLabelText('Current password'), 'wrongpass');
    await userEvent.type(form.getByLabelText('New password'), 'newpass123');
    await userEvent.type(form.getByLabelText('Confirm new password'), 'newpass123');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Incorrect password')).toBeTruthy();
    expect(form.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(form.getByLabelText('Current password'));
    await userEvent.type(form.getByLabelText('Current password'), 'secret123');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect((form.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('clears stale form errors when re-opened through an ?action= link', async () => {
    signedIn(PROFILE, { changePasswordProfile: () => fail(10017) });
    await renderApp('/account');
    const form = within(await section(/Change password/));
    await userEvent.click(screen.getByRole('heading', { name: 'Change password' }));
    await userEvent.type(form.getByLabelText('Current password'), 'wrongpass');
    await userEvent.type(form.getByLabelText('New password'), 'newpass123');
    await userEvent.type(form.getByLabelText('Confirm new password'), 'newpass123');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Incorrect password')).toBeTruthy();
    act(() => setState({ dialogRequireKyc: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    const kyc = await section(/Identity verification/);
    await waitFor(() => expect(kyc.open).toBe(true));
    expect(currentPath()).toBe('/account?action=openKyc');
    expect(screen.queryByText('Incorrect password')).toBeNull();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('adds a USDT address checked for its network, and shows it in the list', async () => {
    const { requests } = signedIn(PROFILE, {
      addPayment: () =>
        ok({
          id: 1,
          bankAccounts: [],
          usdtAddresses: [
            {
              id: 1,
              network: 'SOLANA',
              address: SOLANA_ADDRESS,
              nickname: 'Phantom',
              createdAt: PROFILE.createdAt,
            },
          ],
        }),
    });
    await renderApp('/account?action=openBinanceId');
    await userEvent.click(await screen.findByRole('button', { name: 'Add USDT address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a USDT address' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.getByLabelText('Network').getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getAllByText('This field is required.')).toHaveLength(3);
    expect(dialog.queryByText('Network not found.')).toBeNull();
    await userEvent.selectOptions(dialog.getByLabelText('Network'), 'SOLANA');
    await userEvent.type(dialog.getByLabelText('USDT address'), BEP20_ADDRESS);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Invalid USDT Address (Solana)')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/external/user/addPayment')).toBe(false);
    await userEvent.clear(dialog.getByLabelText('USDT address'));
    await userEvent.type(dialog.getByLabelText('USDT address'), SOLANA_ADDRESS);
    await userEvent.type(dialog.getByLabelText('Exchange UID'), '87654321');
    await userEvent.type(dialog.getByLabelText(/Nickname/), 'Phantom');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    // Without the current password nothing is sent: the contract's 10033, on that field.
    const password = dialog.getByLabelText('Current password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(requests.some((r) => r.path === '/api/external/user/addPayment')).toBe(false);
    await userEvent.type(password, 'secret123');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The USDT address has been added.')).toBeTruthy();
    expect(screen.getByText(SOLANA_ADDRESS)).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/external/user/addPayment')?.body).toEqual({
      type: 'usdt',
      network: 'SOLANA',
      address: SOLANA_ADDRESS,
      custody: 'exchange',
      uid: '87654321',
      nickname: 'Phantom',
      currentPassword: 'secret123',
    });
  });

  it('saves a personal wallet without a UID: the UID is asked only for an address on an exchange', async () => {
    const { requests } = signedIn(PROFILE, {
      addPayment: () =>
        ok({
          id: 9,
          bankAccounts: [],
          usdtAddresses: [{ ...address(9), network: 'SOLANA', address: SOLANA_ADDRESS, custody: 'wallet' }],
        }),
    });
    await renderApp('/account?action=openBinanceId');
    await userEvent.click(await screen.findByRole('button', { name: 'Add USDT address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a USDT address' }));
    expect(dialog.getByLabelText('Exchange UID')).toBeTruthy();
    await userEvent.click(dialog.getByLabelText(/Personal wallet/));
    expect(dialog.queryByLabelText('Exchange UID')).toBeNull();
    await userEvent.selectOptions(dialog.getByLabelText('Network'), 'SOLANA');
    await userEvent.type(dialog.getByLabelText('USDT address'), SOLANA_ADDRESS);
    await userEvent.type(dialog.getByLabelText('Current password'), 'secret123');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The USDT address has been added.')).toBeTruthy();
    expect(screen.getAllByText('Personal wallet').length).toBeGreaterThan(0);
    const body = requests.find((r) => r.path === '/api/external/user/addPayment')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ network: 'SOLANA', custody: 'wallet' });
    expect('uid' in body).toBe(false);
  });

  it('offers only the networks the desk takes for a new address', async () => {
    signedIn(PROFILE, {
      getNetworkBank: () =>
        ok({ networks: NETWORKS.map((n) => ({ ...n, enabled: n.id !== 'BEP2' })), banks: BANKS }),
    });
    await renderApp('/account?action=openBinanceId');
    await userEvent.click(await screen.findByRole('button', { name: 'Add USDT address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a USDT address' }));
    const options = [...(dialog.getByLabelText('Network') as HTMLSelectElement).options].map(
      (o) => o.textContent,
    );
    expect(options).toContain('TRON (TRC-20)');
    expect(options).not.toContain('BNB Beacon Chain (BEP2)');
  });

  it('shows the limit message instead of Add once 10 USDT addresses are saved', async () => {
    const full = { ...PROFILE, usdtAddresses: Array.from({ length: 10 }, (_, i) => address(i + 1)) };
    signedIn(full);
    await renderApp('/account?action=openBinanceId');
    const usdt = within(await section(/USDT addresses/));
    expect(await usdt.findByText('You can save at most 10 USDT addresses.')).toBeTruthy();
    expect(usdt.queryByRole('button', { name: 'Add USDT address' })).toBeNull();
    expect(usdt.getByText('10 of 10 saved')).toBeTruthy();
  });

  it('shows the server limit code (10018) in the add form', async () => {
    signedIn(PROFILE, { addPayment: () => fail(10018) });
    await renderApp('/account');
    await userEvent.click(screen.getByRole('heading', { name: /Bank accounts/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add bank account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a bank account' }));
    await userEvent.selectOptions(await dialog.findByLabelText('Bank'), 'SCB');
    await userEvent.type(dialog.getByLabelText('Account number'), '1234567890');
    await userEvent.type(dialog.getByLabelText('Account name'), 'Somchai Jaidee');
    await userEvent.type(dialog.getByLabelText('Current password'), 'secret123');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('You can save at most 10 bank accounts.');
  });

  it('shows a saved account number masked as banks print it, and whole on request', async () => {
    const entry = {
      id: 4,
      bankCode: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Somchai Jaidee',
      createdAt: PROFILE.createdAt,
      usableFrom: PROFILE.createdAt,
    };
    signedIn({ ...PROFILE, bankAccounts: [entry] });
    await renderApp('/account');
    await userEvent.click(await screen.findByRole('heading', { name: /Bank accounts/ }));
    expect(await screen.findByText(/xxx-x-x6789-0/)).toBeTruthy();
    expect(screen.queryByText(/123-4-56789-0/)).toBeNull();
    const show = screen.getByRole('button', { name: 'Show number' });
    await userEvent.click(show);
    expect(screen.getByText(/123-4-56789-0/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide number' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('marks a bank account that is not in the member own name (payouts go only to their own accounts)', async () => {
    const entry = (id: number, accountName: string) => ({
      id,
      bankCode: 'KBANK',
      accountNumber: `123456789${id}`,
      accountName,
      createdAt: PROFILE.createdAt,
      usableFrom: PROFILE.createdAt,
    });
    signedIn({
      ...PROFILE,
      bankAccounts: [entry(1, `Mr. ${PROFILE.firstName} ${PROFILE.lastName}`), entry(2, 'Someone Else')],
    });
    await renderApp('/account');
    await userEvent.click(await screen.findByRole('heading', { name: /Bank accounts/ }));
    const warnings = await screen.findAllByText(/Not in your name/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.closest('li')?.textContent).toContain('Someone Else');
  });

  it('asks before deleting a bank account and deletes it only when confirmed', async () => {
    const entry = {
      id: 4,
      bankCode: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Somchai Jaidee',
      createdAt: PROFILE.createdAt,
      usableFrom: PROFILE.createdAt,
    };
    const { requests } = signedIn(
      { ...PROFILE, bankAccounts: [entry] },
      { deletePayment: () => ok({ id: 4, bankAccounts: [], usdtAddresses: [] }) },
    );
    await renderApp('/account');
    await userEvent.click(await screen.findByRole('heading', { name: /Bank accounts/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Kasikornbank xxx-x-x6789-0' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete this bank account?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.path === '/api/external/user/deletePayment')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kasikornbank xxx-x-x6789-0' }));
    const again = within(await screen.findByRole('alertdialog', { name: 'Delete this bank account?' }));
    await userEvent.type(again.getByLabelText('Current password'), 'secret123');
    await userEvent.click(again.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have not saved a bank account yet.')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/external/user/deletePayment')?.body).toEqual({
      type: 'bank',
      id: 4,
      currentPassword: 'secret123',
    });
  });

  it('names the Ethereum (ERC-20) network the same in the list and in the form', async () => {
    signedIn({
      ...PROFILE,
      usdtAddresses: [
        { ...address(5), network: 'TETHER', address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359' },
      ],
    });
    await renderApp('/account?action=openBinanceId');
    expect(await screen.findByText(/Ethereum \(ERC-20\)/)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Wallet 5' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit USDT address' }));
    const select = dialog.getByLabelText('Network') as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Ethereum (ERC-20)');
  });

  it("names networks and banks from the contract while the server's list has not come (or cannot, offline)", async () => {
    signedIn(
      {
        ...PROFILE,
        bankAccounts: [
          {
            id: 4,
            bankCode: 'KBANK',
            accountNumber: '1234567890',
            accountName: 'Somchai Jaidee',
            createdAt: PROFILE.createdAt,
            usableFrom: PROFILE.createdAt,
          },
        ],
        usdtAddresses: [{ ...address(5), network: 'TETHER' }],
      },
      // getNetworkBank never answers.
      { getNetworkBank: () => new Promise<never>(() => {}) },
    );
    await renderApp('/account?action=openBinanceId');
    expect(await screen.findByText(/Ethereum \(ERC-20\)/)).toBeTruthy();
    expect(screen.queryByText(/TETHER/)).toBeNull();
    await userEvent.click(await screen.findByRole('heading', { name: /Bank accounts/ }));
    expect((await screen.findAllByText('Kasikornbank')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/KBANK/)).toBeNull();
  });

  it('edits a USDT address in a form filled with it, and sends the change for that entry', async () => {
    const entry = address(3);
    const { requests } = signedIn(
      { ...PROFILE, usdtAddresses: [entry] },
      {
        updatePayment: () =>
          ok({ id: 3, bankAccounts: [], usdtAddresses: [{ ...entry, nickname: 'Savings' }] }),
      },
    );
    await renderApp('/account?action=openBinanceId');
    expect(await screen.findByText(/UID needed/)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Wallet 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit USDT address' }));
    expect((dialog.getByLabelText('USDT address') as HTMLInputElement).value).toBe(BEP20_ADDRESS);
    // Saved before UIDs were asked: the edit asks for it.
    await userEvent.type(dialog.getByLabelText('Exchange UID'), '11223344');
    await userEvent.clear(dialog.getByLabelText(/Nickname/));
    await userEvent.type(dialog.getByLabelText(/Nickname/), 'Savings');
    await userEvent.type(dialog.getByLabelText('Current password'), 'secret123');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The USDT address has been updated.')).toBeTruthy();
    expect(screen.getByText('Savings')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/external/user/updatePayment')?.body).toEqual({
      type: 'usdt',
      id: 3,
      network: 'BEP20',
      address: BEP20_ADDRESS,
      custody: 'exchange',
      uid: '11223344',
      nickname: 'Savings',
      currentPassword: 'secret123',
    });
  });

  it('a wrong current password (10017) is shown on its field in the delete dialog, and nothing is deleted', async () => {
    const entry = address(5);
    signedIn({ ...PROFILE, usdtAddresses: [entry] }, { deletePayment: () => fail(10017) });
    await renderApp('/account?action=openBinanceId');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Wallet 5' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete this USDT address?' }));
    await userEvent.type(dialog.getByLabelText('Current password'), 'wrongpass');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText('Incorrect password')).toBeTruthy();
    expect(dialog.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Wallet 5')).toBeTruthy();
  });

  it('says from when an entry in its cooling-off period can receive payouts, in Bangkok time, in English and Thai', async () => {
    const cooling = { ...address(6), usableFrom: '2099-03-04T05:06:00.000Z' };
    const usable = { ...address(7), usableFrom: PROFILE.createdAt };
    signedIn({ ...PROFILE, usdtAddresses: [cooling, usable] });
    await renderApp('/account?action=openBinanceId');
    const usdt = within(await section(/USDT addresses/));
    // 05:06 UTC is 12:06 in Bangkok.
    const note = await usdt.findByText(/^Usable for payouts from /, {});
    expect(note.textContent).toMatch(/4 Mar 2099.*12:06/);
    expect(usdt.getAllByText(/Usable for payouts from/)).toHaveLength(1);
    await act(async () => setState({ language: 'th' }));
    const th = await usdt.findByText(/^ใช้รับเงินหรือเหรียญได้ตั้งแต่ /);
    expect(th.textContent).toMatch(/12:06/);
    expect(th.textContent).toMatch(/2642/);
  });

  it('signs out: logout on the server, token and profile cleared, back home', async () => {
    const { requests } = signedIn(PROFILE, { logout: () => ok(null) });
    await renderApp('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(getState().token).toBeNull();
    expect(getState().profile).toBeNull();
    expect(requests.find((r) => r.path === '/api/external/auth/logout')?.headers.Authorization).toBe(
      'Bearer member-token',
    );
  });
});
