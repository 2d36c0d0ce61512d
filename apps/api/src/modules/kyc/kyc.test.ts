import {
  E,
  KYC_IMAGE_SLOTS,
  KYC_STATUSES,
  KYC_TRANSITIONS,
  type KycStatus,
  type KycSubmission,
  type KycSubmissionSummary,
  kycTransitionAllowed,
  type Profile,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember, createStaff, post, signIn, type TestStaff } from '../../../test/members.ts';
import { periodOf, staffCall } from '../../../test/staff-calls.ts';

const UPLOAD = '/api/external/user/uploadKyc';
const CHECK = '/api/external/user/uploadImgFile';
const PROFILE = '/api/external/user/profile';

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
let photo: string;

beforeAll(async () => {
  ({ app } = await testApp());
  operator = await createStaff(app, 'operator');
  admin = await createStaff(app, 'admin');
  photo = (
    await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 10, g: 90, b: 70 } } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
});
afterAll(() => app.close());

async function member() {
  const m = await createMember(app);
  return { ...m, token: await signIn(app, m.username, m.password) };
}

const fourImages = () => Object.fromEntries(KYC_IMAGE_SLOTS.map((slot) => [slot, photo]));

async function profileOf(token: string): Promise<Profile> {
  return periodOf((await post<Profile>(app, PROFILE, {}, { token })).body);
}

async function submit(token: string) {
  return post<{ kycStatus: KycStatus }>(app, UPLOAD, fourImages(), { token });
}

async function latestSubmissionId(memberId: number): Promise<number> {
  const row = await app.database.db
    .selectFrom('kyc_submissions')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const decide = (token: string, id: number, body: unknown) =>
  staffCall<KycSubmissionSummary>(app, token, 'POST', `/api/admin/kyc/${id}/decision`, body);

async function counts() {
  const db = app.database.db;
  const files = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const kyc = await db
    .selectFrom('kyc_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { files: Number(files.n), kyc: Number(kyc.n) };
}

describe('the KYC transition table', () => {
  it('lets a member submit only when unverified or failed, and staff decide only a waiting submission', () => {
    const allowed = Object.fromEntries(
      Object.keys(KYC_TRANSITIONS).map((t) => [
        t,
        KYC_STATUSES.filter((s) => kycTransitionAllowed(t as keyof typeof KYC_TRANSITIONS, s)),
      ]),
    );
    expect(allowed).toEqual({ submit: ['unverified', 'failed'], verify: ['waiting'], fail: ['waiting'] });
  });
});

describe('identity verification, member side', () => {
  it('submitting four images makes the member waiting at once, stores them once each, and audits it', async () => {
    const m = await member();
    expect((await profileOf(m.token)).kycStatus).toBe('unverified');
    expect((await profileOf(m.token)).kycReview).toBeNull();
    const before = await counts();
    const res = await submit(m.token);
    expect(res.body).toMatchObject({ code: 0, result: { period: { kycStatus: 'waiting' } } });
    expect(await counts()).toEqual({ files: before.files + 4, kyc: before.kyc + 1 });
    const profile = await profileOf(m.token);
    expect(profile.kycStatus).toBe('waiting');
    expect(profile.kycReview).toMatchObject({ decidedAt: null, reasonCode: null, note: null });
    const audit = await app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'kyc.submit')
      .where('target', '=', `member:${m.id}`)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a second submission while one waits with 10036, and stores nothing', async () => {
    const m = await member();
    await submit(m.token);
    const before = await counts();
    const again = await submit(m.token);
    expect(again.body.code).toBe(E.KYC_ALREADY_SUBMITTED.code);
    expect(again.status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('two submissions at once: exactly one is stored', async () => {
    const m = await member();
    const before = await counts();
    const answers = await Promise.all([submit(m.token), submit(m.token)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, E.KYC_ALREADY_SUBMITTED.code]);
    expect(await counts()).toEqual({ files: before.files + 4, kyc: before.kyc + 1 });
  });

  it('a submission missing an image changes nothing (50009)', async () => {
    const m = await member();
    const before = await counts();
    const res = await post(app, UPLOAD, { ...fourImages(), screenshot2Image: '' }, { token: m.token });
    expect(res.body.code).toBe(E.IMAGE_REQUIRED.code);
    expect(await counts()).toEqual(before);
  });

  it('uploadImgFile checks an image as a submission would and stores nothing', async () => {
    const m = await member();
    const before = await counts();
    const res = await post(app, CHECK, { image: photo }, { token: m.token });
    expect(res.body).toMatchObject({
      code: 0,
      result: { period: { mime: 'image/jpeg', width: 320, height: 200 } },
    });
    expect(await counts()).toEqual(before);
  });

  it('uploadKyc takes a body of four large images (its own limit); a small-JSON route refuses the same body with 413', async () => {
    const noisy = (
      await sharp({
        create: {
          width: 1100,
          height: 1100,
          channels: 3,
          background: '#777',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 95 })
        .toBuffer()
    ).toString('base64');
    const body = Object.fromEntries(KYC_IMAGE_SLOTS.map((slot) => [slot, noisy]));
    expect(JSON.stringify(body).length).toBeGreaterThan(4 * 1024 * 1024);
    const m = await member();
    const accepted = await post(app, UPLOAD, body, { token: m.token });
    expect(accepted.body.code).toBe(0);
    const refused = await post(app, '/api/external/user/editProfile', body, { token: m.token });
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe(E.PAYLOAD_TOO_LARGE.code);
  });

  it('a visitor can neither check nor submit', async () => {
    expect((await post(app, CHECK, { image: photo })).status).toBe(401);
    expect((await post(app, UPLOAD, fourImages())).status).toBe(401);
  });
});

describe('identity review, staff side', () => {
  it('the queue lists waiting submissions oldest first; an operator verifies one and the member is verified', async () => {
    const first = await member();
    const second = await member();
    await submit(first.token);
    await submit(second.token);
    const queue = periodOf(
      (
        await staffCall<{ items: KycSubmissionSummary[] }>(
          app,
          operator.token,
          'GET',
          '/api/admin/kyc?pageSize=100',
        )
      ).body,
    );
    const ids = queue.items.map((i) => i.memberId);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const id = await latestSubmissionId(first.id);
    const detail = periodOf(
      (await staffCall<KycSubmission>(app, operator.token, 'GET', `/api/admin/kyc/${id}`)).body,
    );
    expect(detail).toMatchObject({ memberId: first.id, status: 'waiting', member: { email: first.email } });
    expect(Object.keys(detail.images).sort()).toEqual([...KYC_IMAGE_SLOTS].sort());

    const decided = await decide(operator.token, id, { decision: 'verified' });
    expect(decided.body).toMatchObject({
      code: 0,
      result: { period: { status: 'verified', decidedBy: operator.username } },
    });
    expect((await profileOf(first.token)).kycStatus).toBe('verified');
    const queueAfter = periodOf(
      (
        await staffCall<{ items: KycSubmissionSummary[] }>(
          app,
          operator.token,
          'GET',
          '/api/admin/kyc?pageSize=100',
        )
      ).body,
    );
    expect(queueAfter.items.map((i) => i.id)).not.toContain(id);
  });

  it('a failed member reads the reason code and the note, and may submit again', async () => {
    const m = await member();
    await submit(m.token);
    const id = await latestSubmissionId(m.id);
    const failed = await decide(admin.token, id, {
      decision: 'failed',
      reasonCode: 'paperMissing',
      note: 'No date on it',
    });
    expect(failed.body.code).toBe(0);
    const profile = await profileOf(m.token);
    expect(profile.kycStatus).toBe('failed');
    expect(profile.kycReview).toMatchObject({ reasonCode: 'paperMissing', note: 'No date on it' });
    expect((await submit(m.token)).body.code).toBe(0);
    expect((await profileOf(m.token)).kycStatus).toBe('waiting');
    const audit = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target', '=', `member:${m.id}`)
      .where('action', 'in', ['kyc.submit', 'kyc.fail'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['kyc.submit', 'kyc.fail', 'kyc.submit']);
  });

  it("failing with 'other' needs a note (31009) and changes nothing without one", async () => {
    const m = await member();
    await submit(m.token);
    const id = await latestSubmissionId(m.id);
    const res = await decide(operator.token, id, { decision: 'failed', reasonCode: 'other', note: '  ' });
    expect(res.body.code).toBe(E.KYC_REASON_REQUIRED.code);
    expect((await profileOf(m.token)).kycStatus).toBe('waiting');
  });

  it('two staff deciding at once: exactly one wins, the other gets 31008', async () => {
    const m = await member();
    await submit(m.token);
    const id = await latestSubmissionId(m.id);
    const answers = await Promise.all([
      decide(operator.token, id, { decision: 'verified' }),
      decide(admin.token, id, { decision: 'failed', reasonCode: 'passportExpired' }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, E.KYC_ALREADY_DECIDED.code]);
    const decisions = await app.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `member:${m.id}`)
      .where('action', 'in', ['kyc.verify', 'kyc.fail'])
      .execute();
    expect(decisions).toHaveLength(1);
  });

  it('deciding a submission that does not exist answers 31007', async () => {
    expect((await decide(operator.token, 999_999_999, { decision: 'verified' })).body.code).toBe(
      E.KYC_SUBMISSION_NOT_FOUND.code,
    );
  });

  it('a viewer may not see the queue, a submission or the images', async () => {
    const viewer = await createStaff(app, 'viewer');
    expect((await staffCall(app, viewer.token, 'GET', '/api/admin/kyc')).status).toBe(403);
  });

  it("the member's page in the console lists every submission and decision", async () => {
    const m = await member();
    await submit(m.token);
    await decide(operator.token, await latestSubmissionId(m.id), {
      decision: 'failed',
      reasonCode: 'faceNotVisible',
    });
    await submit(m.token);
    const detail = periodOf(
      (
        await staffCall<{ kycHistory: KycSubmissionSummary[] }>(
          app,
          admin.token,
          'GET',
          `/api/admin/members/${m.id}`,
        )
      ).body,
    );
    expect(detail.kycHistory.map((h) => [h.status, h.reasonCode])).toEqual([
      ['waiting', null],
      ['failed', 'faceNotVisible'],
    ]);
  });
});

describe('reading stored images', () => {
  async function fileOf(memberId: number): Promise<number> {
    const row = await app.database.db
      .selectFrom('files')
      .select('id')
      .where('owner_member_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('the owner, operators and admins read an image, inline, typed by its bytes, never cached or sniffed', async () => {
    const m = await member();
    await submit(m.token);
    const id = await fileOf(m.id);
    for (const [url, token] of [
      [`/api/files/${id}`, m.token],
      [`/api/admin/files/${id}`, operator.token],
      [`/api/admin/files/${id}`, admin.token],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="kyc-\d+"$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it('another member gets exactly the answer for an image that does not exist; a visitor and a viewer get nothing', async () => {
    const owner = await member();
    const other = await member();
    await submit(owner.token);
    const id = await fileOf(owner.id);
    const read = (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const theirs = await read(`/api/files/${id}`, other.token);
    const missing = await read('/api/files/999999999', other.token);
    expect(theirs.statusCode).toBe(missing.statusCode);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json().code).toBe(E.FILE_NOT_FOUND.code);
    expect((await read(`/api/files/${id}`)).statusCode).toBe(401);
    const viewer = await createStaff(app, 'viewer');
    expect((await read(`/api/admin/files/${id}`, viewer.token)).statusCode).toBe(403);
    expect((await read(`/api/admin/files/${id}`, other.token)).statusCode).toBe(401);
  });
});

describe('the trading gate (orders call it first)', () => {
  it('refuses an unverified member with 10034, a verified one without a USDT address with 10035, and lets a ready one pass', async () => {
    const m = await member();
    await expect(app.services.kyc.tradingGate(m.id)).rejects.toMatchObject({ def: E.KYC_REQUIRED });
    await submit(m.token);
    await decide(operator.token, await latestSubmissionId(m.id), { decision: 'verified' });
    await expect(app.services.kyc.tradingGate(m.id)).rejects.toMatchObject({ def: E.USDT_ADDRESS_REQUIRED });
    await app.database.db
      .insertInto('usdt_addresses')
      .values({
        member_id: m.id,
        network: 'BEP20',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        uid: '12345678',
      })
      .execute();
    await expect(app.services.kyc.tradingGate(m.id)).resolves.toBeUndefined();
  });
});
