import { E, messageFor } from '@bahtdesk/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { fail, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { BUY_RECEIVE, buyOrder, TRADER } from '../../../test/orders.ts';
import { bangkokInstant, bangkokNow } from './bangkokTime.ts';

// Shrinking a photo needs a real canvas; here a picked slip is simply there.
vi.mock('../../components/PhotoPicker.tsx', () => ({
  PhotoPicker: ({ label, onChange }: { label: string; onChange: (image: string) => void }) => (
    <button type="button" onClick={() => onChange('c2xpcA==')}>
      {label}
    </button>
  ),
}));

// A device far from Bangkok: the deposit time must still be read as Bangkok time.
const machineZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = machineZone;
});

describe('buy payment by cash deposit', () => {
  it('starts at Bangkok now and sends the time typed as the Bangkok instant', async () => {
    localStorage.setItem('token', 'member-token');
    const { requests } = mockApi({
      ...publicServer(),
      ...accountServer,
      profile: () => ok(TRADER),
      // Placed at 08:55 Bangkok, so a deposit at 09:30 lies within the order.
      getTransaction: () => ok({ ...buyOrder(), createdAt: '2026-11-26T01:55:00.000Z' }),
      getReceivePayment: () => ok(BUY_RECEIVE),
      confrimTransaction: () => ok(buyOrder('request')),
    });
    const before = bangkokNow();
    await renderApp(`/transaction?id=${buyOrder().id}`);
    const at = (await screen.findByLabelText('Date and time of the deposit')) as HTMLInputElement;
    const after = bangkokNow();
    expect([before, after]).toContain(at.value);

    fireEvent.change(at, { target: { value: '2026-11-26T09:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Photo of the deposit slip' }));
    await userEvent.click(screen.getByRole('button', { name: 'I have paid: send for checking' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await screen.findByText(/The desk is checking your payment/);
    const confirm = requests.find((r) => r.path.endsWith('/confrimTransaction'));
    expect(confirm?.body).toMatchObject({ method: 'cash_deposit', depositAt: '2026-11-26T02:30:00.000Z' });
  });
});

describe('the deposit time lies within the order', () => {
  const TIME_INVALID = messageFor(E.DEPOSIT_TIME_INVALID.code, 'en');

  async function depositForm(confrimTransaction = () => ok(buyOrder('request'))) {
    localStorage.setItem('token', 'member-token');
    const api = mockApi({
      ...publicServer(),
      ...accountServer,
      profile: () => ok(TRADER),
      getTransaction: () => ok(buyOrder()),
      getReceivePayment: () => ok(BUY_RECEIVE),
      confrimTransaction,
    });
    await renderApp(`/transaction?id=${buyOrder().id}`);
    const at = (await screen.findByLabelText('Date and time of the deposit')) as HTMLInputElement;
    await userEvent.click(screen.getByRole('button', { name: 'Photo of the deposit slip' }));
    return { at, requests: api.requests };
  }

  it('a deposit dated before the order is refused next to the field, and nothing is sent', async () => {
    const { at, requests } = await depositForm();
    fireEvent.change(at, { target: { value: '2001-01-01T10:00' } });
    const error = await screen.findByText(TIME_INVALID);
    expect(at.getAttribute('aria-invalid')).toBe('true');
    expect(at.getAttribute('aria-describedby')).toBe(error.id);
    await userEvent.click(screen.getByRole('button', { name: 'I have paid: send for checking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.path.endsWith('/confrimTransaction'))).toBe(false);
  });

  it("the server's refusal of the time (50063) is shown next to the field", async () => {
    const { at } = await depositForm(() => fail(E.DEPOSIT_TIME_INVALID.code, TIME_INVALID));
    await userEvent.click(screen.getByRole('button', { name: 'I have paid: send for checking' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    const error = await screen.findByText(TIME_INVALID);
    expect(error.classList.contains('field__error')).toBe(true);
    expect(at.getAttribute('aria-describedby')).toBe(error.id);
  });
});

describe('Bangkok time of a datetime-local field', () => {
  it('is seven hours ahead of UTC whatever the machine is set to', () => {
    expect(new Date('2026-11-26T09:30').getTimezoneOffset()).toBe(300);
    expect(bangkokNow(new Date('2026-11-25T20:15:40Z'))).toBe('2026-11-26T03:15');
    expect(bangkokInstant('2026-11-26T03:15')).toBe('2026-11-25T20:15:00.000Z');
  });
});
