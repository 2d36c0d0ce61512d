import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { fail, type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { setState } from '../../lib/store.ts';

const SENT = { channel: 'phone', destination: '081***5678', resendInSeconds: 60 };

function server(handlers: Record<string, Handler> = {}) {
  return mockApi({ ...publicServer(), ...accountServer, forgotUsername: () => ok(SENT), ...handlers });
}

async function requestByPhone(user: Pick<typeof userEvent, 'type' | 'click'> = userEvent) {
  await user.click(await screen.findByRole('radio', { name: 'Phone number' }));
  await user.type(screen.getByLabelText('Phone number of your account'), '081-234-5678');
  await user.click(screen.getByRole('button', { name: 'Send my username' }));
}

describe('forgot username', () => {
  it('is offered on the log-in page', async () => {
    server();
    await renderApp('/login');
    const offered = await screen.findByRole('link', { name: 'Forgot username?' });
    expect(offered.getAttribute('href')).toBe('#/forgot-username');
  });

  it('sends the username to the phone on file, signed, and leads to log in', async () => {
    const { requests } = server();
    await renderApp('/forgot-username');
    await requestByPhone();
    expect(await screen.findByRole('heading', { name: 'Username sent' })).toBeTruthy();
    expect(screen.getByText('We sent your username to 081***5678.')).toBeTruthy();
    const sent = requests.find((r) => r.path === '/api/external/user/forgotUsername');
    expect(sent?.body).toEqual({ channel: 'phone', phone: '081-234-5678' });
    expect(sent?.headers['x-client-signature']).toBe('sig-1');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('#/login');
  });

  it('shows forgot password\'s answers: "No user found with this phone number." on the field', async () => {
    server({ forgotUsername: () => fail(10003) });
    await renderApp('/forgot-username');
    await requestByPhone();
    expect(await screen.findByText('No user found with this phone number.')).toBeTruthy();
    expect(screen.getByLabelText('Phone number of your account').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends again only after the countdown, and restarts it from the wait the server gives (10048)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let calls = 0;
    server({
      forgotUsername: () =>
        ++calls === 1
          ? ok(SENT)
          : { code: 10048, message: 'Please wait.', result: { period: { resendInSeconds: 900 } } },
    });
    await renderApp('/forgot-username');
    await requestByPhone(user);
    const again = await screen.findByRole('button', { name: 'Send it again' });
    expect((again as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/You can ask again in (60|59) s\./)).toBeTruthy();
    act(() => vi.advanceTimersByTime(61_000));
    expect((again as HTMLButtonElement).disabled).toBe(false);
    await user.click(again);
    expect(await screen.findByText(/You can ask again in (900|899) s\./)).toBeTruthy();
    expect((again as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads in Thai', async () => {
    server();
    await renderApp('/forgot-username');
    await act(async () => setState({ language: 'th' }));
    const title = await screen.findByRole('heading', { level: 1, name: /^ลืม/ });
    expect(title.textContent).toBe('ลืมชื่อผู้ใช้');
    const submit = screen.getByRole('button', { name: /^ส่ง/ });
    expect(submit.textContent).toBe('ส่งชื่อผู้ใช้');
  });
});
