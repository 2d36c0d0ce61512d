import {
  E,
  type Envelope,
  type ErrorDef,
  IMAGE_MAX_SIDE_PX,
  type ImageCheck,
  KYC_IMAGE_SLOTS,
  UPLOAD_MAX_SIDE_PX,
  UPLOADS_AT_ONCE_PER_ADDRESS,
  UPLOADS_AT_ONCE_PER_MEMBER,
} from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember, post, signIn } from '../../../test/members.ts';
import { IMAGE_JOBS_WAITING_MAX, imageQueueState, imageWork, imageWorkWhenIdle } from './index.ts';

/**
 * What an upload may cost the server (decision 0048): the pixels an image declares are checked
 * from its header before anything is decoded, image work runs one job at a time in a queue of
 * bounded length, and a member and a client address have only so many uploads in progress.
 */
const CHECK = '/api/external/user/uploadImgFile';
const KYC = '/api/external/user/uploadKyc';

let app: FastifyInstance;
let small: string;
/** 7,000 x 5,700 px of one colour: 40 megapixels in about 235 KB. */
let fortyMegapixels: Buffer;

const jpeg = async (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  ({ app } = await testApp());
  small = (await jpeg(64, 48)).toString('base64');
  fortyMegapixels = await jpeg(7000, 5700);
});
afterAll(() => app.close());

let address = 0;
/** A client address of its own for each test, so the per-address cap of one never meets another's. */
const freshAddress = () => `198.51.100.${++address}`;

async function member(): Promise<string> {
  const m = await createMember(app);
  return signIn(app, m.username, m.password);
}

const check = (token: string, image: string, ip: string) =>
  post<ImageCheck>(app, CHECK, { image }, { token, ip });

const codeOf = (res: { body: Envelope<unknown> }) => res.body.code;

/** Holds the image queue with a job of its own until `release` is called. */
async function holdQueue(): Promise<{ release: () => Promise<void> }> {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const job = imageWork(() => opened);
  await vi.waitUntil(() => imageQueueState().running === 1 && imageQueueState().waiting === 0);
  return {
    release: async () => {
      open();
      await job;
    },
  };
}

const waiting = (n: number) => vi.waitUntil(() => imageQueueState().waiting === n, { timeout: 20_000 });

describe('an image with more pixels than the app sends is refused from its header, before any decoding', () => {
  it('refuses a 235 KB JPEG of 40 megapixels with 50037 without waiting for the image queue', async () => {
    expect(fortyMegapixels.length).toBeLessThan(300 * 1024);
    const token = await member();
    // With the queue held, an upload that needed a decode would not answer until it is let go.
    const queue = await holdQueue();
    try {
      const res = await check(token, fortyMegapixels.toString('base64'), freshAddress());
      expect(res.status).toBe(E.IMAGE_TOO_MANY_PIXELS.status);
      expect(codeOf(res)).toBe(E.IMAGE_TOO_MANY_PIXELS.code);
      expect(imageQueueState().waiting).toBe(0);
    } finally {
      await queue.release();
    }
  });

  it.each([
    [
      'what the app sends (its long side at most 2,560 px)',
      UPLOAD_MAX_SIDE_PX,
      (UPLOAD_MAX_SIDE_PX * 3) / 4,
      null,
    ],
    ['a 4:3 photo at the long-side limit', IMAGE_MAX_SIDE_PX, (IMAGE_MAX_SIDE_PX * 3) / 4, null],
    ['a long side one pixel over the limit', IMAGE_MAX_SIDE_PX + 1, 64, E.IMAGE_TOO_MANY_PIXELS],
    [
      'a square at the long-side limit (more pixels than a 4:3 photo)',
      IMAGE_MAX_SIDE_PX,
      IMAGE_MAX_SIDE_PX,
      E.IMAGE_TOO_MANY_PIXELS,
    ],
  ] as [string, number, number, ErrorDef | null][])(
    '%s: %i x %i px',
    async (_name, width, height, refused) => {
      const res = await check(await member(), (await jpeg(width, height)).toString('base64'), freshAddress());
      if (refused) {
        expect(codeOf(res)).toBe(refused.code);
      } else {
        expect(codeOf(res)).toBe(0);
        expect(res.body.result?.period).toMatchObject({ width, height });
      }
    },
  );
});

describe('image work runs one job at a time, in a queue of bounded length', () => {
  it('starts each job only after the one before it has finished, in the order they came', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        imageWork(async () => {
          running++;
          most = Math.max(most, running);
          order.push(i);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('makes an upload wait for the image job before it', async () => {
    const token = await member();
    const queue = await holdQueue();
    let answered = false;
    const upload = check(token, small, freshAddress()).finally(() => {
      answered = true;
    });
    try {
      await waiting(1);
      expect(answered).toBe(false);
    } finally {
      await queue.release();
    }
    expect(codeOf(await upload)).toBe(0);
  });

  it(`answers 50050 at once when ${IMAGE_JOBS_WAITING_MAX} jobs already wait, running nothing`, async () => {
    const token = await member();
    const queue = await holdQueue();
    const others = Array.from({ length: IMAGE_JOBS_WAITING_MAX }, () => imageWork(async () => {}));
    try {
      await waiting(IMAGE_JOBS_WAITING_MAX);
      const res = await check(token, small, freshAddress());
      expect(res.status).toBe(503);
      expect(codeOf(res)).toBe(E.UPLOADS_BUSY.code);
      expect(res.body.message).toBe(E.UPLOADS_BUSY.en);
      expect(imageQueueState().waiting).toBe(IMAGE_JOBS_WAITING_MAX);
    } finally {
      await queue.release();
      await Promise.all(others);
    }
    expect(codeOf(await check(token, small, freshAddress()))).toBe(0);
  });
});

describe('uploads in progress at once are capped per member and per address', () => {
  it(`refuses a member's upload past ${UPLOADS_AT_ONCE_PER_MEMBER} in progress with 50049 (uploadImgFile and uploadKyc together), and takes the next once they are done`, async () => {
    const token = await member();
    const queue = await holdQueue();
    let inProgress: Promise<{ body: Envelope<unknown> }>[] = [];
    try {
      inProgress = [
        check(token, small, freshAddress()),
        post(app, KYC, Object.fromEntries(KYC_IMAGE_SLOTS.map((slot) => [slot, small])), {
          token,
          ip: freshAddress(),
        }),
      ];
      await waiting(UPLOADS_AT_ONCE_PER_MEMBER);
      const extra = await post(app, CHECK, { image: small }, { token, ip: freshAddress(), lang: 'th' });
      expect(extra.status).toBe(429);
      expect(codeOf(extra)).toBe(E.UPLOAD_IN_PROGRESS.code);
      expect(extra.body.message).toBe(E.UPLOAD_IN_PROGRESS.th);
    } finally {
      await queue.release();
    }
    expect((await Promise.all(inProgress)).map(codeOf)).toEqual([0, 0]);
    expect(codeOf(await check(token, small, freshAddress()))).toBe(0);
  });

  it(`refuses an upload past ${UPLOADS_AT_ONCE_PER_ADDRESS} in progress from one address with 50049, while another address still uploads`, async () => {
    const shared = freshAddress();
    const tokens = await Promise.all(Array.from({ length: UPLOADS_AT_ONCE_PER_ADDRESS + 2 }, member));
    const queue = await holdQueue();
    let inProgress: Promise<{ body: Envelope<unknown> }>[] = [];
    try {
      inProgress = tokens.slice(0, UPLOADS_AT_ONCE_PER_ADDRESS).map((token) => check(token, small, shared));
      await waiting(UPLOADS_AT_ONCE_PER_ADDRESS);
      const extra = await check(tokens[UPLOADS_AT_ONCE_PER_ADDRESS] as string, small, shared);
      expect(codeOf(extra)).toBe(E.UPLOAD_IN_PROGRESS.code);
      inProgress.push(check(tokens[UPLOADS_AT_ONCE_PER_ADDRESS + 1] as string, small, freshAddress()));
      await waiting(UPLOADS_AT_ONCE_PER_ADDRESS + 1);
    } finally {
      await queue.release();
    }
    expect((await Promise.all(inProgress)).map(codeOf)).toEqual(
      Array(UPLOADS_AT_ONCE_PER_ADDRESS + 1).fill(0),
    );
    expect(codeOf(await check(tokens[UPLOADS_AT_ONCE_PER_ADDRESS] as string, small, shared))).toBe(0);
  });
});

describe('image work no request waits for yields to uploads', () => {
  it('starts only when the queue is idle, so an upload queued after it still goes first', async () => {
    const queue = await holdQueue();
    const order: string[] = [];
    let later: Promise<void> | undefined;
    let upload: Promise<void> | undefined;
    try {
      later = imageWorkWhenIdle(async () => {
        order.push('later');
      });
      upload = imageWork(async () => {
        order.push('upload');
      });
      await waiting(1);
    } finally {
      await queue.release();
    }
    await Promise.all([later, upload]);
    expect(order).toEqual(['upload', 'later']);
  });
});
