import {
  bangkokDate,
  CLIENT_SIGNATURE_HEADER,
  E,
  fileEndpoints,
  IDEMPOTENCY_KEY_HEADER,
  memberEndpoints,
  transactionEndpoints,
} from '@bahtdesk/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { memberActor } from '../../src/modules/audit/index.ts';
import { testApp } from '../harness.ts';
import { clientSignature } from '../members.ts';
import { createTrader, deskReady, type Trader } from '../traders.ts';
import { fuzzEndpoints, type Hints, RUNS_PER_ENDPOINT } from './requests.ts';

/**
 * The member API (the spec's calls, nothing else) under generated requests, most of them carrying
 * a member's token (a verified member with saved entries) or a clientSignature as the endpoint asks.
 * The order calls reach past their lookups: the bodies mostly name the member's own orders, the
 * rate in force and its saved entries, and a check of the answers' codes proves they did.
 */
let app: FastifyInstance;
/** The member whose token the requests carry: a new trader for each order call (prepare). */
let memberId: number;

const RATES = { buyRate: '35.50', sellRate: '34.80', sellFeePercent: '1' };
/** The networks the desk receives on (deskReady). */
const DESK_NETWORKS = ['TETHER', 'BEP20'] as const;
/** A buy the slip can pay (1,000 USDT) and one above the cash-deposit ceiling (20,000 USDT). */
const BUY_AMOUNTS = ['35500.00', '710000.00'];
/** Pending orders of each type made before each order call; a confirm run uses up about half. */
const POOL = 45;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ({ app } = await testApp());
  // A member who may trade, with rates and desk settings, so order calls get past the gate.
  await deskReady(app, RATES);
  // The cap at its highest: the generated creates succeed many times before 50041 stops them.
  await app.services.settings.set({ type: 'system', id: null }, 'openOrderCap', 100);
  ({ id: memberId } = await createTrader(app));
});

afterAll(async () => {
  await app.close();
});

/** A new session of the test's member (no password hashing). */
async function memberToken(): Promise<string> {
  return (await app.services.sessions.startMember(memberId, { ip: '127.0.0.1', userAgent: 'fuzz' })).token;
}

/** Pending buy and sell orders of a trader, made through the service. */
async function placeOrders(trader: Trader, n: number) {
  const actor = memberActor({ ip: '127.0.0.1' }, trader.id);
  const buy: string[] = [];
  const sell: string[] = [];
  for (let i = 0; i < n; i++) {
    const bought = await app.services.orders.create(actor, trader.id, {
      type: 'buy',
      amountThb: BUY_AMOUNTS[i % BUY_AMOUNTS.length] as string,
      rate: RATES.buyRate,
      usdtAddressId: trader.usdtAddressId,
    });
    const sold = await app.services.orders.create(actor, trader.id, {
      type: 'sell',
      amountUsdt: '1000.00',
      rate: RATES.sellRate,
      feePercent: RATES.sellFeePercent,
      network: DESK_NETWORKS[i % DESK_NETWORKS.length] as (typeof DESK_NETWORKS)[number],
      bankAccountId: trader.bankAccountId,
    });
    buy.push(bought.id);
    sell.push(sold.id);
  }
  return { buy, sell };
}

/**
 * Slips and screenshots with a QR code, as Thai bank slips have, so the slip's QR is read: a
 * transfer reference, Thai text, and a payload longer than the 1,000 characters kept of it.
 */
const QR_PAYLOADS = [
  '0041000600000101030040220014242082547BPM049885102TH91049C3D',
  'สลิปโอนเงิน ธนาคารกสิกรไทย 35,500.00 บาท',
  'x'.repeat(1_500),
];

async function qrImage(payload: string): Promise<string> {
  const qr = await QRCode.toBuffer(payload, { width: 400, margin: 2 });
  return (
    await sharp({ create: { width: 600, height: 800, channels: 3, background: '#fafafa' } })
      .composite([{ input: qr, top: 350, left: 100 }])
      .jpeg({ quality: 90 })
      .toBuffer()
  ).toString('base64');
}

/**
 * Idempotency-Key values: mostly new ones, some of a few that repeat (a retry with the same body
 * answers the first request's order, with another body 50062), now and then one the server
 * refuses (400).
 */
const idempotencyKeys = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/) },
  { weight: 1, arbitrary: fc.constantFrom(...Array.from({ length: 8 }, (_, i) => `fuzz-retry-${i}`)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[ -~]{0,120}$/) },
);

/** An instant in the desk's hours (09:00-16:00 Bangkok) on one of the next 29 days. */
const deskHours = fc
  .record({ day: fc.integer({ min: 1, max: 29 }), minute: fc.integer({ min: 0, max: 7 * 60 }) })
  .map(({ day, minute }) => {
    const date = bangkokDate(new Date(Date.now() + day * DAY_MS));
    const hh = String(9 + Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    return `${date}T${hh}:${mm}:00+07:00`;
  });
/**
 * An instant of the last few minutes: after the orders were placed (prepare), less the allowance
 * (DEPOSIT_BEFORE_ORDER_MS), so a deposit time fits the order; older or future ones answer 50063.
 */
const lately = fc
  .integer({ min: 0, max: 8 * 60 })
  .map((seconds) => new Date(Date.now() - seconds * 1000).toISOString());
/** Transfer hashes as Ethereum and BNB Smart Chain write them (the desk's networks), in any case. */
const evmHashes = fc.stringMatching(/^(0x)?[0-9a-fA-F]{64}$/);

/** The five calls on one order (getOrderTerms reads two rows and settings: the usual runs suffice). */
const isOrderCall = (name: string) => name in transactionEndpoints && name !== 'getOrderTerms';

/**
 * Each order call is fuzzed as a new trader with pending orders of its own, so what one call's
 * requests do (confirms, creates up to the cap) never uses up the next call's orders; the hints
 * point the bodies at those orders, the rate and fee in force and the trader's saved entries.
 */
async function prepare(name: string): Promise<Hints> {
  if (!isOrderCall(name)) return {};
  const trader = await createTrader(app);
  memberId = trader.id;
  if (name === 'createTransaction') {
    return {
      [`header:${IDEMPOTENCY_KEY_HEADER}`]: idempotencyKeys,
      'buy.rate': fc.constant(RATES.buyRate),
      'sell.rate': fc.constant(RATES.sellRate),
      feePercent: fc.constant(RATES.sellFeePercent),
      network: fc.constantFrom(...DESK_NETWORKS),
      usdtAddressId: fc.constant(trader.usdtAddressId),
      bankAccountId: fc.constant(trader.bankAccountId),
    };
  }
  const orders = await placeOrders(trader, POOL);
  const images = fc.constantFrom(...(await Promise.all(QR_PAYLOADS.map(qrImage))));
  // A confirm names an order of its method's type, but for one of the other type now and then.
  const buy = fc.constantFrom(...orders.buy, ...orders.sell.slice(0, 1));
  const sell = fc.constantFrom(...orders.sell, ...orders.buy.slice(0, 1));
  return {
    [`header:${IDEMPOTENCY_KEY_HEADER}`]: idempotencyKeys,
    id: fc.oneof(buy, sell),
    'cash_deposit.id': buy,
    'cash_appointment.id': buy,
    'usdt_transfer.id': sell,
    depositAmount: fc.constantFrom(...BUY_AMOUNTS),
    depositAt: lately,
    txHash: evmHashes,
    slipImage: images,
    proofImage: images,
    locationId: fc.constant('silom'),
    appointmentAt: deskHours,
  };
}

/** Answers only a request that found its order gets: refusals of what it asked of that order. */
const FOUND = [
  E.TRANSACTION_EXPIRED,
  E.TRANSACTION_STATUS_INVALID,
  E.CASH_APPOINTMENT_ONLY,
  E.DEPOSIT_AMOUNT_MISMATCH,
  E.LOCATION_NOT_FOUND,
  E.HOLIDAY_NOT_ALLOWED,
  E.APPOINTMENT_TIME_INVALID,
  E.DEPOSIT_TIME_INVALID,
  E.TX_HASH_USED,
  E.IDEMPOTENCY_KEY_REUSED,
].map((e) => e.code);

/**
 * How deep the order calls' requests went: many succeed, and those that name an order mostly
 * find it (no longer nearly all 50012), so the test fails if the hints stop reaching the data.
 */
function expectDepth(name: string, codes: ReadonlyMap<number, number>, runs: number): void {
  if (!isOrderCall(name)) return;
  const count = (code: number) => codes.get(code) ?? 0;
  const seen = `${name}: ${JSON.stringify(Object.fromEntries(codes))}`;
  const ok = count(0);
  // A fifth of a list's requests succeed, and a fiftieth of the others' (of 1,000: 200 and 20).
  expect(ok, seen).toBeGreaterThanOrEqual(runs / (name === 'getTransactionList' ? 5 : 50));
  if (name === 'createTransaction') {
    // Past the rate check, a create succeeds until the trader's open orders reach the cap or its
    // day's buying or selling room runs out (both checked after the rate, decision 0067).
    const atLiveRate =
      ok +
      count(E.OPEN_ORDER_LIMIT.code) +
      count(E.BUY_LIMIT_REACHED.code) +
      count(E.SELL_LIMIT_REACHED.code);
    expect(count(E.RATE_MISMATCH.code), seen).toBeLessThan(atLiveRate);
  }
  if (name === 'getTransaction' || name === 'getReceivePayment' || name === 'confrimTransaction') {
    const found = ok + FOUND.reduce((n, code) => n + count(code), 0);
    expect(count(E.TRANSACTION_NOT_FOUND.code), seen).toBeLessThan(found);
  }
}

/** Whether this run checks the order calls' depth (and gives them the 1,000 requests it needs). */
const depthChecked = process.env.TEST_DB !== 'pg' || RUNS_PER_ENDPOINT >= 1000;

fuzzEndpoints(
  { ...memberEndpoints, ...fileEndpoints },
  () => app,
  async (e, kind): Promise<Record<string, string>> => {
    if (kind === 'none') return {};
    if (e.access === 'member') {
      return { authorization: kind === 'junk' ? 'Bearer not-a-token' : `Bearer ${await memberToken()}` };
    }
    if (e.access === 'signed') {
      return { [CLIENT_SIGNATURE_HEADER]: kind === 'junk' ? '1.x.y' : await clientSignature(app) };
    }
    return {};
  },
  // The order calls' depth checks compare counts, which need about 1,000 requests to hold at any
  // seed. They check the generator's hints, which are the same on both databases: under npm test
  // they run on PGlite, and on PostgreSQL only when FUZZ_RUNS asks for as many (the deep tier),
  // where the order calls otherwise get the usual runs and the same no-5xx, envelope-only checks.
  depthChecked
    ? { prepare, expectCodes: expectDepth, minRuns: (name) => (isOrderCall(name) ? 1000 : 0) }
    : { prepare },
);
