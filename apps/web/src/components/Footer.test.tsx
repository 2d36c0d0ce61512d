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
