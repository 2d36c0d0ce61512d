import { E, KYC_REJECT_REASONS, messageFor } from '@bahtdesk/contract';
import { goTo } from '@bahtdesk/ui/navigation';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, fail, heldAnswer, mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import { waitedMinutes } from '../../lib/waitingTime.ts';
import t from '../../locales/en/kyc.json';

const SUBMITTED = '2026-11-23T01:00:00.000Z';

const summary = {
  id: 12,
  memberId: 7,
  username: 'somchai',
  firstName: 'Somchai',
  lastName: 'Jaidee',
  status: 'waiting',
  documentType: 'passport',
  submittedAt: SUBMITTED,
  decidedAt: null,
  decidedBy: null,
  reasonCode: null,
  note: null,
};

const submission = {
  ...summary,
  member: { phone: '0812345678', email: 'somchai@example.com', createdAt: SUBMITTED },
  idCardNumber: null,
  passportNumber: 'AA1234567',
  usdtAddresses: [
    {
      id: 3,
      network: 'BEP20',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      nickname: null,
      uid: '12345678',
      createdAt: SUBMITTED,
      usableFrom: SUBMITTED,
    },
  ],
  images: { passportImage: 101, holdingPassportImage: 102, screenshot1Image: 103, screenshot2Image: 104 },
};

const image = () =>
  new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:image'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('identity reviews in the console', () => {
  it('lists waiting submissions with how long each has waited, each opening its review', async () => {
    mockApi({
      me: () => ok(profile('operator')),
      kycQueue: () => ok({ items: [summary], total: 1, page: 1, pageSize: 100 }),
    });
    await renderConsole('/kyc', 'tok');
    const link = await screen.findByRole('link', { name: 'Somchai Jaidee' });
    expect(link.getAttribute('href')).toBe('#/kyc/12');
    const minutes = waitedMinutes(SUBMITTED, Date.now());
    expect(screen.getByText(`${Math.floor(minutes / 60)} h ${minutes % 60} min`)).toBeTruthy();
  });

  it('shows the four images read with the staff token, the member and their exchange UIDs', async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      kycSubmission: () => ok(submission),
      staffFile: image,
    });
    await renderConsole('/kyc/12', 'tok');
    expect(await screen.findByRole('img', { name: t.slots.passportImage })).toBeTruthy();
    await waitFor(() => expect(api.called('staffFile')).toHaveLength(4));
    expect(api.called('staffFile').map((r) => r.headers.Authorization)).toEqual(Array(4).fill('Bearer tok'));
    expect(screen.getByText('somchai@example.com')).toBeTruthy();
    expect(screen.getByText(/UID 12345678/)).toBeTruthy();
  });

  it('shows which document the member sent: a Thai ID card with its number as printed, and its photos named for it', async () => {
    mockApi({
      me: () => ok(profile('operator')),
      kycSubmission: () => ok({ ...submission, documentType: 'thaiIdCard', idCardNumber: '1103700012346' }),
      staffFile: image,
    });
    await renderConsole('/kyc/12', 'tok');
    expect(await screen.findByRole('img', { name: t.idCardSlots.passportImage })).toBeTruthy();
    expect(screen.getByRole('img', { name: t.idCardSlots.holdingPassportImage })).toBeTruthy();
    expect(screen.getByRole('img', { name: t.slots.screenshot1Image })).toBeTruthy();
    expect(screen.getByText(t.documentType.thaiIdCard)).toBeTruthy();
    expect(screen.getByText('1-1037-00012-34-6')).toBeTruthy();
  });

  it("rule: a passport's number is shown on its review, and one sent without it says not recorded", async () => {
    mockApi({
      me: () => ok(profile('operator')),
      kycSubmission: (r) =>
        ok(r.path.endsWith('/12') ? submission : { ...submission, id: 13, passportNumber: null }),
      staffFile: image,
    });
    const view = await renderConsole('/kyc/12', 'tok');
    const facts = (await screen.findByText(t.review.passportNumber)).closest('dl') as HTMLElement;
    expect(within(facts).getByText('AA1234567')).toBeTruthy();
    view.unmount();
    await renderConsole('/kyc/13', 'tok');
    const older = (await screen.findByText(t.review.passportNumber)).closest('dl') as HTMLElement;
    expect(within(older).getByText(t.review.notRecorded)).toBeTruthy();
  });

  it('lists the document type of each submission in the queue', async () => {
    mockApi({
      me: () => ok(profile('operator')),
      kycQueue: () =>
        ok({ items: [{ ...summary, documentType: 'thaiIdCard' }], total: 1, page: 1, pageSize: 100 }),
    });
    await renderConsole('/kyc', 'tok');
    const row = (await screen.findByRole('link', { name: 'Somchai Jaidee' })).closest('tr') as HTMLElement;
    expect(within(row).getByText(t.documentType.thaiIdCard)).toBeTruthy();
  });

  it('approves only after a confirmation, then goes back to the queue', async () => {
    const api = mockApi({
      me: () => ok(profile('operator')),
      kycSubmission: () => ok(submission),
      staffFile: image,
      decideKyc: () => ok({ ...summary, status: 'verified' }),
      kycQueue: () => ok({ items: [], total: 0, page: 1, pageSize: 100 }),
    });
    await renderConsole('/kyc/12', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: t.review.approve }));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.review.approveTitle }));
    expect(api.called('decideKyc')).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: t.review.approve }));
    await waitFor(() => expect(currentPath()).toBe('/kyc'));
    expect(api.called('decideKyc')[0]?.body).toEqual({ decision: 'verified' });
  });

  it("rejecting needs a reason, and 'Another reason' needs a note; nothing is sent without them", async () => {
    const api = mockApi({
      me: () => ok(profile('admin')),
      kycSubmission: () => ok(submission),
      staffFile: image,
      decideKyc: () => ok({ ...summary, status: 'failed' }),
      kycQueue: () => ok({ items: [], total: 0, page: 1, pageSize: 100 }),
    });
    await renderConsole('/kyc/12', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: t.review.reject }));
    expect(await screen.findByText(t.review.reasonRequired)).toBeTruthy();
    // The kit's select, styled and labelled as every other field of the console.
    expect(screen.getByLabelText(t.review.reason).className).toBe('field__input');
    await userEvent.selectOptions(screen.getByLabelText(t.review.reason), 'other');
    await userEvent.click(screen.getByRole('button', { name: t.review.reject }));
    expect(await screen.findByText(messageFor(E.KYC_REASON_REQUIRED.code, 'en'))).toBeTruthy();
    expect(api.called('decideKyc')).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText(t.review.reason), 'paperMissing');
    await userEvent.type(screen.getByLabelText(/Note to the member/), 'No date on the paper');
    await userEvent.click(screen.getByRole('button', { name: t.review.reject }));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.review.rejectTitle }));
    expect(dialog.getByText(KYC_REJECT_REASONS.paperMissing.en)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: t.review.reject }));
    await waitFor(() => expect(api.called('decideKyc')).toHaveLength(1));
    expect(api.called('decideKyc')[0]?.body).toEqual({
      decision: 'failed',
      reasonCode: 'paperMissing',
      note: 'No date on the paper',
    });
  });

  it('says so when another staff member decided first (31008)', async () => {
    mockApi({
      me: () => ok(profile('operator')),
      kycSubmission: () => ok(submission),
      staffFile: image,
      decideKyc: () => fail(E.KYC_ALREADY_DECIDED.code, messageFor(E.KYC_ALREADY_DECIDED.code, 'en')),
      kycQueue: () => ok({ items: [], total: 0, page: 1, pageSize: 100 }),
    });
    await renderConsole('/kyc/12', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: t.review.approve }));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.review.approveTitle }));
    await userEvent.click(dialog.getByRole('button', { name: t.review.approve }));
    await waitFor(() => expect(currentPath()).toBe('/kyc'));
  });

  it("shows nothing of submission A once submission B is opened, and B's decision form starts empty", async () => {
    const answerB = heldAnswer();
    mockApi({
      me: () => ok(profile('operator')),
      kycSubmission: async (request) => {
        if (request.path.endsWith('/12')) return ok(submission);
        await answerB.opened;
        return ok({
          ...submission,
          id: 13,
          memberId: 8,
          username: 'malee',
          firstName: 'Malee',
          lastName: 'Srisuk',
          usdtAddresses: [],
        });
      },
      staffFile: image,
    });
    await renderConsole('/kyc/12', 'tok');
    await userEvent.selectOptions(await screen.findByLabelText(t.review.reason), 'other');
    await userEvent.type(screen.getByLabelText(t.review.note), 'Photo of A is blurred');
    expect(screen.getByText('Somchai Jaidee')).toBeTruthy();

    await act(async () => goTo('/kyc/13'));
    // While B loads, nothing of A is on screen.
    expect(screen.queryByText('Somchai Jaidee')).toBeNull();
    expect(screen.queryByDisplayValue('Photo of A is blurred')).toBeNull();
    expect(screen.queryByText('12345678', { exact: false })).toBeNull();

    answerB.open();
    expect(await screen.findByText('Malee Srisuk')).toBeTruthy();
    expect((screen.getByLabelText(t.review.note) as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText(t.review.reason) as HTMLSelectElement).value).toBe('');
    expect(screen.queryByText('Somchai Jaidee')).toBeNull();
  });
});
