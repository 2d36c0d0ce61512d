import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Envelope, mockApi, ok, publicServer, RATES, renderApp, wholeText } from '../../../test/app.tsx';
import { RATE_REFRESH_MS } from './HomePage.tsx';

const OFFLINE_STATE = 'You are offline. This shows when you are back online.';

describe('home page', () => {
  it('shows the live rates, the ranges, the fee, the cash-only note and the latest news', async () => {
    mockApi({
      ...publicServer(),
      getNews: () =>
        ok({
          items: [
            {
              id: 1,
              title: { en: 'Welcome', th: 'ยินดีต้อนรับ' },
              body: { en: '', th: '' },
              publishedAt: RATES.updatedAt,
            },
          ],
        }),
    });
    await renderApp('/');
    expect(await screen.findByText('35.50')).toBeTruthy();
    expect(screen.getByText('34.80')).toBeTruthy();
    expect(screen.getByText(wholeText('Buy from 1,000 to 3,000,000 THB'))).toBeTruthy();
    expect(screen.getByText(wholeText('Sell from 100 to 100,000 USDT'))).toBeTruthy();
    expect(screen.getByText('Sell fee: 1.00%')).toBeTruthy();
    expect(screen.getByText('Deposits are cash only; bank transfers are not accepted.')).toBeTruthy();
    expect(screen.getByText(/Updated 22 Nov 2026, 08:00 \(Bangkok time\)/)).toBeTruthy();
    const news = screen.getByRole('region', { name: 'Latest news' });
    expect(await within(news).findByRole('link', { name: 'Welcome' })).toBeTruthy();
  });

  it('gives each rate card its own Buy or Sell link to /transaction with the direction chosen', async () => {
    mockApi(publicServer());
    await renderApp('/');
    const buy = await screen.findByRole('link', { name: 'Buy USDT' });
    expect(buy.closest('article')?.textContent).toContain('You buy USDT');
    expect(buy.getAttribute('href')).toBe('#/transaction?type=buy');
    const sell = screen.getByRole('link', { name: 'Sell USDT' });
    expect(sell.closest('article')?.textContent).toContain('You sell USDT');
    expect(sell.getAttribute('href')).toBe('#/transaction?type=sell');
  });

  it('shows a visitor no next-step banner', async () => {
    mockApi(publicServer());
    await renderApp('/');
    await screen.findByRole('link', { name: 'Buy USDT' });
    expect(screen.queryByRole('complementary', { name: 'Your next step' })).toBeNull();
  });

  it('fetches the rates again while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let served = 0;
    mockApi({
      ...publicServer(),
      getRate: () => {
        served += 1;
        return ok({ ...RATES, buyRate: served === 1 ? '35.50' : '36.10' });
      },
    });
    await renderApp('/');
    expect(await screen.findByText('35.50')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(RATE_REFRESH_MS));
    expect(await screen.findByText('36.10')).toBeTruthy();
    expect(served).toBe(2);
  });

  it('offline, says so in place of the rates and the news (not a wait that never ends), and shows them once back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let up = false;
    const whenUp = (reply: Envelope) => {
      if (!up) throw new TypeError('Failed to fetch');
      return reply;
    };
    mockApi({
      ...publicServer(),
      getRate: () => whenUp(ok(RATES)),
      getNews: () => whenUp(ok({ items: [] })),
    });
    await renderApp('/');
    expect(await screen.findAllByText(OFFLINE_STATE)).toHaveLength(2);
    expect(screen.queryByText('Getting the latest rates…')).toBeNull();
    up = true;
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('35.50')).toBeTruthy();
    expect(screen.queryByText(OFFLINE_STATE)).toBeNull();
  });
});

describe('calculator', () => {
  it('converts THB to USDT and USDT to THB net of the fee, truncated', async () => {
    mockApi({
      ...publicServer(),
      getHtmlPage: () =>
        ok({
          link: 'calculator',
          title: { en: 'C', th: 'C' },
          body: { en: '<p>How</p>', th: '<p>วิธี</p>' },
          updatedAt: RATES.updatedAt,
        }),
    });
    await renderApp('/');
    await userEvent.click(screen.getAllByRole('button', { name: 'Calculate' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Calculator' });
    const amount = await within(dialog).findByLabelText('Amount in THB');
    await within(dialog).findByText(wholeText(/^Buy rate: 35\.50 THB per USDT/));
    await userEvent.type(amount, '10000');
    expect(within(dialog).getByText('281.69 USDT')).toBeTruthy();

    await userEvent.click(within(dialog).getByLabelText('Sell USDT (receive THB)'));
    await userEvent.type(within(dialog).getByLabelText('Amount in USDT'), '123.45');
    expect(within(dialog).getByText('4,296.06 THB')).toBeTruthy();
    expect(within(dialog).getByText('42.96 THB')).toBeTruthy();
    expect(within(dialog).getByText('4,253.10 THB')).toBeTruthy();

    await userEvent.clear(within(dialog).getByLabelText('Amount in USDT'));
    await userEvent.type(within(dialog).getByLabelText('Amount in USDT'), '50');
    expect(within(dialog).getByText('The minimum amount is 100 USDT.')).toBeTruthy();
  });

  it('says บาท for amounts in Thai, never THB', async () => {
    mockApi({
      ...publicServer('th'),
      getHtmlPage: () =>
        ok({
          link: 'calculator',
          title: { en: 'C', th: 'C' },
          body: { en: '<p>How</p>', th: '<p>วิธี</p>' },
          updatedAt: RATES.updatedAt,
        }),
    });
    await renderApp('/');
    await userEvent.click((await screen.findAllByRole('button', { name: 'คำนวณ' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByLabelText('ขาย USDT (รับเงินบาท)'));
    await userEvent.type(within(dialog).getByLabelText('จำนวน USDT'), '123.45');
    expect(within(dialog).getByText('4,253.10 บาท')).toBeTruthy();
    expect(within(dialog).queryByText(/THB/)).toBeNull();
  });
});

describe('manual', () => {
  it('shows the manual page from getHtmlPage, sanitised', async () => {
    mockApi({
      ...publicServer(),
      getHtmlPage: (r) =>
        ok({
          link: r.query.get('link'),
          title: { en: 'How to use BahtDesk', th: 'วิธีใช้' },
          body: {
            en: '<h2>Sign up</h2><a href="javascript:alert(1)">bad</a><iframe src="https://x"></iframe>',
            th: '',
          },
          updatedAt: RATES.updatedAt,
        }),
    });
    await renderApp('/');
    await userEvent.click(screen.getAllByRole('button', { name: 'Manual' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'How to use BahtDesk' });
    expect(await within(dialog).findByRole('heading', { name: 'Sign up' })).toBeTruthy();
    expect(within(dialog).getByText('bad').getAttribute('href')).toBeNull();
    expect(dialog.querySelector('iframe')).toBeNull();
  });
});
