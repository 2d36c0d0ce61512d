import { messageFor } from '@bahtdesk/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, fail, mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/signIn.json';

const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText(t.password.username), 'newstaff');
  await userEvent.type(screen.getByLabelText(t.password.password), 'one-time-password-1');
  await userEvent.click(screen.getByRole('button', { name: t.password.submit }));
}

describe('staff sign-in', () => {
  it('enrols the second factor on first sign-in: QR code and secret, a code, the recovery codes once', async () => {
    const api = mockApi({
      staffLogin: () =>
        ok({ token: 'tok', tokenType: 'Bearer', expiresAt: '2026-11-24T00:00:00.000Z', next: 'enrol' }),
      startEnrolment: () =>
        ok({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/BahtDesk:newstaff?secret=JBSWY3DPEHPK3PXP',
        }),
      confirmEnrolment: () => ok({ recoveryCodes: CODES, profile: profile('operator') }),
      me: () => ok(profile('operator')),
      dashboard: () =>
        ok({
          membersTotal: 0,
          membersNewToday: 0,
          kycWaiting: 0,
          proofsWaiting: 0,
          ordersOpen: { pending: 0, request: 0 },
          rates: null,
          signupsPerDay: [],
          volumes: {
            today: {
              buy: { count: 0, thb: '0.00', usdt: '0.00' },
              sell: { count: 0, thb: '0.00', usdt: '0.00' },
            },
            month: {
              buy: { count: 0, thb: '0.00', usdt: '0.00' },
              sell: { count: 0, thb: '0.00', usdt: '0.00' },
            },
          },
          volumePerDay: [],
          setupMissing: [],
          breakGlass: [],
          twoPersonRules: { hold: true, enabledAdmins: 2 },
        }),
    });
    await renderConsole('/sign-in');
    await signInWithPassword();
    await screen.findByRole('heading', { level: 1, name: t.enrol.title });
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(await screen.findByRole('img', { name: t.enrol.qrLabel })).toBeTruthy();
    expect(api.called('startEnrolment')).toHaveLength(1);
    expect(api.called('startEnrolment')[0]?.headers.Authorization).toBe('Bearer tok');

    // The contract's rule checks the code before anything is sent.
    await userEvent.type(screen.getByLabelText(t.enrol.code), '12ab');
    await userEvent.click(screen.getByRole('button', { name: t.enrol.submit }));
    expect(await screen.findByText(messageFor(30023, 'en'))).toBeTruthy();
    expect(api.called('confirmEnrolment')).toEqual([]);

    await userEvent.clear(screen.getByLabelText(t.enrol.code));
    await userEvent.type(screen.getByLabelText(t.enrol.code), '123456');
    await userEvent.click(screen.getByRole('button', { name: t.enrol.submit }));
    await screen.findByRole('heading', { level: 1, name: t.recovery.title });
    expect(api.called('confirmEnrolment')[0]?.body).toEqual({ code: '123456' });
    for (const code of CODES) expect(screen.getByText(code)).toBeTruthy();

    const next = screen.getByRole('button', { name: t.recovery.continue }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await userEvent.click(screen.getByLabelText(t.recovery.saved));
    // The dashboard's chunk loads on this click: the act lets React render it when it arrives.
    await act(async () => userEvent.click(next));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentPath()).toBe('/');
    expect(sessionStorage.getItem('adminToken')).toBe('tok');
  });

  it('asks for the code on a usual sign-in, shows a wrong code, and takes a recovery code instead', async () => {
    const api = mockApi({
      staffLogin: () =>
        ok({ token: 'tok', tokenType: 'Bearer', expiresAt: '2026-11-24T00:00:00.000Z', next: 'verify' }),
      verifyTotp: () => fail(30023, ''),
      useRecoveryCode: () => ok(profile('admin', { mustChangePassword: true, secondFactorDone: false })),
      changeStaffPassword: () => ok(profile('admin')),
      me: () => ok(profile('admin')),
      dashboard: () => fail(70001, ''),
    });
    await renderConsole('/sign-in');
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText(t.verify.code), '000000');
    await userEvent.click(screen.getByRole('button', { name: t.verify.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(messageFor(30023, 'en'));

    await userEvent.click(screen.getByRole('button', { name: t.verify.useRecovery }));
    await userEvent.type(screen.getByLabelText(t.verify.recoveryCode), 'abcde-fgh1k');
    await userEvent.click(screen.getByRole('button', { name: t.verify.submit }));

    // A one-time password is changed before the console opens; the two new ones must match.
    await screen.findByRole('heading', { level: 1, name: t.changePassword.title });
    await userEvent.type(screen.getByLabelText(t.changePassword.current), 'one-time-password-1');
    await userEvent.type(screen.getByLabelText(t.changePassword.new), 'a-new-long-password');
    await userEvent.type(screen.getByLabelText(t.changePassword.confirm), 'a-different-password');
    await userEvent.click(screen.getByRole('button', { name: t.changePassword.submit }));
    expect(await screen.findByText(messageFor(10028, 'en'))).toBeTruthy();
    expect(api.called('changeStaffPassword')).toEqual([]);

    await userEvent.clear(screen.getByLabelText(t.changePassword.confirm));
    await userEvent.type(screen.getByLabelText(t.changePassword.confirm), 'a-new-long-password');
    await userEvent.click(screen.getByRole('button', { name: t.changePassword.submit }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(api.called('changeStaffPassword')[0]?.body).toEqual({
      currentPassword: 'one-time-password-1',
      newPassword: 'a-new-long-password',
    });
  });

  it('shows a wrong password in the page language and stays on the first step', async () => {
    mockApi({ staffLogin: () => fail(999, 'Username or password is incorrect') });
    await renderConsole('/sign-in');
    await signInWithPassword();
    expect((await screen.findByRole('alert')).textContent).toBe(messageFor(999, 'en'));
    expect(screen.getByRole('heading', { level: 1, name: t.password.title })).toBeTruthy();
    expect(sessionStorage.getItem('adminToken')).toBeNull();
  });
});
