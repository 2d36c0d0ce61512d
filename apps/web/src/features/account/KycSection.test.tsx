import { KYC_REJECT_REASONS } from '@bahtdesk/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer, PROFILE } from '../../../test/account.ts';
import { mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';
import { fitWithin, photoType } from '../../lib/shrinkPhoto.ts';

function signedIn(profile: object, lang?: 'th') {
  localStorage.setItem('token', 'member-token');
  if (lang) localStorage.setItem('forceLanguage', 'th');
  return mockApi({
    ...publicServer(lang === 'th' ? 'th' : 'us'),
    ...accountServer,
    profile: () => ok(profile),
  });
}

/** The identity section (its Thai heading carries the invisible marks of thai-terms.ts). */
const kycSection = async () =>
  within(
    await waitFor(() => {
      const section = document.getElementById('kyc');
      if (!section?.querySelector('[role="status"]'))
        throw new Error('the identity section is not shown yet');
      return section;
    }),
  );

describe('identity verification on the account page', () => {
  it('shows four photo slots with their instructions when unverified, and sending waits for all four', async () => {
    signedIn(PROFILE);
    await renderApp('/account?action=openKyc');
    const kyc = await kycSection();
    for (const title of [
      'Passport photo page',
      'You holding your passport',
      'Exchange verification screenshot 1',
      'Exchange verification screenshot 2',
    ]) {
      expect(kyc.getByLabelText(title)).toBeTruthy();
    }
    expect(kyc.getByText(/"BahtDesk" and today's date/)).toBeTruthy();
    expect((kyc.getByRole('button', { name: 'Send for verification' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('refuses a GIF by its bytes (whatever its name) before sending anything', async () => {
    const { requests } = signedIn(PROFILE);
    await renderApp('/account?action=openKyc');
    const kyc = await kycSection();
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0])], 'photo.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(kyc.getByLabelText('Passport photo page'), gif);
    expect(await kyc.findByText('Only JPG or PNG photos are allowed.')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/external/user/uploadImgFile')).toBe(false);
  });

  it('while waiting shows what happens next and no slots', async () => {
    signedIn({ ...PROFILE, kycStatus: 'waiting' });
    await renderApp('/account?action=openKyc');
    const kyc = await kycSection();
    expect(kyc.getByText(/shows the result as soon as it is decided/)).toBeTruthy();
    expect(kyc.queryByLabelText('Passport photo page')).toBeNull();
  });

  it.each([
    ['en', undefined],
    ['th', 'th'],
  ] as const)(
    "shows the staff's reason in the member's language (%s) and lets them send again",
    async (lang, force) => {
      signedIn(
        {
          ...PROFILE,
          kycStatus: 'failed',
          kycReview: {
            submittedAt: PROFILE.createdAt,
            decidedAt: PROFILE.createdAt,
            reasonCode: 'paperMissing',
            note: 'Please write the date.',
          },
        },
        force,
      );
      await renderApp('/account?action=openKyc');
      const kyc = await kycSection();
      await waitFor(() => expect(kyc.getByText(KYC_REJECT_REASONS.paperMissing[lang])).toBeTruthy());
      expect(kyc.getByText('Please write the date.')).toBeTruthy();
      expect(kyc.getAllByRole('button').length).toBeGreaterThan(0);
    },
  );
});

describe('shrinking a photo before it is sent', () => {
  it('keeps the long side at most 2,560 px and the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(1200, 800)).toEqual({ width: 1200, height: 800 });
  });

  it('knows JPEG and PNG by their first bytes only', async () => {
    expect(await photoType(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]))).toBe('image/jpeg');
    expect(
      await photoType(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])])),
    ).toBe('image/png');
    expect(await photoType(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']))).toBeNull();
  });
});
