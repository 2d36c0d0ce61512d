import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { E, type ErrorDef } from '../errors.ts';
import { kycEndpoints, uploadKycBodySchema } from './kyc.ts';
import {
  confirmTransactionBodySchema,
  createTransactionBodySchema,
  customRangeOf,
  transactionEndpoints,
  transactionListBodySchema,
} from './transaction.ts';

/** The start of a JPEG file (FF D8 FF E0 ...) in base64. */
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/';
const codes = (schema: z.ZodType, v: unknown) =>
  schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
const c = (d: ErrorDef) => String(d.code);

describe('transaction endpoints', () => {
  it('sit at the exact paths the member app calls, for signed-in members', () => {
    const paths = Object.fromEntries(
      Object.entries({ ...transactionEndpoints, ...kycEndpoints }).map(([k, e]) => [
        k,
        `${e.method} ${e.path}`,
      ]),
    );
    expect(paths).toEqual({
      getOrderTerms: 'POST /api/external/transaction/getOrderTerms',
      getTransactionList: 'POST /api/external/transaction/getTransactionList',
      getTransaction: 'POST /api/external/transaction/getTransaction',
      createTransaction: 'POST /api/external/transaction/createTransaction',
      confrimTransaction: 'POST /api/external/transaction/confrimTransaction',
      getReceivePayment: 'POST /api/external/transaction/getReceivePayment',
      uploadKyc: 'POST /api/external/user/uploadKyc',
      uploadImgFile: 'POST /api/external/user/uploadImgFile',
      stageKycImage: 'POST /api/external/user/stageKycImage',
      submitKyc: 'POST /api/external/user/submitKyc',
    });
    for (const e of Object.values({ ...transactionEndpoints, ...kycEndpoints }))
      expect(e.access).toBe('member');
  });

  it('never throw on any JSON body (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        for (const e of Object.values({ ...transactionEndpoints, ...kycEndpoints })) e.body?.safeParse(v);
        return true;
      }),
      { numRuns: 1000 },
    );
  });
});

describe('history list', () => {
  it('defaults to this month, page 1 of 20', () => {
    expect(transactionListBodySchema.parse({})).toEqual({ filter: 'thisMonth', page: 1, pageSize: 20 });
  });

  it('needs both dates of a custom range, in order', () => {
    expect(codes(transactionListBodySchema, { filter: 'custom' })).toEqual([c(E.REQUIRED), c(E.REQUIRED)]);
    expect(
      codes(transactionListBodySchema, { filter: 'custom', startDate: '2025-09-02', endDate: '2025-09-01' }),
    ).toEqual([c(E.INVALID_INPUT)]);
    expect(
      codes(transactionListBodySchema, { filter: 'custom', startDate: '2025-02-30', endDate: '2025-03-01' }),
    ).toEqual([c(E.INVALID_INPUT)]);
    const body = transactionListBodySchema.parse({
      filter: 'custom',
      startDate: '2025-09-01',
      endDate: '2025-09-30',
    });
    expect(customRangeOf(body)).toEqual({ from: '2025-09-01', to: '2025-09-30' });
  });

  it('refuses an unknown filter and an oversize page', () => {
    expect(transactionListBodySchema.safeParse({ filter: 'forever' }).success).toBe(false);
    expect(transactionListBodySchema.safeParse({ pageSize: 101 }).success).toBe(false);
  });
});

describe('creating an order', () => {
  it('takes a buy in THB with the rate shown and a saved address', () => {
    const body = { type: 'buy', amountThb: '1000', rate: '35.42', usdtAddressId: 1 };
    expect(createTransactionBodySchema.parse(body)).toEqual(body);
  });

  it('takes a sell in USDT with the rate and fee shown, a network and a saved bank account', () => {
    const body = {
      type: 'sell',
      amountUsdt: '100.5',
      rate: '35.37',
      feePercent: '0.5',
      network: 'SOLANA',
      bankAccountId: 2,
    };
    expect(createTransactionBodySchema.parse(body)).toEqual(body);
  });

  it('asks to specify buy or sell', () => {
    expect(codes(createTransactionBodySchema, { amountThb: '1000' })).toEqual([c(E.TYPE_REQUIRED)]);
    expect(codes(createTransactionBodySchema, { type: 'swap' })).toEqual([c(E.TYPE_REQUIRED)]);
  });

  it('answers the limit codes of the catalogue', () => {
    expect(
      codes(createTransactionBodySchema, { type: 'buy', amountThb: '999', rate: '35', usdtAddressId: 1 }),
    ).toEqual([c(E.BUY_MIN)]);
    expect(
      codes(createTransactionBodySchema, {
        type: 'sell',
        amountUsdt: '100001',
        rate: '35',
        feePercent: '0',
        network: 'BEP20',
        bankAccountId: 1,
      }),
    ).toEqual([c(E.SELL_MAX)]);
    expect(
      codes(createTransactionBodySchema, { type: 'buy', amountThb: 1000, rate: '35', usdtAddressId: 1 }),
    ).toEqual([c(E.AMOUNT_REQUIRED)]);
    expect(
      codes(createTransactionBodySchema, { type: 'buy', amountThb: '1,000', rate: '35', usdtAddressId: 1 }),
    ).toEqual([c(E.WRONG_FORMAT)]);
  });
});

describe('confirming an order', () => {
  it('takes a cash deposit with amount, time and slip', () => {
    const body = {
      id: 'B250903000123',
      method: 'cash_deposit',
      depositAmount: '1000',
      depositAt: '2025-09-03T10:15:00+07:00',
      slipImage: JPEG,
    };
    expect(confirmTransactionBodySchema.parse(body)).toEqual(body);
    expect(codes(confirmTransactionBodySchema, { ...body, depositAt: undefined })).toEqual([
      c(E.PAYMENT_DETAILS_REQUIRED),
    ]);
    expect(codes(confirmTransactionBodySchema, { ...body, slipImage: '' })).toEqual([c(E.IMAGE_REQUIRED)]);
  });

  it('takes a cash appointment on a weekday in Bangkok only', () => {
    const body = {
      id: 'B1',
      method: 'cash_appointment',
      locationId: 'silom',
      appointmentAt: '2025-09-05T16:00:00+07:00',
    };
    expect(confirmTransactionBodySchema.safeParse(body).success).toBe(true);
    // Friday 23:30 UTC is Saturday in Bangkok.
    expect(codes(confirmTransactionBodySchema, { ...body, appointmentAt: '2025-09-05T23:30:00Z' })).toEqual([
      c(E.WEEKDAY_REQUIRED),
    ]);
    expect(codes(confirmTransactionBodySchema, { ...body, locationId: ' ' })).toEqual([c(E.REQUIRED)]);
  });

  it('takes a USDT transfer with a hash or a screenshot, and asks for proof without either', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(
      confirmTransactionBodySchema.safeParse({ id: 'S1', method: 'usdt_transfer', txHash: hash }).success,
    ).toBe(true);
    expect(
      confirmTransactionBodySchema.safeParse({ id: 'S1', method: 'usdt_transfer', proofImage: JPEG }).success,
    ).toBe(true);
    expect(codes(confirmTransactionBodySchema, { id: 'S1', method: 'usdt_transfer' })).toEqual([
      c(E.PROOF_REQUIRED),
    ]);
    expect(
      codes(confirmTransactionBodySchema, { id: 'S1', method: 'usdt_transfer', txHash: 'nope' }),
    ).toEqual([c(E.WRONG_FORMAT)]);
  });

  it('asks for the transaction id and for payment details', () => {
    expect(
      codes(confirmTransactionBodySchema, { method: 'usdt_transfer', txHash: `0x${'ab'.repeat(32)}` }),
    ).toEqual([c(E.ITEM_ID_REQUIRED)]);
    expect(codes(confirmTransactionBodySchema, { id: 'S1' })).toEqual([c(E.PAYMENT_DETAILS_REQUIRED)]);
  });
});

describe('identity verification upload', () => {
  it('needs all four images', () => {
    const body = {
      passportImage: JPEG,
      holdingPassportImage: JPEG,
      screenshot1Image: JPEG,
      screenshot2Image: JPEG,
    };
    expect(uploadKycBodySchema.safeParse(body).success).toBe(true);
    expect(codes(uploadKycBodySchema, { ...body, screenshot2Image: undefined })).toEqual([
      c(E.IMAGE_REQUIRED),
    ]);
  });
});
