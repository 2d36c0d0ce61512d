import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { currentPath, fail, type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';

const SENT = {
  channel: 'email',
  destination: 's***@example.com',
  expiresInSeconds: 300,
  resendInSeconds: 60,
};

function server(handlers: Record<string, Handler> = {}) {
  return mockApi({
    ...publicServer(),
    ...accountServer,
    forgotPassword: () => ok(SENT),
    confirmOtp: () => ok({ resetTicket: 'ticket-1', expiresInSeconds: 600 }),
    changePassword: () => ok(null),
    ...handlers,
  });
}

async function requestByEmail(user: Pick<typeof userEvent, 'type' | 'click'> = userEvent) {
  await user.type(await screen.findByLabelText('Email of your account'), 'somchai@example.com');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('forgot password by OTP', () => {
  it('sends the code, takes the 6 digits, sets a new password and goes to /login with a snackbar', async () => {
    const { requests } = server();
    await renderApp('/forgot-password');
    await requestByEmail();
    const otp = await screen.findByLabelText('6-digit code');
    expect(otp.getAttribute('inputmode')).toBe('numeric');
    expect(otp.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/We sent a 6-digit code to s\*\*\*@example.com/)).toBeTruthy();
    await userEvent.type(otp, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await userEvent.type(await screen.findByLabelText('New password'), 'newpass123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(
      await screen.findByText('Your password has been changed. Please log in with your new password.'),
    ).toBeTruthy();
    const byPath = (p: string) => requests.find((r) => r.path === `/api/external/user/${p}`);
    expect(byPath('forgotPassword')?.body).toEqual({ channel: 'email', email: 'somchai@example.com' });
    expect(byPath('confirmOtp')?.body).toEqual({
      channel: 'email',
      email: 'somchai@example.com',
      otp: '123456',
    });
    expect(byPath('changePassword')?.body).toEqual({
      resetTicket: 'ticket-1',
      password: 'newpass123',
      confirmPassword: 'newpass123',
    });
    for (const name of ['forgotPassword', 'confirmOtp', 'changePassword']) {
      expect(byPath(name)?.headers['x-client-signature']).toBe('sig-1');
    }
  });

  it('shows a reset ticket that can no longer be used above the form, with a way to start over', async () => {
    server({ changePassword: () => fail(10024) });
    await renderApp('/forgot-password');
    await requestByEmail();
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await userEvent.type(await screen.findByLabelText('New password'), 'newpass123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password reset request is invalid or has already been used. Please request a new OTP.',
    );
    expect(currentPath()).toBe('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByLabelText('Email of your account')).toBeTruthy();
  });

  it('shows "Email address not found" and "No user found with this phone number." on their fields', async () => {
    server({
      forgotPassword: (r) =>
        (r.body as { channel: string }).channel === 'email' ? fail(10004) : fail(10003),
    });
    await renderApp('/forgot-password');
    await requestByEmail();
    expect(await screen.findByText('Email address not found')).toBeTruthy();
    expect(screen.getByLabelText('Email of your account').getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: 'Phone number' }));
    await userEvent.type(screen.getByLabelText('Phone number of your account'), '0812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('No user found with this phone number.')).toBeTruthy();
  });

  it('shows "OTP incorrect" on the code field, and refuses a code that is not 6 digits before sending', async () => {
    const { requests } = server({ confirmOtp: () => fail(10012) });
    await renderApp('/forgot-password');
    await requestByEmail();
    const otp = await screen.findByLabelText('6-digit code');
    await userEvent.type(otp, '12a4');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByText('The OTP must be exactly 6 digits.')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/external/user/confirmOtp')).toBe(false);
    await userEvent.clear(otp);
    await userEvent.type(otp, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByText('OTP incorrect')).toBeTruthy();
    expect(otp.getAttribute('aria-invalid')).toBe('true');
  });

  it('lets a new code be asked for only after the countdown shown on screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { requests } = server();
    await renderApp('/forgot-password');
    await requestByEmail(user);
    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/You can ask for a new code in (60|59) s\./)).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText(/You can ask for a new code in (30|29) s\./)).toBeTruthy();
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(31_000));
    expect((resend as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/You can ask for a new code in/)).toBeNull();
    await user.click(resend);
    expect(await screen.findByText('A new code has been sent.')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/external/user/forgotPassword')).toHaveLength(2);
    // The countdown starts again once the new code's answer has been shown.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });

  it('restarts the countdown from the wait the server gives when a resend is refused as too soon', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let calls = 0;
    server({
      forgotPassword: () =>
        ++calls === 1
          ? ok(SENT)
          : {
              code: 10023,
              message: 'Please wait before asking for a new OTP.',
              result: { period: { resendInSeconds: 1800 } },
            },
    });
    await renderApp('/forgot-password');
    await requestByEmail(user);
    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    act(() => vi.advanceTimersByTime(61_000));
    await user.click(resend);
    expect(await screen.findByText(/You can ask for a new code in (1800|1799) s\./)).toBeTruthy();
    expect((resend as HTMLButtonElement).disabled).toBe(true);
  });
});
