import {
  Decimal,
  E,
  type Envelope,
  type RateChangeCheck,
  type RateProposal,
  type RateResult,
  type SaveSettingResult,
  type SetRatesResult,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextEvent } from '../../../test/bus-events.ts';
import { testApp } from '../../../test/harness.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';

/**
 * A mistyped rate must not go live at once (decision 0045): a move past rateChangeConfirmPercent
 * needs a confirmation, one past rateChangeMaxPercent a second admin, and a negative spread is
 * always refused. The sell fee is held to the same bounds, and a change is also measured against
 * a reference only a second admin moves (decision 0090).
 */

let app: FastifyInstance;
let admin: TestStaff;
let second: TestStaff;
let viewer: TestStaff;
const system = { type: 'system' as const, id: null };

beforeAll(async () => {
  ({ app } = await testApp());
  admin = await createStaff(app, 'admin');
  second = await createStaff(app, 'admin');
  viewer = await createStaff(app, 'viewer');
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await app.services.settings.set(system, 'rateChangeConfirmPercent', 3);
  await app.services.settings.set(system, 'rateChangeMaxPercent', 15);
  await app.services.rates.set(system, { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1' });
});

const setRates = (staff: TestStaff, body: Record<string, unknown>) =>
  staffCall<SetRatesResult>(app, staff.token, 'POST', '/api/admin/rates', body);

async function setRatesInThai(staff: TestStaff, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/rates',
    headers: { authorization: `Bearer ${staff.token}`, 'accept-language': 'th' },
    payload: body,
  });
  return res.json() as Envelope<unknown>;
}
const slipped = { buyRate: '3.65', sellRate: '3.52', sellFeePercent: '1' };

async function memberRate(): Promise<RateResult> {
  const res = await app.inject({ method: 'POST', url: '/api/external/home/getRate', payload: {} });
  return (res.json() as Envelope<RateResult>).result?.period as RateResult;
}

async function pendingProposal(): Promise<RateProposal | undefined> {
  const { body } = await staffCall<{ items: RateProposal[] }>(
    app,
    viewer.token,
    'GET',
    '/api/admin/rates/proposals',
  );
  return periodOf(body).items[0];
}

/** Proposes the slipped rates as `admin` (past the max bound, confirmed): the proposal. */
async function propose(): Promise<RateProposal> {
  const { body } = await setRates(admin, { ...slipped, confirmed: true });
  const proposal = periodOf(body).proposal;
  if (!proposal) throw new Error(`no proposal: ${JSON.stringify(body)}`);
  return proposal;
}

describe('a rate change past rateChangeConfirmPercent', () => {
  it('is refused unless confirmed (40011), answering both rates and the change in per cent, in en and th', async () => {
    const body = { buyRate: '37.80', sellRate: '35.20', sellFeePercent: '1' };
    const res = await setRates(admin, body);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(40011);
    expect(res.body.result?.period as unknown as RateChangeCheck).toEqual({
      current: { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1.00', netSellRate: '34.85' },
      proposed: { buyRate: '37.80', sellRate: '35.20', sellFeePercent: '1.00', netSellRate: '34.85' },
      buyChangePercent: '3.56',
      sellChangePercent: '0.00',
      netSellChangePercent: '0.00',
      reference: null,
      confirmPercent: 3,
      maxPercent: 15,
      needsApproval: false,
    });
    expect(res.body.message).toBe(E.RATE_CHANGE_UNCONFIRMED.en);
    const th = await setRatesInThai(admin, body);
    expect(th).toMatchObject({ code: 40011, message: E.RATE_CHANGE_UNCONFIRMED.th });
    expect((await memberRate()).buyRate).toBe('36.50');
  });

  it('takes effect once confirmed, audited as confirmed; a change within the bound needs no confirmation', async () => {
    const within = await setRates(admin, { buyRate: '37.50', sellRate: '35.20', sellFeePercent: '1' });
    expect(within.body.code).toBe(0);
    const confirmed = await setRates(admin, {
      buyRate: '39.00',
      sellRate: '35.20',
      sellFeePercent: '1',
      confirmed: true,
    });
    expect(periodOf(confirmed.body)).toMatchObject({ buyRate: '39.00', proposal: null });
    expect((await memberRate()).buyRate).toBe('39.00');
    const [audit] = await auditRows(app, 'rates.set', 'rates');
    expect(audit).toMatchObject({ actor_type: 'staff', actor_id: String(admin.id) });
    expect(audit?.after).toMatchObject({ buyRate: '39.00', confirmed: true });
  });

  it('is the web setting: with rateChangeConfirmPercent 10 a 5 % move needs no confirmation', async () => {
    // A bound is a setting that guards money: one admin proposes it, the other approves (decision 0091).
    const saved = await staffCall<SaveSettingResult>(app, admin.token, 'POST', '/api/admin/settings', {
      key: 'rateChangeConfirmPercent',
      value: 10,
    });
    const proposal = periodOf(saved.body).proposal;
    const approved = await staffCall(
      app,
      second.token,
      'POST',
      `/api/admin/proposals/${proposal?.id}/approve`,
    );
    expect(approved.body.code).toBe(0);
    const res = await setRates(admin, { buyRate: '38.30', sellRate: '36.90', sellFeePercent: '1' });
    expect(periodOf(res.body)).toMatchObject({ buyRate: '38.30', sellRate: '36.90', proposal: null });
  });
});

describe('a rate change past rateChangeMaxPercent', () => {
  it('is only a proposal: members keep the old rate and no rates.changed is announced until approval', async () => {
    const refused = await setRates(admin, slipped);
    expect(refused.body.code).toBe(40011);
    expect(refused.body.result?.period).toMatchObject({ needsApproval: true });

    const heard: string[] = [];
    const off = app.events.subscribe((e) => heard.push(e.name));
    const proposal = await propose();
    const marker = nextEvent(app.events, (e) => e.name === 'pages.changed');
    await app.events.publish('pages.changed');
    await marker;
    off();
    expect(heard).not.toContain('rates.changed');
    expect(proposal).toMatchObject({
      buyRate: '3.65',
      sellRate: '3.52',
      from: { buyRate: '36.50', sellRate: '35.20' },
      buyChangePercent: '-90.00',
      proposedBy: admin.username,
    });
    expect(await memberRate()).toMatchObject({ buyRate: '36.50', sellRate: '35.20' });
    expect(await pendingProposal()).toMatchObject({ id: proposal.id });
    const [audit] = await auditRows(app, 'rates.propose', `rateProposal:${proposal.id}`);
    expect(audit).toMatchObject({ actor_type: 'staff', actor_id: String(admin.id) });
  });

  it('takes effect when another admin approves it, audited, and reaches members', async () => {
    const proposal = await propose();
    const changed = nextEvent(app.events, (e) => e.name === 'rates.changed');
    const res = await staffCall<RateResult>(
      app,
      second.token,
      'POST',
      `/api/admin/rates/proposals/${proposal.id}/approve`,
      {},
    );
    expect(periodOf(res.body)).toMatchObject({ buyRate: '3.65', sellRate: '3.52' });
    await changed;
    expect(await memberRate()).toMatchObject({ buyRate: '3.65', sellRate: '3.52' });
    expect(await pendingProposal()).toBeUndefined();
    const [audit] = await auditRows(app, 'rates.approve', `rateProposal:${proposal.id}`);
    expect(audit).toMatchObject({ actor_type: 'staff', actor_id: String(second.id) });
    expect(audit?.after).toMatchObject({ proposedBy: admin.username });
  });

  it('cannot be approved or discarded by the admin who proposed it (40013)', async () => {
    const proposal = await propose();
    for (const step of ['approve', 'discard']) {
      const res = await staffCall(
        app,
        admin.token,
        'POST',
        `/api/admin/rates/proposals/${proposal.id}/${step}`,
      );
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(40013);
    }
    expect(await pendingProposal()).toMatchObject({ id: proposal.id });
    expect((await memberRate()).buyRate).toBe('36.50');
  });

  it('is discarded by another admin: the rates in force stay, audited', async () => {
    const proposal = await propose();
    const res = await staffCall(
      app,
      second.token,
      'POST',
      `/api/admin/rates/proposals/${proposal.id}/discard`,
    );
    expect(res.body.code).toBe(0);
    expect(await pendingProposal()).toBeUndefined();
    expect((await memberRate()).buyRate).toBe('36.50');
    const [audit] = await auditRows(app, 'rates.discard', `rateProposal:${proposal.id}`);
    expect(audit).toMatchObject({ actor_type: 'staff', actor_id: String(second.id) });
    const again = await staffCall(
      app,
      second.token,
      'POST',
      `/api/admin/rates/proposals/${proposal.id}/approve`,
    );
    expect(again.body.code).toBe(40014);
  });

  it('is superseded by a rate change that lands first: approving it then answers 40014', async () => {
    const proposal = await propose();
    const landed = await setRates(second, { buyRate: '36.60', sellRate: '35.30', sellFeePercent: '1' });
    expect(landed.body.code).toBe(0);
    expect(await pendingProposal()).toBeUndefined();
    const res = await staffCall(
      app,
      second.token,
      'POST',
      `/api/admin/rates/proposals/${proposal.id}/approve`,
    );
    expect(res.body.code).toBe(40014);
    expect((await memberRate()).buyRate).toBe('36.60');
    expect(await auditRows(app, 'rates.supersede', `rateProposal:${proposal.id}`)).toHaveLength(1);
  });

  it('is replaced by a later proposal: one proposal waits at a time', async () => {
    const first = await propose();
    const later = await setRates(second, {
      buyRate: '46.50',
      sellRate: '45.20',
      sellFeePercent: '1',
      confirmed: true,
    });
    const replacing = periodOf(later.body).proposal;
    expect(replacing?.id).not.toBe(first.id);
    expect(await pendingProposal()).toMatchObject({ id: replacing?.id, buyRate: '46.50' });
    const res = await staffCall(app, second.token, 'POST', `/api/admin/rates/proposals/${first.id}/approve`);
    expect(res.body.code).toBe(40014);
  });

  it('answers 40012 for a proposal that does not exist, and only admins decide', async () => {
    const missing = await staffCall(
      app,
      second.token,
      'POST',
      '/api/admin/rates/proposals/999999999/approve',
    );
    expect(missing.body.code).toBe(40012);
    const proposal = await propose();
    const byViewer = await staffCall(
      app,
      viewer.token,
      'POST',
      `/api/admin/rates/proposals/${proposal.id}/approve`,
    );
    expect(byViewer.status).toBe(403);
  });
});

describe('a negative spread (sell rate above the buy rate)', () => {
  it('is refused with 40010 even when confirmed, and the rates in force stay', async () => {
    const res = await setRates(admin, {
      buyRate: '36.50',
      sellRate: '36.60',
      sellFeePercent: '1',
      confirmed: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40010);
    expect((await memberRate()).sellRate).toBe('35.20');
  });

  it('is refused by the rates service itself, whoever writes (40010)', async () => {
    await expect(
      app.services.rates.set(system, { buyRate: '35.00', sellRate: '35.01', sellFeePercent: '1' }),
    ).rejects.toMatchObject({ def: { code: 40010 } });
    expect((await memberRate()).sellRate).toBe('35.20');
  });
});

/** What staff send to move the buy rate `percent` from the rates in force, sell 35.20 and fee 1 % kept. */
async function buyStep(staff: TestStaff, percent: string) {
  const buyRate = new Decimal((await memberRate()).buyRate).times(new Decimal(100).plus(percent).div(100));
  return setRates(staff, {
    buyRate: buyRate.toFixed(2, Decimal.ROUND_HALF_UP),
    sellRate: '35.20',
    sellFeePercent: '1',
    confirmed: true,
  });
}

const approve = (staff: TestStaff, proposal: RateProposal | null) =>
  staffCall(app, staff.token, 'POST', `/api/admin/rates/proposals/${proposal?.id}/approve`, {});

describe('a change of the sell fee, measured as the move of what a seller gets per USDT', () => {
  it('1 % to 99.999 % by one admin needs confirmation, then is only a proposal: rates and fee stay until another admin approves', async () => {
    const body = { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '99.999' };
    const refused = await setRates(admin, body);
    expect(refused.body.code).toBe(40011);
    expect(refused.body.result?.period).toMatchObject({
      current: { sellFeePercent: '1.00', netSellRate: '34.85' },
      proposed: { sellFeePercent: '99.999', netSellRate: '0.01' },
      buyChangePercent: '0.00',
      sellChangePercent: '0.00',
      netSellChangePercent: '-100.00',
      needsApproval: true,
    });
    const inForce = { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1.00' };
    expect(await memberRate()).toMatchObject(inForce);

    const proposal = periodOf((await setRates(admin, { ...body, confirmed: true })).body).proposal;
    expect(proposal).toMatchObject({
      sellFeePercent: '99.999',
      from: { sellFeePercent: '1.00' },
      netSellChangePercent: '-100.00',
      proposedBy: admin.username,
    });
    expect(await memberRate()).toMatchObject(inForce);
    expect((await approve(admin, proposal)).body.code).toBe(40013);
    expect(await memberRate()).toMatchObject(inForce);

    expect((await approve(second, proposal)).body.code).toBe(0);
    expect(await memberRate()).toMatchObject({ ...inForce, sellFeePercent: '99.999' });
  });

  it('within rateChangeConfirmPercent applies at once (1 % to 2 %); past it (2 % to 5 %, -3.06 %) needs confirmation', async () => {
    const within = await setRates(admin, { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '2' });
    expect(periodOf(within.body)).toMatchObject({ sellFeePercent: '2.00', proposal: null });
    expect((await memberRate()).sellFeePercent).toBe('2.00');

    const past = await setRates(admin, { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '5' });
    expect(past.body.code).toBe(40011);
    expect(past.body.result?.period).toMatchObject({ netSellChangePercent: '-3.06', needsApproval: false });
    expect((await memberRate()).sellFeePercent).toBe('2.00');
  });
});

describe('a change is also measured against a reference only a second admin moves', () => {
  it('six confirmed +14 % steps never take the buy rate past +15 % from the reference: from the second on each is only a proposal', async () => {
    const outcomes: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      const res = await buyStep(admin, '14');
      outcomes.push(periodOf(res.body).proposal ? 'proposal' : 'applied');
    }
    expect(outcomes).toEqual(['applied', 'proposal', 'proposal', 'proposal', 'proposal', 'proposal']);
    expect((await memberRate()).buyRate).toBe('41.61');

    // Unconfirmed, the second step says why: +14.01 % from the rates in force, +29.97 % from the reference.
    const asked = await setRates(admin, { buyRate: '47.44', sellRate: '35.20', sellFeePercent: '1' });
    expect(asked.body.result?.period).toMatchObject({
      current: { buyRate: '41.61' },
      buyChangePercent: '14.01',
      reference: { rates: { buyRate: '36.50' }, buyChangePercent: '29.97' },
      needsApproval: true,
    });
    expect(await pendingProposal()).toMatchObject({
      buyRate: '47.44',
      from: { buyRate: '41.61' },
      reference: { rates: { buyRate: '36.50' }, buyChangePercent: '29.97' },
    });
  });

  it('once a second admin approves, the approved rates are the reference: small steps from them apply again', async () => {
    await buyStep(admin, '14');
    const proposal = periodOf((await buyStep(admin, '14')).body).proposal;
    expect(proposal).toMatchObject({ buyRate: '47.44' });
    expect((await approve(second, proposal)).body.code).toBe(0);

    expect(periodOf((await buyStep(admin, '14')).body)).toMatchObject({ buyRate: '54.08', proposal: null });
    expect(periodOf((await buyStep(admin, '14')).body).proposal).toMatchObject({
      reference: { rates: { buyRate: '47.44' } },
    });
    expect((await memberRate()).buyRate).toBe('54.08');
  });

  it('the rates in force 24 hours ago are the reference: a step from rates a day old applies, the next within the day is a proposal', async () => {
    await buyStep(admin, '14');
    await sql`update rates set created_at = created_at - interval '25 hours'`.execute(app.database.db);

    expect(periodOf((await buyStep(admin, '14')).body)).toMatchObject({ buyRate: '47.44', proposal: null });
    const asked = await setRates(admin, { buyRate: '54.08', sellRate: '35.20', sellFeePercent: '1' });
    const { reference } = periodOf(asked.body) as unknown as RateChangeCheck;
    expect(reference).toMatchObject({ rates: { buyRate: '41.61' }, buyChangePercent: '29.97' });
    expect(Date.now() - Date.parse(reference?.since ?? '')).toBeGreaterThan(24 * 3600_000);
    expect(periodOf((await buyStep(admin, '14')).body).proposal).toMatchObject({ buyRate: '54.08' });
    expect((await memberRate()).buyRate).toBe('47.44');
  });
});
