import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, publicServer, renderApp } from '../../test/app.tsx';

const LINK = 'https://line.me/R/ti/p/@bahtdesk';

describe('footer', () => {
  it('shows the 24-hour support copy, the version and the copyright line', async () => {
    mockApi(publicServer());
    await renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Support is available 24 hours a day.')).toBeTruthy();
    expect(within(footer).getByText('Version 2.0.7-20250905')).toBeTruthy();
    expect(within(footer).getByText(/© \d{4} BahtDesk\. All rights reserved\./)).toBeTruthy();
  });

  it('names the company and opens the staff-written terms and privacy policy', async () => {
    const { requests } = mockApi({
      ...publicServer(),
      getHtmlPage: (r) =>
        ok({
          link: r.query.get('link'),
          title: { en: `Page ${r.query.get('link')}`, th: 'หน้า' },
          body: { en: '<p>Read me</p>', th: '<p>อ่าน</p>' },
        }),
    });
    await renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('BahtDesk Co., Ltd.')).toBeTruthy();
    const links = within(footer).getByRole('navigation', { name: 'Legal' });
    for (const [name, link] of [
      ['Terms of service', 'terms'],
      ['Privacy policy', 'privacy'],
    ]) {
      await userEvent.click(within(links).getByRole('button', { name }));
      const dialog = await screen.findByRole('dialog', { name: `Page ${link}` });
      expect(within(dialog).getByText('Read me')).toBeTruthy();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    expect(requests.filter((r) => r.path.endsWith('getHtmlPage')).map((r) => r.query.get('link'))).toEqual([
      'terms',
      'privacy',
    ]);
  });

  it('names LINE and the LINE ID taken from a LINE contact link', async () => {
    mockApi({ ...publicServer(), contactUs: () => ok({ line: { link: LINK } }) });
    await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
    expect(await within(dialog).findByText('LINE ID: @bahtdesk')).toBeTruthy();
    expect(
      within(dialog).getByText('Scan the QR code with LINE, or add us as a friend on LINE.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Add friend on LINE/ })).toBeTruthy();
  });

  it('opens the contact dialog: a QR code of the chat link at level H and a safe add-friend link', async () => {
    mockApi({ ...publicServer(), contactUs: () => ok({ line: { link: LINK } }) });
    await renderApp('/');
    const opener = screen.getByRole('button', { name: 'Contact us' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code of the BahtDesk chat-app contact' });
    const expected = await QRCode.toString(LINK, { type: 'svg', errorCorrectionLevel: 'H', margin: 4 });
    expect(decodeURIComponent(qr.getAttribute('src')?.split(',')[1] ?? '')).toBe(expected);

    const add = within(dialog).getByRole('link', { name: /Add friend/ });
    expect(add.getAttribute('href')).toBe(LINK);
    expect(add.getAttribute('target')).toBe('_blank');
    expect(add.getAttribute('rel')).toBe('noopener noreferrer');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('offers no add-friend link when the chat link is not a web address', async () => {
    mockApi({ ...publicServer(), contactUs: () => ok({ line: { link: 'javascript:alert(1)' } }) });
    await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
    expect(await within(dialog).findByText(/not available right now/)).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });
});
