import {
  E,
  KYC_IMAGE_SLOTS,
  KYC_STAGED_PHOTO_HOURS,
  type KycImageSlot,
  type KycStatus,
  type KycSubmission,
  type StagedPhoto,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember, createStaff, post, signIn, type TestStaff } from '../../../test/members.ts';
import { periodOf, staffCall } from '../../../test/staff-calls.ts';
import { pruneExpired } from '../housekeeping/index.ts';

/**
 * Identity documents (a passport or a Thai ID card with its number) and photos checked once
 * (decision 0062): each photo is checked and kept when chosen (stageKycImage), and the submission
 * (submitKyc) names the kept photos, which the server takes only if they are the member's own,
 * staged for their slot and not expired. The specification's uploadKyc keeps taking images.
 */
const STAGE = '/api/external/user/stageKycImage';
const SUBMIT = '/api/external/user/submitKyc';
const UPLOAD = '/api/external/user/uploadKyc';
/** A Thai ID number whose check digit is right: (11 - 148 mod 11) mod 10 = 6. */
const ID_NUMBER = '1103700012346';
/** A passport's number as a Thai passport prints it. */
const PASSPORT_NUMBER = 'AA1234567';

let app: FastifyInstance;
let operator: TestStaff;
/** Four different photos: a submission refuses the same photo twice. */
const photos = {} as Record<KycImageSlot, string>;

beforeAll(async () => {
  ({ app } = await testApp());
  operator = await createStaff(app, 'operator');
  for (const [i, slot] of KYC_IMAGE_SLOTS.entries()) {
    photos[slot] = (
      await sharp({
        create: { width: 320, height: 200, channels: 3, background: { r: 40 * i, g: 90, b: 70 } },
      })
        .jpeg()
        .toBuffer()
    ).toString('base64');
  }
});
afterAll(() => app.close());

async function member() {
  const m = await createMember(app);
  return { ...m, token: await signIn(app, m.username, m.password) };
}

const stage = (token: string, slot: KycImageSlot, image = photos[slot]) =>
  post<StagedPhoto>(app, STAGE, { slot, image }, { token });

/** Stages the four photos; answers their ids by slot. */
async function stageAll(token: string): Promise<Record<KycImageSlot, number>> {
  const ids = {} as Record<KycImageSlot, number>;
  for (const slot of KYC_IMAGE_SLOTS) ids[slot] = periodOf((await stage(token, slot)).body).photoId;
  return ids;
}

/** submitKyc as the member app sends it: a passport's number unless the body says otherwise. */
const submit = (token: string, body: Record<string, unknown>) =>
  post<{ kycStatus: KycStatus }>(app, SUBMIT, { passportNumber: PASSPORT_NUMBER, ...body }, { token });

async function latestSubmission(memberId: number): Promise<KycSubmission> {
  const row = await app.database.db
    .selectFrom('kyc_submissions')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return periodOf(
    (await staffCall<KycSubmission>(app, operator.token, 'GET', `/api/admin/kyc/${row.id}`)).body,
  );
}

async function submissionCount(memberId: number): Promise<number> {
  const row = await app.database.db
    .selectFrom('kyc_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function fileCount(memberId: number): Promise<number> {
  const row = await app.database.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a member shows a passport or a Thai ID card, and staff see which', () => {
  it('a submission without a document type is a passport: the specification call needs no number, the app call its number (10053)', async () => {
    const uploaded = await member();
    expect((await post(app, UPLOAD, photos, { token: uploaded.token })).body.code).toBe(0);
    expect(await latestSubmission(uploaded.id)).toMatchObject({
      documentType: 'passport',
      idCardNumber: null,
      passportNumber: null,
    });
    const m = await member();
    const ids = await stageAll(m.token);
    const refused = await submit(m.token, { photos: ids, passportNumber: undefined });
    expect(refused.body.code).toBe(E.PASSPORT_NUMBER_INVALID.code);
    expect(await submissionCount(m.id)).toBe(0);
    expect((await submit(m.token, { photos: ids })).body.code).toBe(0);
    expect(await latestSubmission(m.id)).toMatchObject({
      documentType: 'passport',
      idCardNumber: null,
      passportNumber: PASSPORT_NUMBER,
    });
  });

  it("rule: a passport's number is kept as printed, without spaces and in capitals, and staff read it; a wrong shape is refused with 10053 and nothing changes", async () => {
    const m = await member();
    const ids = await stageAll(m.token);
    for (const passportNumber of ['A1234', 'ABCDEFGHI', 'AA-1234567', 'AA12345678901', 'AA1234567ไ', '']) {
      const res = await submit(m.token, { photos: ids, passportNumber });
      expect(res.body.code, passportNumber).toBe(E.PASSPORT_NUMBER_INVALID.code);
      expect(res.status).toBe(400);
    }
    expect(await submissionCount(m.id)).toBe(0);
    expect((await submit(m.token, { photos: ids, passportNumber: ' aa 1234567 ' })).body.code).toBe(0);
    expect(await latestSubmission(m.id)).toMatchObject({
      documentType: 'passport',
      passportNumber: 'AA1234567',
      idCardNumber: null,
    });
  });

  it('a Thai ID card keeps no passport number even when one is sent', async () => {
    const m = await member();
    const res = await submit(m.token, {
      photos: await stageAll(m.token),
      documentType: 'thaiIdCard',
      idCardNumber: ID_NUMBER,
      passportNumber: PASSPORT_NUMBER,
    });
    expect(res.body.code).toBe(0);
    expect(await latestSubmission(m.id)).toMatchObject({ idCardNumber: ID_NUMBER, passportNumber: null });
  });

  it('a Thai ID card is sent with its number, as printed on the card, and staff read the type and the 13 digits', async () => {
    const m = await member();
    const res = await submit(m.token, {
      photos: await stageAll(m.token),
      documentType: 'thaiIdCard',
      idCardNumber: '1-1037-00012-34-6',
    });
    expect(res.body).toMatchObject({ code: 0, result: { period: { kycStatus: 'waiting' } } });
    expect(await latestSubmission(m.id)).toMatchObject({
      documentType: 'thaiIdCard',
      idCardNumber: ID_NUMBER,
    });
    const queue = await staffCall<{ items: { memberId: number; documentType: string }[] }>(
      app,
      operator.token,
      'GET',
      '/api/admin/kyc?pageSize=100',
    );
    expect(periodOf(queue.body).items.find((i) => i.memberId === m.id)?.documentType).toBe('thaiIdCard');
  });

  it.each([
    ['no number', undefined, E.ID_CARD_NUMBER_INVALID],
    ['12 digits', '110370001234', E.ID_CARD_NUMBER_INVALID],
    ['a wrong check digit', '1103700012347', E.ID_CARD_NUMBER_CHECK_DIGIT],
  ])('a Thai ID card with %s is refused (%o) and nothing changes', async (_name, idCardNumber, refused) => {
    const m = await member();
    const ids = await stageAll(m.token);
    const res = await submit(m.token, { photos: ids, documentType: 'thaiIdCard', idCardNumber });
    expect(res.body.code).toBe(refused.code);
    expect(res.status).toBe(400);
    // The photos stay staged: the member corrects the number and sends the same photos.
    const again = await submit(m.token, { photos: ids, documentType: 'thaiIdCard', idCardNumber: ID_NUMBER });
    expect(again.body.code).toBe(0);
  });

  it('uploadKyc, the specification call, takes the document type too and checks the number the same way', async () => {
    const m = await member();
    const body = { ...photos, documentType: 'thaiIdCard', idCardNumber: '1103700012340' };
    expect((await post(app, UPLOAD, body, { token: m.token })).body.code).toBe(
      E.ID_CARD_NUMBER_CHECK_DIGIT.code,
    );
    expect(
      (await post(app, UPLOAD, { ...body, idCardNumber: ID_NUMBER }, { token: m.token })).body.code,
    ).toBe(0);
    expect(await latestSubmission(m.id)).toMatchObject({
      documentType: 'thaiIdCard',
      idCardNumber: ID_NUMBER,
    });
  });

  it('a passport keeps no ID number even when one is sent', async () => {
    const m = await member();
    const res = await submit(m.token, {
      photos: await stageAll(m.token),
      documentType: 'passport',
      idCardNumber: ID_NUMBER,
    });
    expect(res.body.code).toBe(0);
    expect(await latestSubmission(m.id)).toMatchObject({ documentType: 'passport', idCardNumber: null });
  });
});

describe('a checked photo is sent once: the submission names photos already checked', () => {
  it('staging checks the photo and keeps it for a day; the submission sends no image and stores no new file', async () => {
    const m = await member();
    const res = await stage(m.token, 'passportImage');
    expect(res.body.code).toBe(0);
    const staged = periodOf(res.body);
    expect(staged).toMatchObject({ mime: 'image/jpeg', width: 320, height: 200 });
    const hours = (Date.parse(staged.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(KYC_STAGED_PHOTO_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(KYC_STAGED_PHOTO_HOURS);
    const ids = { ...(await stageAll(m.token)) };
    const files = await fileCount(m.id);
    expect((await submit(m.token, { photos: ids })).body.code).toBe(0);
    expect(await fileCount(m.id)).toBe(files);
    const submission = await latestSubmission(m.id);
    expect(submission.images).toEqual(ids);
  });

  it('a photo staged again for a slot replaces the one before: the member holds one photo per slot', async () => {
    const m = await member();
    const first = periodOf((await stage(m.token, 'passportImage')).body).photoId;
    const second = periodOf((await stage(m.token, 'passportImage')).body).photoId;
    expect(await fileCount(m.id)).toBe(1);
    const ids = { ...(await stageAll(m.token)), passportImage: first };
    ids.passportImage = first;
    const res = await submit(m.token, { photos: ids });
    expect(res.body).toMatchObject({
      code: E.STAGED_IMAGE_NOT_FOUND.code,
      result: { period: { slot: 'passportImage' } },
    });
    expect(second).not.toBe(first);
  });

  it("another member's photo answers 50032 naming the slot, exactly as one that does not exist, and changes nothing", async () => {
    const owner = await member();
    const thief = await member();
    const theirs = await stageAll(owner.token);
    const mine = await stageAll(thief.token);
    const stolen = await submit(thief.token, {
      photos: { ...mine, holdingPassportImage: theirs.holdingPassportImage },
    });
    const missing = await submit(thief.token, { photos: { ...mine, holdingPassportImage: 2 ** 31 - 1 } });
    for (const res of [stolen, missing]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: E.STAGED_IMAGE_NOT_FOUND.code,
        result: { period: { slot: 'holdingPassportImage' } },
      });
    }
    expect(stolen.body.message).toBe(missing.body.message);
    // The owner's photos are untouched and still theirs to send.
    expect((await submit(owner.token, { photos: theirs })).body.code).toBe(0);
    expect((await latestSubmission(owner.id)).images).toEqual(theirs);
  });

  it('a photo staged for one slot is not taken for another (50032)', async () => {
    const m = await member();
    const ids = await stageAll(m.token);
    const res = await submit(m.token, {
      photos: { ...ids, screenshot1Image: ids.screenshot2Image, screenshot2Image: ids.screenshot1Image },
    });
    expect(res.body).toMatchObject({
      code: E.STAGED_IMAGE_NOT_FOUND.code,
      result: { period: { slot: 'screenshot1Image' } },
    });
  });

  it('an expired photo answers 50033 naming it; the member replaces only that photo and submits', async () => {
    const m = await member();
    const ids = await stageAll(m.token);
    await app.database.db
      .updateTable('files')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', ids.screenshot2Image)
      .execute();
    const refused = await submit(m.token, { photos: ids });
    expect(refused.body).toMatchObject({
      code: E.STAGED_IMAGE_EXPIRED.code,
      result: { period: { slot: 'screenshot2Image' } },
    });
    expect(refused.status).toBe(410);
    const replaced = periodOf((await stage(m.token, 'screenshot2Image')).body).photoId;
    const res = await submit(m.token, { photos: { ...ids, screenshot2Image: replaced } });
    expect(res.body.code).toBe(0);
    expect((await latestSubmission(m.id)).images).toEqual({ ...ids, screenshot2Image: replaced });
  });

  it('the same picture chosen for two steps answers 50034 naming the second', async () => {
    const m = await member();
    const ids = await stageAll(m.token);
    const again = periodOf((await stage(m.token, 'screenshot2Image', photos.screenshot1Image)).body).photoId;
    const res = await submit(m.token, { photos: { ...ids, screenshot2Image: again } });
    expect(res.body).toMatchObject({
      code: E.STAGED_IMAGE_REPEATED.code,
      result: { period: { slot: 'screenshot2Image' } },
    });
  });

  it('a photo taken by a submission cannot be sent again, and a waiting member cannot stage (10036)', async () => {
    const m = await member();
    const ids = await stageAll(m.token);
    expect((await submit(m.token, { photos: ids })).body.code).toBe(0);
    expect((await stage(m.token, 'passportImage')).body.code).toBe(E.KYC_ALREADY_SUBMITTED.code);
    // Failed by staff, the member may send again, but not with the photos the first submission took.
    const { id } = await latestSubmission(m.id);
    await staffCall(app, operator.token, 'POST', `/api/admin/kyc/${id}/decision`, {
      decision: 'failed',
      reasonCode: 'passportUnreadable',
    });
    const reused = await submit(m.token, { photos: ids });
    expect(reused.body).toMatchObject({
      code: E.STAGED_IMAGE_NOT_FOUND.code,
      result: { period: { slot: 'passportImage' } },
    });
  });

  it('the staged photos of a submission that never came are pruned when they expire; used ones stay', async () => {
    const m = await member();
    const used = await stageAll(m.token);
    expect((await submit(m.token, { photos: used })).body.code).toBe(0);
    const other = await member();
    const left = await stageAll(other.token);
    await pruneExpired(app.database.db, new Date(Date.now() + (KYC_STAGED_PHOTO_HOURS + 1) * 3_600_000));
    expect(await fileCount(m.id)).toBe(4);
    expect(await fileCount(other.id)).toBe(0);
    expect((await submit(other.token, { photos: left })).body.code).toBe(E.STAGED_IMAGE_NOT_FOUND.code);
  });

  it('a visitor can neither stage nor submit', async () => {
    expect((await post(app, STAGE, { slot: 'passportImage', image: photos.passportImage })).body.code).toBe(
      E.NOT_ALLOWED.code,
    );
    expect((await post(app, SUBMIT, { photos: { passportImage: 1 } })).body.code).toBe(E.NOT_ALLOWED.code);
  });
});
