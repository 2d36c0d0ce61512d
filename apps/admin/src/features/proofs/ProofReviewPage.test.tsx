import { E, INCOME_PROOF_REFUSE_REASONS, messageFor } from '@bahtdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, fail, mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import members from '../../locales/en/members.json';
import t from '../../locales/en/proofs.json';

const SUBMITTED = '2026-11-23T01:00:00.000Z';
const ROOM = {
  dayLimit: '200000.00',
  monthLimit: '1000000.00',
  leftToday: '200000.00',
  leftThisMonth: '1000000.00',
};
const LEVEL = { level: 1, buy: ROOM, sell: ROOM, setBy: null, setAt: null, note: null };

const proof = {
  id: 5,
  memberId: 7,
  username: 'somchai',
  firstName: 'Somchai',
  lastName: 'Jaidee',
  kind: 'bankStatement',
  status: 'waiting',
  submittedAt: SUBMITTED,
  decidedAt: null,
  decidedBy: null,
  reasonCode: null,
  note: null,
  images: [201, 202],
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

const reviewing = (extra: Record<string, unknown> = {}) =>
  mockApi({
    me: () => ok(profile('operator')),
    incomeProof: () => ok(proof),
    memberLevel: () => ok(LEVEL),
    staffFile: image,
    incomeProofQueue: () => ok({ items: [], total: 0, page: 1, pageSize: 100 }),
    ...extra,
  });

describe('income proof reviews in the console', () => {
  it('lists waiting proofs with their kind and pages, each opening its review', async () => {
    mockApi({
      me: () => ok(profile('operator')),
      incomeProofQueue: () => ok({ items: [proof], total: 1, page: 1, pageSize: 100 }),
    });
    await renderConsole('/proofs', 'tok');
    const link = await screen.findByRole('link', { name: 'Somchai Jaidee' });
    expect(link.getAttribute('href')).toBe('#/proofs/5');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Bank statement')).toBeTruthy();
  });

  it('shows each page read with the staff token, and the member', async () => {
    const api = reviewing();
    await renderConsole('/proofs/5', 'tok');
    expect(await screen.findByRole('img', { name: 'Page 2' })).toBeTruthy();
    await waitFor(() => expect(api.called('staffFile')).toHaveLength(2));
    expect(api.called('staffFile').map((r) => r.headers.Authorization)).toEqual(['Bearer tok', 'Bearer tok']);
    expect(screen.getAllByText('Somchai Jaidee').length).toBeGreaterThan(0);
  });

  it("rule: the pages and the decision come first, the member's level and the form to set it after them", async () => {
    reviewing();
    await renderConsole('/proofs/5', 'tok');
    const level = await screen.findByRole('region', { name: members.level.title });
    const lastPage = await screen.findByRole('img', { name: 'Page 2' });
    const accept = screen.getByRole('button', { name: t.review.accept });
    expect(lastPage.compareDocumentPosition(level) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(accept.compareDocumentPosition(level) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('accepts only after a confirmation, then goes back to the queue', async () => {
    const api = reviewing({ decideIncomeProof: () => ok({ ...proof, status: 'accepted' }) });
    await renderConsole('/proofs/5', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: t.review.accept }));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.review.acceptTitle }));
    expect(api.called('decideIncomeProof')).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: t.review.accept }));
    await waitFor(() => expect(currentPath()).toBe('/proofs'));
    expect(api.called('decideIncomeProof')[0]?.body).toEqual({ decision: 'accepted' });
  });

  it("refusing needs a reason from the kit's select, and 'Another reason' needs a note; nothing is sent without them", async () => {
    const api = reviewing({ decideIncomeProof: () => ok({ ...proof, status: 'refused' }) });
    await renderConsole('/proofs/5', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: t.review.refuse }));
    expect(await screen.findByText(t.review.reasonRequired)).toBeTruthy();
    expect(screen.getByLabelText(t.review.reason).className).toBe('field__input');
    await userEvent.selectOptions(screen.getByLabelText(t.review.reason), 'other');
    await userEvent.click(screen.getByRole('button', { name: t.review.refuse }));
    expect(await screen.findByText(messageFor(E.INCOME_PROOF_REASON_REQUIRED.code, 'en'))).toBeTruthy();
    expect(api.called('decideIncomeProof')).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText(t.review.reason), 'tooOld');
    await userEvent.type(screen.getByLabelText(/Note to the member/), 'Send this month');
    await userEvent.click(screen.getByRole('button', { name: t.review.refuse }));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.review.refuseTitle }));
    expect(dialog.getByText(INCOME_PROOF_REFUSE_REASONS.tooOld.en)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: t.review.refuse }));
    await waitFor(() => expect(api.called('decideIncomeProof')).toHaveLength(1));
    expect(api.called('decideIncomeProof')[0]?.body).toEqual({
      decision: 'refused',
      reasonCode: 'tooOld',
      note: 'Send this month',
    });
  });

  it('goes back to the queue when another staff member decided first (40035)', async () => {
    reviewing({
      decideIncomeProof: () =>
        fail(E.INCOME_PROOF_DECIDED.code, messageFor(E.INCOME_PROOF_DECIDED.code, 'en')),
    });
    await renderConsole('/proofs/5', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: t.review.accept }));
    const dialog = within(await screen.findByRole('alertdialog', { name: t.review.acceptTitle }));
    await userEvent.click(dialog.getByRole('button', { name: t.review.accept }));
    await waitFor(() => expect(currentPath()).toBe('/proofs'));
  });
});
