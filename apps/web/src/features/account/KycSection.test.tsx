import { E, KYC_REJECT_REASONS } from '@bahtdesk/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubXhr } from '../../../../../packages/ui/test/fakeXhr.ts';
import { accountServer, PROFILE } from '../../../test/account.ts';
import { type Envelope, mockApi, ok, publicServer, renderApp, wholeText } from '../../../test/app.tsx';
import { browserDrawsPhotos, PHOTO } from '../../../test/photos.ts';
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

const SLOT_TITLES = {
  passportImage: 'Passport photo page',
  holdingPassportImage: 'You holding your passport',
  screenshot1Image: 'Exchange verification screenshot 1',
  screenshot2Image: 'Exchange verification screenshot 2',
} as const;
const STAGE = '/api/external/user/stageKycImage';
const SUBMIT = '/api/external/user/submitKyc';

/** A server that keeps each staged photo under a new id, and answers a submission with `submitted`. */
function stagingServer(submitted: (body: unknown) => Envelope = () => ok({ kycStatus: 'waiting' })) {
  let next = 100;
  localStorage.setItem('token', 'member-token');
  return mockApi({
    ...publicServer('us'),
    ...accountServer,
    profile: () => ok(PROFILE),
    stageKycImage: (r) => {
      const { slot } = r.body as { slot: string };
      return ok({
        photoId: next++,
        slot,
        expiresAt: '2099-01-01T00:00:00.000Z',
        mime: 'image/jpeg',
        size: 5,
        width: 800,
        height: 600,
      });
    },
    submitKyc: (r) => submitted(r.body),
  });
}

/** Chooses the four photos and types the passport's number. */
async function chooseAll(kyc: ReturnType<typeof within>) {
  for (const title of Object.values(SLOT_TITLES)) {
    await userEvent.upload(kyc.getByLabelText(title), PHOTO);
    await waitFor(() => expect(kyc.getByAltText(`Your photo: ${title}`)).toBeTruthy());
  }
  await userEvent.type(kyc.getByLabelText('Passport number'), 'aa1234567');
}

describe('identity photos are sent once, when chosen', () => {
  it('each photo is checked and kept as it is chosen, with its progress in per cent; the submission names the kept photos and carries no image', async () => {
    browserDrawsPhotos();
    const { requests, fetch } = stagingServer();
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    stubXhr(
      (url, init) => fetch(url, init),
      () => held,
    );
    await renderApp('/account?action=openKyc');
    const kyc = await kycSection();
    await userEvent.upload(kyc.getByLabelText(SLOT_TITLES.passportImage), PHOTO);
    const progress = await kyc.findByRole('progressbar', { name: /^Uploading \d+ %$/ });
    expect(Number(progress.getAttribute('value'))).toBeGreaterThan(0);
    expect(Number(progress.getAttribute('value'))).toBeLessThan(100);
    letGo();
    await waitFor(() => expect(kyc.getByAltText(`Your photo: ${SLOT_TITLES.passportImage}`)).toBeTruthy());
    for (const title of Object.values(SLOT_TITLES).slice(1)) {
      await userEvent.upload(kyc.getByLabelText(title), PHOTO);
      await waitFor(() => expect(kyc.getByAltText(`Your photo: ${title}`)).toBeTruthy());
    }
    const staged = requests.filter((r) => r.path === STAGE);
    expect(staged.map((r) => (r.body as { slot: string }).slot)).toEqual(Object.keys(SLOT_TITLES));
    expect(requests.some((r) => r.path === '/api/external/user/uploadImgFile')).toBe(false);
    await userEvent.type(kyc.getByLabelText('Passport number'), ' AA1234567 ');
    await userEvent.click(kyc.getByRole('button', { name: 'Send for verification' }));
    await waitFor(() => expect(requests.some((r) => r.path === SUBMIT)).toBe(true));
    expect(requests.find((r) => r.path === SUBMIT)?.body).toEqual({
      documentType: 'passport',
      passportNumber: 'AA1234567',
      photos: { passportImage: 100, holdingPassportImage: 101, screenshot1Image: 102, screenshot2Image: 103 },
    });
  });

  it('a refusal naming one photo marks only that photo; the member chooses it again and the others are sent as they were', async () => {
    browserDrawsPhotos();
    let answers = 0;
    const { requests } = stagingServer(() =>
      answers++ === 0
        ? {
            code: E.STAGED_IMAGE_EXPIRED.code,
            message: E.STAGED_IMAGE_EXPIRED.en,
            result: { period: { slot: 'screenshot1Image' } },
          }
        : ok({ kycStatus: 'waiting' }),
    );
    await renderApp('/account?action=openKyc');
    const kyc = await kycSection();
    await chooseAll(kyc);
    const send = kyc.getByRole('button', { name: 'Send for verification' });
    await userEvent.click(send);
    expect(await kyc.findByText(E.STAGED_IMAGE_EXPIRED.en)).toBeTruthy();
    expect(kyc.getByRole('alert').textContent).toBe(
      `Choose "${SLOT_TITLES.screenshot1Image}" again. Your other photos are kept.`,
    );
    expect(kyc.queryByAltText(`Your photo: ${SLOT_TITLES.screenshot1Image}`)).toBeNull();
    expect(kyc.getByAltText(`Your photo: ${SLOT_TITLES.passportImage}`)).toBeTruthy();
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.upload(kyc.getByLabelText(SLOT_TITLES.screenshot1Image), PHOTO);
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(send);
    await waitFor(() => expect(requests.filter((r) => r.path === SUBMIT)).toHaveLength(2));
    expect(requests.filter((r) => r.path === STAGE)).toHaveLength(5);
    expect(requests.filter((r) => r.path === SUBMIT)[1]?.body).toMatchObject({
      photos: {
        passportImage: 100,
        holdingPassportImage: 101,
        screenshot1Image: 104,
        screenshot2Image: 103,
      },
    });
  });

  it.each([
    ['en', 'Thai national ID card', 'ID card number', 'Front of your ID card'],
    ['th', 'บัตรประจำตัวประชาชนไทย', 'เลขประจำตัวประชาชน', 'ด้านหน้าบัตรประชาชน'],
  ] as const)(
    '(%s) a Thai ID card asks for its number and checks its last digit before anything is sent',
    async (lang, card, label, front) => {
      browserDrawsPhotos();
      const { requests } = stagingServer();
      if (lang === 'th') localStorage.setItem('forceLanguage', 'th');
      await renderApp('/account?action=openKyc');
      const kyc = await kycSection();
      await userEvent.click(kyc.getByRole('radio', { name: card }));
      const number = kyc.getByLabelText(label);
      expect(kyc.getByLabelText(front)).toBeTruthy();
      await userEvent.type(number, '1-1037-00012-34-7');
      await userEvent.tab();
      expect(await kyc.findByText(wholeText(E.ID_CARD_NUMBER_CHECK_DIGIT[lang]))).toBeTruthy();
      expect(number.getAttribute('aria-invalid')).toBe('true');
      await userEvent.clear(number);
      await userEvent.type(number, '1-1037-00012-34-6');
      await waitFor(() => expect(kyc.queryByText(wholeText(E.ID_CARD_NUMBER_CHECK_DIGIT[lang]))).toBeNull());
      expect(requests.some((r) => r.path === SUBMIT)).toBe(false);
    },
  );
});

describe("a passport's number at identity upload", () => {
  it.each([
    ['en', 'Passport number', 'Send for verification'],
    ['th', 'เลขที่หนังสือเดินทาง', 'ส่งเพื่อยืนยันตัวตน'],
  ] as const)(
    "(%s) a passport asks for its number, checks its shape before anything is sent, and shows the server's refusal at the field",
    async (lang, label, submit) => {
      browserDrawsPhotos();
      let refuse = true;
      const { requests } = stagingServer(() =>
        refuse
          ? { code: E.PASSPORT_NUMBER_INVALID.code, message: E.PASSPORT_NUMBER_INVALID[lang], result: null }
          : ok({ kycStatus: 'waiting' }),
      );
      if (lang === 'th') localStorage.setItem('forceLanguage', 'th');
      await renderApp('/account?action=openKyc');
      const kyc = await kycSection();
      for (const input of document.querySelectorAll<HTMLInputElement>('#kyc input[type="file"]')) {
        await userEvent.upload(input, PHOTO);
      }
      await waitFor(() => expect(requests.filter((r) => r.path === STAGE)).toHaveLength(4));
      const number = kyc.getByLabelText(label);
      const send = kyc.getByRole('button', { name: submit });
      await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
      // Nothing typed, then a number with a dash: refused on the page, nothing sent.
      await userEvent.click(send);
      expect(await kyc.findByText(wholeText(E.PASSPORT_NUMBER_INVALID[lang]))).toBeTruthy();
      await userEvent.type(number, 'AA-1234567');
      await userEvent.tab();
      expect(number.getAttribute('aria-invalid')).toBe('true');
      expect(requests.some((r) => r.path === SUBMIT)).toBe(false);
      // A number of the right shape is sent; the server's refusal shows at the field.
      await userEvent.clear(number);
      await userEvent.type(number, 'AA1234567');
      await waitFor(() => expect(number.getAttribute('aria-invalid')).not.toBe('true'));
      await userEvent.click(send);
      await waitFor(() => expect(requests.filter((r) => r.path === SUBMIT)).toHaveLength(1));
      await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
      refuse = false;
      await userEvent.click(send);
      await waitFor(() => expect(requests.filter((r) => r.path === SUBMIT)).toHaveLength(2));
      expect(requests.filter((r) => r.path === SUBMIT)[1]?.body).toMatchObject({
        documentType: 'passport',
        passportNumber: 'AA1234567',
      });
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
