import { readFileSync } from 'node:fs';
import { E, type IncomeProof, type IncomeProofSummary, type StagedPhoto } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember, createStaff, post, signIn, type TestStaff } from '../../../test/members.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';
import { createTrader } from '../../../test/traders.ts';

/**
 * Proof of income or assets (decision 0071): a verified level-1 member stages pages through the
 * identity photos' pipeline and sends them; staff accept (level 2, as a manual level change) or
 * refuse with a reason; one decision wins.
 */
const STAGE = '/api/external/user/stageProofImage';
const SUBMIT = '/api/external/user/submitIncomeProof';
const MINE = '/api/external/user/getIncomeProof';
const LIMITS = '/api/external/user/getTradeLimits';
const decision = (id: number) => `/api/admin/income-proofs/${id}/decision`;
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/uploads/${name}`, import.meta.url)).toString('base64');

let app: FastifyInstance;
let operator: TestStaff;
let admin: TestStaff;
const pages: string[] = [];

beforeAll(async () => {
  ({ app } = await testApp());
  operator = await createStaff(app, 'operator');
  admin = await createStaff(app, 'admin');
  for (const i of [0, 1, 2]) {
    const png = await sharp({
      create: { width: 240, height: 320, channels: 3, background: { r: 60 * i, g: 80, b: 120 } },
    })
      .png()
      .toBuffer();
    pages.push(png.toString('base64'));
  }
});
afterAll(() => app.close());

const stage = (token: string, slot: string, image = pages[0]) =>
  post<StagedPhoto>(app, STAGE, { slot, image }, { token });

/** Stages `n` pages and sends them as a payslip; answers the envelope. */
async function send(token: string, n = 1) {
  const photos: Record<string, number> = {};
  for (let i = 0; i < n; i++)
    photos[`page${i + 1}`] = periodOf((await stage(token, `page${i + 1}`, pages[i])).body).photoId;
  return post<IncomeProof>(app, SUBMIT, { kind: 'payslip', photos }, { token });
}

async function waitingProof(token: string): Promise<IncomeProof> {
  const proof = periodOf((await send(token)).body);
  expect(proof.status).toBe('waiting');
  return proof;
}

const levelOf = async (token: string) =>
  periodOf((await post<{ level: number }>(app, LIMITS, {}, { token })).body).level;

describe('who may send a proof', () => {
  it('upload accepted only for verified level-1 members: an unverified member gets 50053 and nothing is kept', async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    expect((await stage(token, 'page1')).body.code).toBe(E.INCOME_PROOF_NOT_VERIFIED.code);
    const files = await app.database.db
      .selectFrom('files')
      .select('id')
      .where('owner_member_id', '=', m.id)
      .execute();
    expect(files).toEqual([]);
  });

  it('upload accepted only for verified level-1 members: a level-2 member gets 50054', async () => {
    const t = await createTrader(app);
    await staffCall(app, operator.token, 'POST', `/api/admin/members/${t.id}/level`, {
      level: 2,
      note: 'payslip seen',
    });
    expect((await stage(t.token, 'page1')).body.code).toBe(E.INCOME_PROOF_ALREADY_LEVEL_2.code);
  });

  it('one waiting at a time: a second proof while one waits gets 50055, for staging and sending', async () => {
    const t = await createTrader(app);
    await waitingProof(t.token);
    expect((await stage(t.token, 'page1')).body.code).toBe(E.INCOME_PROOF_WAITING.code);
    expect(
      (await post(app, SUBMIT, { kind: 'payslip', photos: { page1: 1 } }, { token: t.token })).body.code,
    ).toBe(E.INCOME_PROOF_WAITING.code);
  });

  it('one waiting at a time: two proofs sent at once make one waiting proof, and the database keeps a second out', async () => {
    const t = await createTrader(app);
    const a = periodOf((await stage(t.token, 'page1', pages[0])).body).photoId;
    const b = periodOf((await stage(t.token, 'page2', pages[1])).body).photoId;
    const [first, second] = await Promise.all([
      post(app, SUBMIT, { kind: 'payslip', photos: { page1: a } }, { token: t.token }),
      post(app, SUBMIT, { kind: 'bankStatement', photos: { page1: a, page2: b } }, { token: t.token }),
    ]);
    // The loser meets the waiting proof (50055) or finds its first page already taken (50032).
    const codes = [first.body.code, second.body.code];
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect([E.INCOME_PROOF_WAITING.code, E.STAGED_IMAGE_NOT_FOUND.code]).toContain(
      codes.find((c) => c !== 0),
    );
    const rows = await app.database.db
      .selectFrom('income_proofs')
      .select(['id', 'page1_file_id'])
      .where('member_id', '=', t.id)
      .execute();
    expect(rows).toHaveLength(1);
    const anotherWaiting = app.database.db
      .insertInto('income_proofs')
      .values({ member_id: t.id, kind: 'payslip', page1_file_id: rows[0]?.page1_file_id as number })
      .execute();
    await expect(anotherWaiting).rejects.toThrow();
  });
});

describe('pages go through the identity photos pipeline', () => {
  it('images checked by content: the bad-upload fixtures are refused with their codes', async () => {
    const t = await createTrader(app);
    expect((await stage(t.token, 'page1', fixture('svg-renamed.png'))).body.code).toBe(
      E.IMAGE_TYPE_INVALID.code,
    );
    expect((await stage(t.token, 'page1', fixture('animated.png'))).body.code).toBe(E.IMAGE_ANIMATED.code);
    expect((await stage(t.token, 'page1', fixture('truncated.jpg'))).body.code).toBe(E.IMAGE_UNREADABLE.code);
  });

  it('images checked by content: a JPEG with GPS EXIF is kept re-encoded, without it', async () => {
    const t = await createTrader(app);
    const staged = periodOf((await stage(t.token, 'page1', fixture('gps-exif.jpg'))).body);
    const file = await app.database.db
      .selectFrom('files')
      .select('bytes')
      .where('id', '=', staged.photoId)
      .executeTakeFirstOrThrow();
    expect((await sharp(Buffer.from(file.bytes)).metadata()).exif).toBeUndefined();
  });

  it('a proof takes one to three staged pages; the same page twice answers 50034 naming the slot', async () => {
    const t = await createTrader(app);
    const a = periodOf((await stage(t.token, 'page1', pages[0])).body).photoId;
    const b = periodOf((await stage(t.token, 'page2', pages[0])).body).photoId;
    const res = await post(
      app,
      SUBMIT,
      { kind: 'payslip', photos: { page1: a, page2: b } },
      { token: t.token },
    );
    expect(res.body).toMatchObject({
      code: E.STAGED_IMAGE_REPEATED.code,
      result: { period: { slot: 'page2' } },
    });
    const three = periodOf((await send(t.token, 3)).body);
    expect(three.images).toHaveLength(3);
  });

  it("member cannot see another's submission: another member's staged page answers 50032, their proof stays theirs", async () => {
    const owner = await createTrader(app);
    const other = await createTrader(app);
    const staged = periodOf((await stage(owner.token, 'page1')).body).photoId;
    const res = await post(
      app,
      SUBMIT,
      { kind: 'payslip', photos: { page1: staged } },
      { token: other.token },
    );
    expect(res.body).toMatchObject({
      code: E.STAGED_IMAGE_NOT_FOUND.code,
      result: { period: { slot: 'page1' } },
    });
    const proof = await waitingProof(owner.token);
    expect(periodOf((await post<IncomeProof | null>(app, MINE, {}, { token: other.token })).body)).toBeNull();
    const file = await app.inject({
      method: 'GET',
      url: `/api/files/${proof.images[0]}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(file.json()).toMatchObject({ code: E.FILE_NOT_FOUND.code });
  });
});

describe('staff decide', () => {
  it('accept sets level 2 and audit: member.level.set with the proof as its note, and proof.accept', async () => {
    const t = await createTrader(app);
    const proof = await waitingProof(t.token);
    const queue = await staffCall<{ items: IncomeProofSummary[] }>(
      app,
      operator.token,
      'GET',
      '/api/admin/income-proofs?pageSize=100',
    );
    expect(periodOf(queue.body).items.some((p) => p.id === proof.id && p.memberId === t.id)).toBe(true);
    const res = await staffCall<IncomeProofSummary>(app, operator.token, 'POST', decision(proof.id), {
      decision: 'accepted',
    });
    expect(periodOf(res.body)).toMatchObject({ status: 'accepted', decidedBy: operator.username });
    expect(await levelOf(t.token)).toBe(2);
    const [levelSet] = await auditRows(app, 'member.level.set', `member:${t.id}`);
    expect(levelSet).toMatchObject({ before: { level: 1 }, after: { level: 2 } });
    expect(levelSet?.reason).toContain(`#${proof.id}`);
    expect(await auditRows(app, 'proof.accept', `member:${t.id}`)).toHaveLength(1);
    const level = await staffCall<{ note: string }>(
      app,
      operator.token,
      'GET',
      `/api/admin/members/${t.id}/level`,
    );
    expect(periodOf(level.body).note).toContain(`#${proof.id}`);
  });

  it('refuse needs reason and member sees it: other without a note answers 40036, then the member reads code and note and may send again', async () => {
    const t = await createTrader(app);
    const proof = await waitingProof(t.token);
    const bare = await staffCall(app, admin.token, 'POST', decision(proof.id), {
      decision: 'refused',
      reasonCode: 'other',
    });
    expect(bare.body.code).toBe(E.INCOME_PROOF_REASON_REQUIRED.code);
    expect(
      (await staffCall(app, admin.token, 'POST', decision(proof.id), { decision: 'refused' })).body.code,
    ).not.toBe(0);
    const res = await staffCall(app, admin.token, 'POST', decision(proof.id), {
      decision: 'refused',
      reasonCode: 'tooOld',
      note: 'March payslip please',
    });
    expect(res.body.code).toBe(0);
    const mine = periodOf((await post<IncomeProof>(app, MINE, {}, { token: t.token })).body);
    expect(mine).toMatchObject({ status: 'refused', reasonCode: 'tooOld', note: 'March payslip please' });
    expect(await levelOf(t.token)).toBe(1);
    expect(await auditRows(app, 'proof.refuse', `member:${t.id}`)).toHaveLength(1);
    expect(periodOf((await send(t.token)).body).status).toBe('waiting');
  });

  it('race of two deciders: an accept and a refuse at once, exactly one wins and the other gets 40035', async () => {
    const t = await createTrader(app);
    const proof = await waitingProof(t.token);
    const [a, b] = await Promise.all([
      staffCall(app, operator.token, 'POST', decision(proof.id), { decision: 'accepted' }),
      staffCall(app, admin.token, 'POST', decision(proof.id), {
        decision: 'refused',
        reasonCode: 'unreadable',
      }),
    ]);
    const codes = [a.body.code, b.body.code];
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes).toContain(E.INCOME_PROOF_DECIDED.code);
    const decided = await auditRows(
      app,
      a.body.code === 0 ? 'proof.accept' : 'proof.refuse',
      `member:${t.id}`,
    );
    expect(decided).toHaveLength(1);
    expect(await levelOf(t.token)).toBe(a.body.code === 0 ? 2 : 1);
  });

  it('viewers may not open the queue; an unknown proof answers 40034', async () => {
    const viewer = await createStaff(app, 'viewer');
    expect((await staffCall(app, viewer.token, 'GET', '/api/admin/income-proofs')).status).toBe(403);
    expect((await staffCall(app, operator.token, 'GET', '/api/admin/income-proofs/999999')).body.code).toBe(
      E.INCOME_PROOF_NOT_FOUND.code,
    );
  });

  it("the review shows on the member's page, and the dashboard counts waiting proofs", async () => {
    const t = await createTrader(app);
    const proof = await waitingProof(t.token);
    const history = await staffCall<IncomeProofSummary[]>(
      app,
      operator.token,
      'GET',
      `/api/admin/members/${t.id}/income-proofs`,
    );
    expect(periodOf(history.body).map((p) => p.id)).toEqual([proof.id]);
    const dash = await staffCall<{ proofsWaiting: number }>(
      app,
      operator.token,
      'GET',
      '/api/admin/dashboard',
    );
    expect(periodOf(dash.body).proofsWaiting).toBeGreaterThanOrEqual(1);
  });
});
