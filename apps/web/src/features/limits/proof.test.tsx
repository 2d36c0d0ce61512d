import { INCOME_PROOF_REFUSE_REASONS, type IncomeProof, type TradeLimitsResult } from '@bahtdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubXhr } from '../../../../../packages/ui/test/fakeXhr.ts';
import { accountServer } from '../../../test/account.ts';
import { type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { TRADER } from '../../../test/orders.ts';
import { browserDrawsPhotos, PHOTO } from '../../../test/photos.ts';

const LIMITS: TradeLimitsResult = {
  level: 1,
  buy: {
    dayLimit: '200000.00',
    monthLimit: '1000000.00',
    leftToday: '200000.00',
    leftThisMonth: '1000000.00',
  },
  sell: {
    dayLimit: '200000.00',
    monthLimit: '1000000.00',
    leftToday: '200000.00',
    leftThisMonth: '1000000.00',
  },
};
const REFUSED: IncomeProof = {
  id: 7,
  kind: 'payslip',
  status: 'refused',
  submittedAt: '2026-11-20T03:00:00.000Z',
  decidedAt: '2026-11-20T05:00:00.000Z',
  reasonCode: 'tooOld',
  note: 'Please send this month’s.',
  images: [11],
};

function member(handlers: Record<string, Handler> = {}, lang?: 'th') {
  localStorage.setItem('token', 'member-token');
  if (lang) localStorage.setItem('forceLanguage', 'th');
  return mockApi({
    ...publicServer(lang === 'th' ? 'th' : 'us'),
    ...accountServer,
    profile: () => ok(TRADER),
    getTradeLimits: () => ok(LIMITS),
    getIncomeProof: () => ok(null),
    ...handlers,
  });
}

const proofSection = async () =>
  within(await screen.findByRole('region', { name: /Proof of income or assets|หลักฐานรายได้/ }));

describe('proof of income or assets on the account page', () => {
  it('a level-1 member with no proof sees the kinds and the first page to add; sending waits for it', async () => {
    member();
    await renderApp('/account');
    const proof = await proofSection();
    const kind = proof.getByLabelText('Kind of document') as HTMLSelectElement;
    expect([...kind.options].map((o) => o.textContent)).toContain('Bank statement');
    expect(proof.getByLabelText('Page 1')).toBeTruthy();
    expect((proof.getByRole('button', { name: 'Send proof' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a waiting proof shows its state and no upload', async () => {
    member({
      getIncomeProof: () =>
        ok({ ...REFUSED, status: 'waiting', reasonCode: null, note: null, decidedAt: null }),
    });
    await renderApp('/account');
    const proof = await proofSection();
    expect(proof.getByText('Waiting for review')).toBeTruthy();
    expect(proof.queryByLabelText('Page 1')).toBeNull();
  });

  it.each([
    ['en', undefined],
    ['th', 'th'],
  ] as const)(
    "a refused proof shows the staff's reason in the member's language (%s) and the upload again",
    async (lang, force) => {
      member({ getIncomeProof: () => ok(REFUSED) }, force);
      await renderApp('/account');
      const proof = await proofSection();
      await waitFor(() => expect(proof.getByText(INCOME_PROOF_REFUSE_REASONS.tooOld[lang])).toBeTruthy());
      expect(proof.getByText('Please send this month’s.')).toBeTruthy();
      expect(proof.getAllByRole('combobox')).toHaveLength(1);
    },
  );

  it('a page is checked and kept as it is chosen, with its progress; the proof names the kept page and carries no image', async () => {
    browserDrawsPhotos();
    const { requests, fetch } = member({
      stageProofImage: () =>
        ok({
          photoId: 300,
          expiresAt: '2099-01-01T00:00:00.000Z',
          mime: 'image/jpeg',
          size: 5,
          width: 800,
          height: 600,
        }),
      submitIncomeProof: () => ok({ ...REFUSED, status: 'waiting', reasonCode: null, note: null }),
    });
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    stubXhr(
      (url, init) => fetch(url, init),
      () => held,
    );
    await renderApp('/account');
    const proof = await proofSection();
    await userEvent.selectOptions(proof.getByLabelText('Kind of document'), 'bankStatement');
    await userEvent.upload(proof.getByLabelText('Page 1'), PHOTO);
    expect(await proof.findByRole('progressbar', { name: /^Uploading \d+ %$/ })).toBeTruthy();
    letGo();
    await waitFor(() => expect(proof.getByAltText('Page 1 as sent')).toBeTruthy());
    await userEvent.click(proof.getByRole('button', { name: 'Send proof' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/external/user/submitIncomeProof')).toBe(true),
    );
    expect(requests.find((r) => r.path === '/api/external/user/submitIncomeProof')?.body).toEqual({
      kind: 'bankStatement',
      photos: { page1: 300 },
    });
  });
});
