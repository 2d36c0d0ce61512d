import { E, messageFor, ORDER_REJECT_REASONS } from '@bahtdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, heldAnswer, mockApi, ok, profile, renderConsole, wholeText } from '../../../test/app.tsx';
import kycT from '../../locales/en/kyc.json';
import t from '../../locales/en/orders.json';
import auditTh from '../../locales/th/audit.json';
import th from '../../locales/th/orders.json';

const AT = '2026-11-23T01:00:00.000Z';
/** USDT transfer hashes as BEP20 writes them (the order's network). */
const HASH_A = `0x${'fe'.repeat(32)}`;
const HASH_B = `0x${'5e'.repeat(32)}`;

const order = {
  id: 'B2611230001',
  type: 'buy',
  status: 'request',
  createdAt: AT,
  currency: 'USDT',
  rate: '35.00',
  amountThb: '35000.00',
  amountUsdt: '1000.00',
  fee: '0.00',
  total: '35000.00',
  feePercent: '0.00',
  deadlineAt: AT,
  network: 'BEP20',
  usdtAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  bankAccount: null,
  deskBankAccount: { bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co., Ltd.' },
  deskAddress: null,
  payment: {
    method: 'cash_deposit',
    depositAmount: '35000.00',
    depositAt: AT,
    location: null,
    appointmentAt: null,
    txHash: null,
    proofUrl: '/api/files/55',
  },
  confirmedAt: AT,
  payoutReference: null,
  reasonCode: null,
  reason: null,
};

const detail = (patch: Record<string, unknown> = {}, orderPatch: Record<string, unknown> = {}) => ({
  order: { ...order, ...orderPatch },
  member: {
    id: 7,
    username: 'somchai',
    firstName: 'Somchai',
    lastName: 'Jaidee',
    phone: '0812345678',
    kycStatus: 'verified',
  },
  proofFileId: 55,
  slipNameChecked: false,
  duplicates: [],
  history: [],
  kycHistory: [],
  otherOrders: [],
  decidedBy: null,
  decidedAt: null,
  deskAccounts: [{ bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co., Ltd.' }],
  ...patch,
});

/** A sell awaiting staff, paid out to a bank account in `accountName` (its number masked, as the server sends it). */
const sellTo = (accountName: string) => ({
  type: 'sell',
  bankAccount: { bankCode: 'KBANK', accountNumber: 'xxx-x-x4321-0', accountName },
  payment: { ...order.payment, method: 'usdt_transfer', txHash: '0xabc' },
});

const image = () =>
  new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:image'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const button = (name: string) => screen.findByRole('button', { name });

describe('one order at the desk', () => {
  it("rule: the order names the desk's account or address the member was shown when it was placed; an older order says not recorded", async () => {
    mockApi({
      me: () => ok(profile('viewer')),
      staffOrder: (r) => {
        if (r.path.endsWith('B2611230001')) return ok(detail());
        if (r.path.endsWith('S2611230002'))
          return ok(
            detail(
              {},
              {
                ...sellTo('Somchai Jaidee'),
                id: 'S2611230002',
                deskAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
              },
            ),
          );
        return ok(detail({}, { id: 'B2611230003', deskBankAccount: null }));
      },
      staffFile: image,
    });
    const fact = async (term: string) =>
      (await screen.findByText(term, { selector: 'dt' })).nextElementSibling?.textContent;
    for (const [path, term, shown] of [
      ['/orders/B2611230001', t.detail.deskAccount, 'Kasikornbank · 123-4-56789-0 · BahtDesk Co., Ltd.'],
      ['/orders/S2611230002', t.detail.deskAddress, '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ] as const) {
      const view = await renderConsole(path, 'tok');
      expect(await fact(term)).toBe(shown);
      view.unmount();
    }
    await renderConsole('/orders/B2611230003', 'tok');
    expect(await fact(t.detail.deskAccount)).toBe(t.detail.notRecorded);
  });

  it('shows the slip beside the legal name and the phone grouped, flags earlier orders with the same slip, links the tx hash', async () => {
    mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () =>
        ok(
          detail(
            { duplicates: [{ id: 'B2611220007', status: 'success', by: 'qr' }] },
            { payment: { ...order.payment, txHash: '0xabc123' } },
          ),
        ),
      staffFile: image,
    });
    await renderConsole('/orders/B2611230001', 'tok');
    expect(await screen.findByRole('img', { name: t.detail.slip })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Somchai Jaidee' }).getAttribute('href')).toBe('#/members/7');
    expect(screen.getByText('081-234-5678')).toBeTruthy();
    const duplicates = within(screen.getByRole('region', { name: t.detail.duplicatesTitle }));
    expect(duplicates.getByRole('link', { name: 'B2611220007' }).getAttribute('href')).toBe(
      '#/orders/B2611220007',
    );
    expect(duplicates.getByText(/same QR code/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /0xabc123/ }).getAttribute('href')).toBe(
      'https://bscscan.com/tx/0xabc123',
    );
  });

  it("shows the member's identity reviews and their other orders, each linking to its screen", async () => {
    mockApi({
      me: () => ok(profile('viewer')),
      staffOrder: () =>
        ok(
          detail({
            kycHistory: [
              {
                id: 31,
                memberId: 7,
                username: 'somchai',
                firstName: 'Somchai',
                lastName: 'Jaidee',
                status: 'verified',
                submittedAt: AT,
                decidedAt: AT,
                decidedBy: 'anong',
                reasonCode: null,
                note: null,
              },
            ],
            otherOrders: [
              {
                id: 'S2611220003',
                type: 'sell',
                status: 'reject',
                amountThb: '17226.00',
                amountUsdt: '500.00',
                createdAt: AT,
              },
            ],
          }),
        ),
      staffFile: image,
    });
    await renderConsole('/orders/B2611230001', 'tok');
    const reviews = within(await screen.findByRole('region', { name: t.detail.memberReviews }));
    expect(reviews.getByText(kycT.status.verified)).toBeTruthy();
    expect(reviews.getByText(/anong/)).toBeTruthy();
    expect(reviews.getByRole('link').getAttribute('href')).toBe('#/kyc/31');
    const others = within(screen.getByRole('region', { name: t.detail.otherOrders }));
    expect(others.getByRole('link', { name: 'S2611220003' }).getAttribute('href')).toBe(
      '#/orders/S2611220003',
    );
    expect(others.getByText(t.type.sell)).toBeTruthy();
    expect(others.getByText(t.status.reject)).toBeTruthy();
    expect(others.getByText(/17,226\.00/)).toBeTruthy();
    expect(others.getByText(/500\.00/)).toBeTruthy();
    expect(others.queryByText(t.detail.noOtherOrders)).toBeNull();
  });

  it('says so when the member has no identity review and no other order', async () => {
    mockApi({ me: () => ok(profile('viewer')), staffOrder: () => ok(detail()), staffFile: image });
    await renderConsole('/orders/B2611230001', 'tok');
    const reviews = within(await screen.findByRole('region', { name: t.detail.memberReviews }));
    expect(reviews.getByText(kycT.history.empty)).toBeTruthy();
    const others = within(screen.getByRole('region', { name: t.detail.otherOrders }));
    expect(others.getByText(t.detail.noOtherOrders)).toBeTruthy();
    expect(others.queryByRole('table')).toBeNull();
  });

  it('shows a viewer the order but no decision', async () => {
    mockApi({ me: () => ok(profile('viewer')), staffOrder: () => ok(detail()) });
    await renderConsole('/orders/B2611230001', 'tok');
    expect(await screen.findByText('Somchai Jaidee')).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.complete.submit })).toBeNull();
    expect(screen.queryByRole('button', { name: t.reject.submit })).toBeNull();
  });

  it('offers no decision on an order that is not awaiting staff', async () => {
    mockApi({
      me: () => ok(profile('admin')),
      staffOrder: () => ok(detail({}, { status: 'pending', confirmedAt: null })),
      staffFile: image,
    });
    await renderConsole('/orders/B2611230001', 'tok');
    expect(await screen.findByText(t.status.pending)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.complete.submit })).toBeNull();
    expect(screen.queryByRole('button', { name: t.reject.submit })).toBeNull();
  });

  it("will not complete a cash deposit until the slip's name and the deposit seen in the desk's account are ticked, then asks before sending", async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () => ok(detail()),
      staffFile: image,
      completeOrder: () => ok(detail({}, { status: 'success' })),
    });
    await renderConsole('/orders/B2611230001', 'tok');
    await userEvent.type(screen.getByLabelText(t.complete.txHash), HASH_A);
    await userEvent.click(await button(t.complete.submit));
    expect(await screen.findByText(messageFor(E.SLIP_NAME_CHECK_REQUIRED.code, 'en'))).toBeTruthy();
    expect(screen.getByText(messageFor(E.DEPOSIT_SEEN_CHECK_REQUIRED.code, 'en'))).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(screen.getByLabelText('The name on the slip matches Somchai Jaidee'));
    await userEvent.click(await button(t.complete.submit));
    expect(await screen.findByText(messageFor(E.DEPOSIT_SEEN_CHECK_REQUIRED.code, 'en'))).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // The tick names the amount and the desk's account the money is looked for in.
    await userEvent.click(
      screen.getByLabelText(
        'I saw 35,000.00 THB arrive in the desk’s account Kasikornbank 123-4-56789-0 (BahtDesk Co., Ltd.)',
      ),
    );
    await userEvent.click(await button(t.complete.submit));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.complete.confirmTitle }));
    expect(dialog.getByText(/I saw 35,000\.00 THB arrive/)).toBeTruthy();
    expect(api.called('completeOrder')).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: t.complete.submit }));
    await waitFor(() => expect(api.called('completeOrder')).toHaveLength(1));
    expect(api.called('completeOrder')[0]?.body).toEqual({
      payoutReference: HASH_A,
      slipNameMatches: true,
      depositSeen: true,
    });
  });

  it('completes a cash appointment before its day only with the tick that the member came early (50064); on its day asks none', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const appointment = (appointmentAt: string) =>
      detail(
        { proofFileId: null, deskAccounts: [] },
        { payment: { ...order.payment, method: 'cash_appointment', depositAmount: null, appointmentAt } },
      );
    let current = appointment(tomorrow);
    const api = mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () => ok(current),
      completeOrder: () => ok(detail({}, { status: 'success' })),
    });
    const { unmount } = await renderConsole('/orders/B2611230001', 'tok');
    await userEvent.type(await screen.findByLabelText(t.complete.txHash), HASH_A);
    expect(screen.queryByLabelText(/The name on the slip matches/)).toBeNull();
    await userEvent.click(await button(t.complete.submit));
    expect(await screen.findByText(messageFor(E.APPOINTMENT_EARLY_CHECK_REQUIRED.code, 'en'))).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByLabelText(/^The member came early: the appointment is on /));
    await userEvent.click(await button(t.complete.submit));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.complete.confirmTitle }));
    await userEvent.click(dialog.getByRole('button', { name: t.complete.submit }));
    await waitFor(() => expect(api.called('completeOrder')).toHaveLength(1));
    expect(api.called('completeOrder')[0]?.body).toEqual({ payoutReference: HASH_A, cameEarly: true });
    unmount();

    current = appointment(new Date().toISOString());
    await renderConsole('/orders/B2611230001', 'tok');
    await userEvent.type(await screen.findByLabelText(t.complete.txHash), HASH_B);
    expect(screen.queryByLabelText(/The member came early/)).toBeNull();
    await userEvent.click(await button(t.complete.submit));
    const sameDay = within(await screen.findByRole('alertdialog', { name: t.complete.confirmTitle }));
    await userEvent.click(sameDay.getByRole('button', { name: t.complete.submit }));
    await waitFor(() => expect(api.called('completeOrder')).toHaveLength(2));
    expect(api.called('completeOrder')[1]?.body).toEqual({ payoutReference: HASH_B });
  });

  it("refuses a TRON buy's payout hash written as an EVM chain writes it (50067) on its field, in English and in Thai, and shows the server's refusal there too", async () => {
    const tronBuy = detail(
      { proofFileId: null, deskAccounts: [] },
      {
        network: 'TRON',
        usdtAddress: 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi',
        payment: {
          ...order.payment,
          method: 'cash_appointment',
          depositAmount: null,
          appointmentAt: new Date().toISOString(),
        },
      },
    );
    const api = mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () => ok(tronBuy),
      completeOrder: () => fail(E.PAYOUT_HASH_INVALID.code, E.PAYOUT_HASH_INVALID.en),
    });
    const evmHash = `0x${'ab'.repeat(32)}`;
    const { unmount } = await renderConsole('/orders/B2611230001', 'tok');
    await userEvent.type(await screen.findByLabelText(t.complete.txHash), evmHash);
    await userEvent.click(await button(t.complete.submit));
    expect(await screen.findByText(E.PAYOUT_HASH_INVALID.variants.tron.en)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    unmount();

    localStorage.setItem('adminLanguage', 'th');
    await renderConsole('/orders/B2611230001', 'tok');
    const field = await screen.findByLabelText(th.complete.txHash);
    await userEvent.type(field, evmHash);
    await userEvent.click(await button(th.complete.submit));
    expect(await screen.findByText(wholeText(E.PAYOUT_HASH_INVALID.variants.tron.th))).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.called('completeOrder')).toEqual([]);

    // A TRON transaction id passes the form; the server's refusal of it is shown on the field.
    await userEvent.clear(field);
    await userEvent.type(field, 'ab'.repeat(32));
    await userEvent.click(await button(th.complete.submit));
    const dialog = within(await screen.findByRole('alertdialog', { name: th.complete.confirmTitle }));
    await userEvent.click(dialog.getByRole('button', { name: th.complete.submit }));
    await waitFor(() => expect(api.called('completeOrder')).toHaveLength(1));
    expect(api.called('completeOrder')[0]?.body).toEqual({ payoutReference: 'ab'.repeat(32) });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(wholeText(E.PAYOUT_HASH_INVALID.variants.tron.th)).length).toBeGreaterThan(0);
    localStorage.removeItem('adminLanguage');
  });

  it("shows a sell's payout account masked, and its full number only through the audited reveal", async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () => ok(detail({}, sellTo('Somchai Jaidee'))),
      staffFile: image,
      revealOrderAccount: () => ok({ accountNumber: '0987654321' }),
    });
    await renderConsole('/orders/B2611230001', 'tok');
    const form = within(await screen.findByRole('form', { name: t.complete.title }));
    expect(form.getByText('xxx-x-x4321-0')).toBeTruthy();
    expect(form.getByText(t.complete.revealHint)).toBeTruthy();
    expect(api.called('revealOrderAccount')).toEqual([]);
    await userEvent.click(form.getByRole('button', { name: t.complete.reveal }));
    expect(await form.findByText('098-7-65432-1')).toBeTruthy();
    expect(api.called('revealOrderAccount')).toHaveLength(1);
    expect(form.queryByRole('button', { name: t.complete.reveal })).toBeNull();
  });

  it('shows a viewer the payout account masked, with no way to the full number', async () => {
    const api = mockApi({
      me: () => ok(profile('viewer')),
      staffOrder: () => ok(detail({}, sellTo('Somchai Jaidee'))),
    });
    await renderConsole('/orders/B2611230001', 'tok');
    const facts = within(await screen.findByRole('region', { name: t.detail.order }));
    expect(facts.getByText('xxx-x-x4321-0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.complete.reveal })).toBeNull();
    expect(api.called('revealOrderAccount')).toEqual([]);
  });

  it('asks for a bank transfer reference on a sell, and refuses one that is not a reference', async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () =>
        ok(
          detail(
            {},
            { type: 'sell', payment: { ...order.payment, method: 'usdt_transfer', txHash: '0xabc' } },
          ),
        ),
      staffFile: image,
    });
    await renderConsole('/orders/B2611230001', 'tok');
    await userEvent.type(screen.getByLabelText(t.complete.bankReference), 'ab');
    await userEvent.click(await button(t.complete.submit));
    expect(await screen.findByText(messageFor(E.PAYOUT_REFERENCE_INVALID.code, 'en'))).toBeTruthy();
    expect(screen.queryByLabelText(/The name on the slip matches/)).toBeNull();
    expect(api.called('completeOrder')).toEqual([]);
  });

  it("marks a sell's bank account not in the member's name, and completes it only with the extra tick (50048)", async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () => ok(detail({}, sellTo('Malee Srisuk'))),
      staffFile: image,
      completeOrder: () => ok(detail({}, { ...sellTo('Malee Srisuk'), status: 'success' })),
    });
    await renderConsole('/orders/B2611230001', 'tok');
    const facts = within(await screen.findByRole('region', { name: t.detail.order }));
    expect(facts.getByText(t.detail.nameMismatch)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(t.complete.bankReference), 'KB-20261123-1');
    await userEvent.click(await button(t.complete.submit));
    expect(await screen.findByText(messageFor(E.PAYOUT_NAME_CHECK_REQUIRED.code, 'en'))).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(
      screen.getByLabelText('I checked: pay into Malee Srisuk although it is not in Somchai Jaidee’s name'),
    );
    await userEvent.click(await button(t.complete.submit));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.complete.confirmTitle }));
    await userEvent.click(dialog.getByRole('button', { name: t.complete.submit }));
    await waitFor(() => expect(api.called('completeOrder')).toHaveLength(1));
    expect(api.called('completeOrder')[0]?.body).toEqual({
      payoutReference: 'KB-20261123-1',
      otherNameAccepted: true,
    });
  });

  it("shows no mark and asks no extra tick for a sell's account in the member's name", async () => {
    mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () => ok(detail({}, sellTo('MR. SOMCHAI JAIDEE'))),
      staffFile: image,
    });
    await renderConsole('/orders/B2611230001', 'tok');
    expect(await screen.findByLabelText(t.complete.bankReference)).toBeTruthy();
    expect(screen.queryByText(t.detail.nameMismatch)).toBeNull();
    expect(screen.queryByLabelText(/I checked: pay into/)).toBeNull();
  });

  it("needs a reason to reject, and 'Another reason' needs the note in both languages", async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      staffOrder: () => ok(detail()),
      staffFile: image,
      rejectOrder: () => ok(detail({}, { status: 'reject' })),
    });
    await renderConsole('/orders/B2611230001', 'tok');
    await userEvent.click(await button(t.reject.submit));
    expect(await screen.findByText(t.reject.reasonRequired)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText(t.reject.reason), ORDER_REJECT_REASONS.other.en);
    await userEvent.type(screen.getByLabelText(t.reject.noteEn), 'Paid from a company account');
    await userEvent.click(await button(t.reject.submit));
    expect(await screen.findByText(messageFor(E.ORDER_REASON_REQUIRED.code, 'en'))).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.type(screen.getByLabelText(t.reject.noteTh), 'โอนจากบัญชีบริษัท');
    await userEvent.click(await button(t.reject.submit));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.reject.confirmTitle }));
    expect(api.called('rejectOrder')).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: t.reject.submit }));
    await waitFor(() => expect(api.called('rejectOrder')).toHaveLength(1));
    expect(api.called('rejectOrder')[0]?.body).toEqual({
      reasonCode: 'other',
      note: { en: 'Paid from a company account', th: 'โอนจากบัญชีบริษัท' },
    });
  });

  it('refuses a note in one language only, whatever the reason, with the error on the empty field (50045)', async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      staffOrder: () => ok(detail()),
      staffFile: image,
      rejectOrder: () => ok(detail({}, { status: 'reject' })),
    });
    await renderConsole('/orders/B2611230001', 'tok');
    await userEvent.selectOptions(screen.getByLabelText(t.reject.reason), 'amountMismatch');
    await userEvent.type(screen.getByLabelText(t.reject.noteTh), 'ยอดเงินไม่ตรง');
    await userEvent.click(await button(t.reject.submit));
    const en = await screen.findByLabelText(t.reject.noteEn);
    await waitFor(() => expect(en.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(messageFor(E.ORDER_REASON_REQUIRED.code, 'en'))).toBeTruthy();
    expect(screen.getByLabelText(t.reject.noteTh).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.type(en, 'Amount differs');
    await userEvent.click(await button(t.reject.submit));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.reject.confirmTitle }));
    await userEvent.click(dialog.getByRole('button', { name: t.reject.submit }));
    await waitFor(() => expect(api.called('rejectOrder')).toHaveLength(1));
    expect(api.called('rejectOrder')[0]?.body).toEqual({
      reasonCode: 'amountMismatch',
      note: { en: 'Amount differs', th: 'ยอดเงินไม่ตรง' },
    });
  });

  it('when another staff member decided first (50014), says so and shows what they decided', async () => {
    let current = detail();
    mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () => ok(current),
      staffFile: image,
      rejectOrder: () => {
        current = detail(
          { decidedBy: 'operator2', decidedAt: AT },
          { status: 'success', payoutReference: 'KB-1' },
        );
        return fail(E.TRANSACTION_STATUS_INVALID.code, messageFor(E.TRANSACTION_STATUS_INVALID.code, 'en'));
      },
    });
    await renderConsole('/orders/B2611230001', 'tok');
    await userEvent.selectOptions(screen.getByLabelText(t.reject.reason), 'amountMismatch');
    await userEvent.click(await button(t.reject.submit));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.reject.confirmTitle }));
    await userEvent.click(dialog.getByRole('button', { name: t.reject.submit }));
    expect(await screen.findByText(messageFor(E.TRANSACTION_STATUS_INVALID.code, 'en'))).toBeTruthy();
    expect(await screen.findByText(t.status.success)).toBeTruthy();
    expect(screen.getByText(/by operator2/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.reject.submit })).toBeNull();
  });

  it('in Thai, says baht for the amounts and names who acted in the history in Thai', async () => {
    localStorage.setItem('adminLanguage', 'th');
    mockApi({
      me: () => ok(profile('operator')),
      staffOrder: () =>
        ok(
          detail({
            history: [
              {
                id: 1,
                actorType: 'member',
                actorId: '7',
                actorName: 'somchai',
                action: 'order.create',
                target: 'order:B2611230001',
                before: null,
                after: null,
                reason: null,
                ip: null,
                outcome: 'success',
                createdAt: AT,
              },
            ],
          }),
        ),
      staffFile: image,
    });
    await renderConsole('/orders/B2611230001', 'tok');
    await screen.findByRole('heading', { level: 2, name: th.detail.order });
    expect(screen.getAllByText(th.detail.thbValue.replace('{{amount}}', '35,000.00')).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByText(/\bTHB\b/)).toBeNull();
    expect(screen.getByText(`(${auditTh.actorType.member})`)).toBeTruthy();
    localStorage.removeItem('adminLanguage');
  });
});

describe('switching orders', () => {
  it("shows nothing of order A under order B's heading, and B's form starts empty and unticked", async () => {
    const B = 'B2611230002';
    const answerB = heldAnswer();
    mockApi({
      me: () => ok(profile('operator')),
      staffOrder: async (request) => {
        if (request.path.endsWith(order.id)) {
          return ok(
            detail({
              otherOrders: [
                {
                  id: B,
                  type: 'buy',
                  status: 'request',
                  amountThb: '12345.00',
                  amountUsdt: '352.71',
                  createdAt: AT,
                },
              ],
            }),
          );
        }
        await answerB.opened;
        return ok(
          detail(
            { member: { ...detail().member, id: 8, firstName: 'Malee', lastName: 'Srisuk' } },
            {
              id: B,
              amountThb: '12345.00',
              total: '12345.00',
              amountUsdt: '352.71',
              payment: { ...order.payment, depositAmount: '12345.00' },
            },
          ),
        );
      },
      staffFile: image,
    });
    await renderConsole(`/orders/${order.id}`, 'tok');
    await userEvent.type(await screen.findByLabelText(t.complete.txHash), HASH_A);
    await userEvent.click(screen.getByLabelText('The name on the slip matches Somchai Jaidee'));
    expect(screen.getAllByText(/35,000\.00/).length).toBeGreaterThan(0);

    const others = within(screen.getByRole('region', { name: t.detail.otherOrders }));
    await userEvent.click(others.getByRole('link', { name: B }));
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(B) })).toBeTruthy();
    // While B loads, none of A's figures, member or form are on screen.
    expect(screen.queryByText(/35,000\.00/)).toBeNull();
    expect(screen.queryByText(/Somchai/)).toBeNull();
    expect(screen.queryByDisplayValue(HASH_A)).toBeNull();

    answerB.open();
    const reference = (await screen.findByLabelText(t.complete.txHash)) as HTMLInputElement;
    expect(reference.value).toBe('');
    expect(
      (screen.getByLabelText('The name on the slip matches Malee Srisuk') as HTMLInputElement).checked,
    ).toBe(false);
    expect(screen.queryByText(/35,000\.00/)).toBeNull();
    expect(screen.queryByText(/Somchai/)).toBeNull();
  });
});
