import { messageFor, type RateChangeCheck, type RateProposal, type StaffProfile } from '@bahtdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import t from '../../locales/en/rates.json';
import audit from '../../locales/th/audit.json';
import th from '../../locales/th/rates.json';

const HISTORY = {
  items: [
    {
      id: 2,
      buyRate: '35.50',
      sellRate: '34.80',
      sellFeePercent: '1.00',
      setBy: 'admin',
      createdAt: '2026-11-22T01:00:00.000Z',
    },
    {
      id: 1,
      buyRate: '35.00',
      sellRate: '34.00',
      sellFeePercent: '1.00',
      setBy: 'system:',
      createdAt: '2026-11-20T01:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 500,
};

/** The rates screen's reads for a staff member (the history above, no proposal), with `calls` added or replaced. */
const ratesApi = (me: StaffProfile, calls: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    me: () => ok(me),
    rateHistory: () => ok(HISTORY),
    rateProposals: () => ok({ items: [] }),
    ...calls,
  });

describe('rates and sell fee', () => {
  it("checks the form with the contract's rules, sends nothing wrong, and saves decimal strings", async () => {
    const api = ratesApi(profile('admin'), {
      setRates: (r) => ok({ ...(r.body as object), updatedAt: '2026-11-23T01:00:00.000Z', proposal: null }),
    });
    await renderConsole('/rates', 'tok');
    const buy = await screen.findByLabelText(t.form.buyRate);
    expect((buy as HTMLInputElement).value).toBe('35.50');
    const sell = screen.getByLabelText(t.form.sellRate);
    await userEvent.clear(sell);
    await userEvent.type(sell, '36.00');
    await userEvent.click(screen.getByRole('button', { name: t.form.submit }));
    expect(await screen.findByText(messageFor(40010, 'en'))).toBeTruthy();
    expect(api.called('setRates')).toEqual([]);

    await userEvent.clear(sell);
    await userEvent.type(sell, '34.90');
    await userEvent.click(screen.getByRole('button', { name: t.form.submit }));
    await screen.findByText(t.form.saved);
    expect(api.called('setRates')[0]?.body).toEqual({
      buyRate: '35.50',
      sellRate: '34.90',
      sellFeePercent: '1.00',
    });
  });

  it('shows the history to a viewer, without the form', async () => {
    ratesApi(profile('viewer'));
    await renderConsole('/rates', 'tok');
    expect(await screen.findByRole('table', { name: t.history.title })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Buy and sell rates over time/ })).toBeTruthy();
    expect(screen.queryByLabelText(t.form.buyRate)).toBeNull();
  });

  it("names who set each rate in the console's language: a staff username as it is, the system in words", async () => {
    localStorage.setItem('adminLanguage', 'th');
    try {
      ratesApi(profile('viewer'));
      await renderConsole('/rates', 'tok');
      const table = await screen.findByRole('table', { name: th.history.title });
      const cells = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.lastElementChild?.textContent);
      expect(cells).toEqual(['admin', audit.actorType.system]);
    } finally {
      localStorage.removeItem('adminLanguage');
    }
  });

  /** The answer to a change far from the rates in force: 40011 with what the console asks about. */
  const unconfirmed = (check: RateChangeCheck) => ({
    code: 40011,
    message: messageFor(40011, 'en'),
    result: { period: check },
  });
  /** Types the slipped rates 3.55 / 3.48 (for 35.50 / 34.80) into the form. */
  async function typeRates(buyLabel: string, sellLabel: string) {
    for (const [label, value] of [
      [buyLabel, '3.55'],
      [sellLabel, '3.48'],
    ] as const) {
      const field = await screen.findByLabelText(label);
      await userEvent.clear(field);
      await userEvent.type(field, value);
    }
  }
  const CHECK: RateChangeCheck = {
    current: { buyRate: '35.50', sellRate: '34.80', sellFeePercent: '1.00', netSellRate: '34.46' },
    proposed: { buyRate: '3.55', sellRate: '3.48', sellFeePercent: '1.00', netSellRate: '3.45' },
    buyChangePercent: '-90.00',
    sellChangePercent: '-90.00',
    netSellChangePercent: '-90.00',
    reference: null,
    confirmPercent: 3,
    maxPercent: 15,
    needsApproval: false,
  };

  it('asks again for a change past the confirm bound, naming both rates and the change in per cent, in Thai, and resends it confirmed', async () => {
    localStorage.setItem('adminLanguage', 'th');
    try {
      const api = ratesApi(profile('admin'), {
        setRates: (r) =>
          (r.body as { confirmed?: boolean }).confirmed
            ? ok({ ...(r.body as object), updatedAt: '2026-11-23T01:00:00.000Z', proposal: null })
            : unconfirmed(CHECK),
      });
      await renderConsole('/rates', 'tok');
      await typeRates(th.form.buyRate, th.form.sellRate);
      await userEvent.click(screen.getByRole('button', { name: th.form.submit }));

      const dialog = await screen.findByRole('alertdialog', { name: th.change.confirmTitle });
      // Thai compounds are drawn in spans of their own (decision 0072): the paragraph holds the whole text.
      const text = th.change.confirmText.replace('{{percent}}', '3');
      expect(
        within(dialog).getByText((_, el) => el?.tagName === 'P' && el.textContent === text),
      ).toBeTruthy();
      const buyRow = within(dialog).getByRole('row', { name: new RegExp(th.history.buy) });
      expect(buyRow.textContent).toContain('35.50');
      expect(buyRow.textContent).toContain('3.55');
      expect(buyRow.textContent).toContain('−90.00 %');
      expect(api.called('setRates')).toHaveLength(1);

      await userEvent.click(within(dialog).getByRole('button', { name: th.change.confirm }));
      await screen.findByText(th.form.saved);
      expect(api.called('setRates')[1]?.body).toEqual({
        buyRate: '3.55',
        sellRate: '3.48',
        sellFeePercent: '1.00',
        confirmed: true,
      });
    } finally {
      localStorage.removeItem('adminLanguage');
    }
  });

  it('says a change past the max bound becomes a proposal for another admin, and proposes it', async () => {
    const api = ratesApi(profile('admin'), {
      setRates: (r) =>
        (r.body as { confirmed?: boolean }).confirmed
          ? ok({ ...HISTORY.items[0], updatedAt: '2026-11-23T01:00:00.000Z', proposal: PROPOSAL })
          : unconfirmed({ ...CHECK, needsApproval: true }),
    });
    await renderConsole('/rates', 'tok');
    await typeRates(t.form.buyRate, t.form.sellRate);
    await userEvent.click(screen.getByRole('button', { name: t.form.submit }));
    const dialog = await screen.findByRole('alertdialog', { name: t.change.proposeTitle });
    expect(within(dialog).getByText(t.change.proposeText.replace('{{percent}}', '15'))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: t.change.propose }));
    await screen.findByText(t.form.proposed);
    expect(api.called('setRates')[1]?.body).toMatchObject({ buyRate: '3.55', confirmed: true });
  });

  const PROPOSAL: RateProposal = {
    id: 7,
    buyRate: '3.55',
    sellRate: '3.48',
    sellFeePercent: '1.00',
    netSellRate: '3.45',
    from: { buyRate: '35.50', sellRate: '34.80', sellFeePercent: '1.00', netSellRate: '34.46' },
    buyChangePercent: '-90.00',
    sellChangePercent: '-90.00',
    netSellChangePercent: '-90.00',
    reference: null,
    proposedBy: 'alice',
    createdAt: '2026-11-23T02:00:00.000Z',
  };

  it('lists the proposal waiting for a second admin, who approves it', async () => {
    let pending = [PROPOSAL];
    const api = ratesApi(profile('admin'), {
      rateProposals: () => ok({ items: pending }),
      approveRateProposal: () => {
        pending = [];
        return ok({ ...HISTORY.items[0], updatedAt: '2026-11-23T03:00:00.000Z' });
      },
    });
    await renderConsole('/rates', 'tok');
    const panel = within(await screen.findByRole('region', { name: t.proposal.title }));
    expect(panel.getByText(/alice/)).toBeTruthy();
    expect(panel.getByRole('row', { name: new RegExp(t.history.buy) }).textContent).toContain('−90.00 %');
    await userEvent.click(panel.getByRole('button', { name: t.proposal.approve }));
    await screen.findByText(t.proposal.approved);
    expect(api.called('approveRateProposal').map((r) => r.path)).toEqual([
      '/api/admin/rates/proposals/7/approve',
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: t.proposal.title })).toBeNull());
  });

  it('shows its proposer that another admin must decide, without the buttons', async () => {
    ratesApi(profile('admin', { username: 'alice' }), { rateProposals: () => ok({ items: [PROPOSAL] }) });
    await renderConsole('/rates', 'tok');
    const own = within(await screen.findByRole('region', { name: t.proposal.title }));
    expect(own.getByText(t.proposal.yours)).toBeTruthy();
    expect(own.queryByRole('button', { name: t.proposal.approve })).toBeNull();
  });
  it('shows the sell fee before and after in the confirm dialog, with how far it moves what a seller gets, and the reference rates', async () => {
    const feeCheck: RateChangeCheck = {
      ...CHECK,
      proposed: { buyRate: '35.50', sellRate: '34.80', sellFeePercent: '99.999', netSellRate: '0.01' },
      buyChangePercent: '0.00',
      sellChangePercent: '0.00',
      netSellChangePercent: '-100.00',
      reference: {
        rates: { buyRate: '35.00', sellRate: '34.00', sellFeePercent: '1.00', netSellRate: '33.66' },
        since: '2026-11-20T01:00:00.000Z',
        buyChangePercent: '1.43',
        sellChangePercent: '2.35',
        netSellChangePercent: '-99.99',
      },
      needsApproval: true,
    };
    ratesApi(profile('admin'), { setRates: () => unconfirmed(feeCheck) });
    await renderConsole('/rates', 'tok');
    const fee = await screen.findByLabelText(t.form.fee);
    await userEvent.clear(fee);
    await userEvent.type(fee, '99.999');
    await userEvent.click(screen.getByRole('button', { name: t.form.submit }));

    const dialog = await screen.findByRole('alertdialog', { name: t.change.proposeTitle });
    const inForce = within(within(dialog).getByRole('table', { name: t.change.caption }));
    const feeRow = inForce.getByRole('row', { name: new RegExp(`^${t.change.fee}`) });
    expect(feeRow.textContent).toContain('1.00 %');
    expect(feeRow.textContent).toContain('99.999 %');
    const net = inForce.getByRole('row', { name: new RegExp(`^${t.change.netSell}`) });
    expect(net.textContent).toContain('34.46');
    expect(net.textContent).toContain('0.01');
    expect(net.textContent).toContain('−100.00 %');

    const reference = within(within(dialog).getByRole('table', { name: t.change.referenceCaption }));
    expect(reference.getByRole('row', { name: new RegExp(`^${t.history.buy}`) }).textContent).toContain(
      '+1.43 %',
    );
    expect(
      within(dialog).getByText(new RegExp(t.change.referenceText.split('{{when}}')[0] ?? '')),
    ).toBeTruthy();
  });

  it('keeps the rates in force and a pending proposal apart: after proposing, the form is back at the rates in force and saving again sends nothing', async () => {
    let pending: RateProposal[] = [];
    const api = ratesApi(profile('admin'), {
      rateProposals: () => ok({ items: pending }),
      setRates: (r) => {
        if (!(r.body as { confirmed?: boolean }).confirmed)
          return unconfirmed({ ...CHECK, needsApproval: true });
        pending = [PROPOSAL];
        return ok({ ...HISTORY.items[0], updatedAt: '2026-11-23T01:00:00.000Z', proposal: PROPOSAL });
      },
    });
    await renderConsole('/rates', 'tok');
    await typeRates(t.form.buyRate, t.form.sellRate);
    await userEvent.click(screen.getByRole('button', { name: t.form.submit }));
    const dialog = await screen.findByRole('alertdialog', { name: t.change.proposeTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.change.propose }));
    await screen.findByText(t.form.proposed);

    // The proposal is its own card; the form shows the rates in force again.
    const card = within(await screen.findByRole('region', { name: t.proposal.title }));
    expect(card.getByRole('row', { name: new RegExp(`^${t.history.buy}`) }).textContent).toContain('3.55');
    const form = within(screen.getByRole('form', { name: t.form.title }));
    expect((form.getByLabelText(t.form.buyRate) as HTMLInputElement).value).toBe('35.50');
    expect((form.getByLabelText(t.form.sellRate) as HTMLInputElement).value).toBe('34.80');
    expect(form.getByText(/35\.50/)).toBeTruthy();

    await userEvent.click(form.getByRole('button', { name: t.form.submit }));
    expect(await form.findByText(t.form.unchanged)).toBeTruthy();
    expect(api.called('setRates')).toHaveLength(2);
  });
});
