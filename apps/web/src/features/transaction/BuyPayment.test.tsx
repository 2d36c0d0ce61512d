import { bangkokClock, bangkokDate, E, messageFor } from '@bahtdesk/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountServer } from '../../../test/account.ts';
import { fail, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { BUY_RECEIVE, buyOrder, TRADER } from '../../../test/orders.ts';
import { setState } from '../../lib/store.ts';
import { bangkokInstant } from './bangkokTime.ts';

/**
 * jsdom decodes and draws no image: the browser's part of shrinking a photo is stood in for (a
 * decoded 600x800 picture, a canvas that encodes a small JPEG), so the slip goes through the real
 * picker. The kit's setup restores them after the test.
 */
function browserDrawsPhotos() {
  vi.stubGlobal('createImageBitmap', async () => ({ width: 600, height: 800, close() {} }));
  const context = { fillStyle: '', fillRect() {}, drawImage() {} };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' })),
  );
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:slip';
      static override revokeObjectURL = () => {};
    },
  );
}
const SLIP = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], 'slip.jpg', {
  type: 'image/jpeg',
});

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
    browserDrawsPhotos();
    const { requests } = mockApi({
      ...publicServer(),
      ...accountServer,
      profile: () => ok(TRADER),
      uploadImgFile: () => ok({ mime: 'image/jpeg', size: 4, width: 600, height: 800 }),
      // Placed at 08:55 Bangkok, so a deposit at 09:30 lies within the order.
      getTransaction: () => ok({ ...buyOrder(), createdAt: '2026-11-26T01:55:00.000Z' }),
      getReceivePayment: () => ok(BUY_RECEIVE),
      confrimTransaction: () => ok(buyOrder('request')),
    });
    const before = new Date();
    await renderApp(`/transaction?id=${buyOrder().id}`);
    const date = (await screen.findByLabelText('Date of the deposit')) as HTMLInputElement;
    const time = screen.getByLabelText('Time of the deposit') as HTMLInputElement;
    const after = new Date();
    // The current time, not the order's: 08:55 would be the order's creation.
    expect([bangkokDate(before), bangkokDate(after)].map((d) => d.split('-').reverse().join('/'))).toContain(
      date.value,
    );
    expect([bangkokClock(before), bangkokClock(after)]).toContain(time.value);

    // The amount deposited starts at the order's, grouped as the page shows amounts, and groups as typed.
    const amount = screen.getByLabelText('Amount you deposited (THB)') as HTMLInputElement;
    expect(amount.value).toBe('3,550.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '12345.5');
    expect(amount.value).toBe('12,345.5');

    fireEvent.change(date, { target: { value: '26/11/2026' } });
    fireEvent.change(time, { target: { value: '09.30' } });
    await userEvent.upload(screen.getByLabelText('Photo of the deposit slip'), SLIP);
    await screen.findByRole('img', { name: 'The slip you chose' });
    await userEvent.click(screen.getByRole('button', { name: 'I have paid: send for checking' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await screen.findByText(/The desk is checking your payment/);
    const confirm = requests.find((r) => r.path.endsWith('/confrimTransaction'));
    expect(confirm?.body).toMatchObject({
      method: 'cash_deposit',
      depositAt: '2026-11-26T02:30:00.000Z',
      depositAmount: '12345.5',
      slipImage: '/9j/4A==',
    });
  });
});

describe('the deposit time lies within the order', () => {
  const TIME_INVALID = messageFor(E.DEPOSIT_TIME_INVALID.code, 'en');

  async function depositForm(confrimTransaction = () => ok(buyOrder('request'))) {
    localStorage.setItem('token', 'member-token');
    browserDrawsPhotos();
    const api = mockApi({
      ...publicServer(),
      ...accountServer,
      profile: () => ok(TRADER),
      uploadImgFile: () => ok({ mime: 'image/jpeg', size: 4, width: 600, height: 800 }),
      getTransaction: () => ok(buyOrder()),
      getReceivePayment: () => ok(BUY_RECEIVE),
      confrimTransaction,
    });
    await renderApp(`/transaction?id=${buyOrder().id}`);
    const date = (await screen.findByLabelText('Date of the deposit')) as HTMLInputElement;
    const at = screen.getByLabelText('Time of the deposit') as HTMLInputElement;
    await userEvent.upload(screen.getByLabelText('Photo of the deposit slip'), SLIP);
    await screen.findByRole('img', { name: 'The slip you chose' });
    return { date, at, requests: api.requests };
  }

  it('a deposit dated before the order is refused next to the field, and nothing is sent', async () => {
    const { date, at, requests } = await depositForm();
    fireEvent.change(date, { target: { value: '01/01/2001' } });
    const error = await screen.findByText(TIME_INVALID);
    expect(at.getAttribute('aria-invalid')).toBe('true');
    expect(at.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
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
    expect(at.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
  });
});

describe('Bangkok time of the date and time fields', () => {
  it('is seven hours ahead of UTC whatever the machine is set to', () => {
    expect(new Date('2026-11-26T09:30').getTimezoneOffset()).toBe(300);
    expect(bangkokInstant('2026-11-26T03:15')).toBe('2026-11-25T20:15:00.000Z');
  });
});

describe("the desk account's name", () => {
  it('reads in Thai when the app is in Thai, in English otherwise', async () => {
    localStorage.setItem('token', 'member-token');
    mockApi({
      ...publicServer(),
      ...accountServer,
      profile: () => ok(TRADER),
      getTransaction: () => ok(buyOrder()),
      getReceivePayment: () =>
        ok({
          ...BUY_RECEIVE,
          bankAccounts: BUY_RECEIVE.bankAccounts.map((a) => ({ ...a, accountNameTh: 'บริษัท บาทเดสก์ จำกัด' })),
        }),
    });
    await renderApp(`/transaction?id=${buyOrder().id}`);
    // The name is the term's value (the footer names the company too).
    const name = async (term: string) => (await screen.findByText(term)).nextElementSibling?.textContent;
    expect(await name('Account name')).toBe('BahtDesk Co., Ltd.');
    await act(async () => setState({ language: 'th' }));
    expect(await name('ชื่อบัญชี')).toBe('บริษัท บาทเดสก์ จำกัด');
  });
});
