import { readFileSync } from 'node:fs';
import { E, type ErrorDef, KYC_IMAGE_SLOTS } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createMember, post, signIn } from '../../../test/members.ts';

/**
 * The corpus of bad uploads (apps/api/test/fixtures/uploads, made by generate.mjs there): each is
 * sent as one of the four images of uploadKyc and alone to uploadImgFile; each bad one is refused
 * with its code and nothing is stored. The table of what each got is printed.
 */
const dir = new URL('../../../test/fixtures/uploads/', import.meta.url);
const file = (name: string) => readFileSync(new URL(name, dir)).toString('base64');

const CORPUS: [name: string, base64: () => string, expected: ErrorDef | null][] = [
  ['SVG renamed .png', () => file('svg-renamed.png'), E.IMAGE_TYPE_INVALID],
  ['HTML with JPEG magic bytes', () => file('html-jpeg-polyglot.jpg'), E.IMAGE_UNREADABLE],
  ['PNG header claiming 100,000 x 100,000 px', () => file('png-bomb-header.png'), E.IMAGE_TOO_MANY_PIXELS],
  ['truncated JPEG', () => file('truncated.jpg'), E.IMAGE_UNREADABLE],
  ['zero bytes', () => file('empty.png'), E.IMAGE_REQUIRED],
  ['2 MB + 1 byte JPEG', () => file('too-large.jpg'), E.IMAGE_TOO_LARGE],
  ['valid base64 of random bytes', () => file('random.bin'), E.IMAGE_TYPE_INVALID],
  ['invalid base64', () => '/9j/4AAQ$$$not base64!', E.IMAGE_UNREADABLE],
  ['GIF', () => file('image.gif'), E.IMAGE_TYPE_INVALID],
  ['animated PNG', () => file('animated.png'), E.IMAGE_ANIMATED],
  ['JPEG with GPS EXIF (accepted, stored without it)', () => file('gps-exif.jpg'), null],
  ['JPEG with an HTML comment (accepted, stored without it)', () => file('jpeg-with-html-comment.jpg'), null],
];

let app: FastifyInstance;
let token: string;
let memberId: number;
let good: string;
const table: { file: string; bytes: number; uploadImgFile: number; uploadKyc: number; message: string }[] =
  [];

beforeAll(async () => {
  ({ app } = await testApp());
  const m = await createMember(app);
  memberId = m.id;
  token = await signIn(app, m.username, m.password);
  good = (
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0b5d4b' } })
      .png()
      .toBuffer()
  ).toString('base64');
});

afterAll(async () => {
  // biome-ignore lint/suspicious/noConsole: the suite prints the corpus table, the figures decision 0032 quotes.
  console.table(table);
  await app.close();
});

async function stored() {
  const db = app.database.db;
  const files = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const kyc = await db
    .selectFrom('kyc_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { files: Number(files.n), kyc: Number(kyc.n) };
}

describe('every bad upload of the corpus is refused with its code and nothing is stored', () => {
  it.each(CORPUS.filter(([, , expected]) => expected !== null))('%s', async (name, base64, expected) => {
    const image = base64();
    const before = await stored();
    const checked = await post(app, '/api/external/user/uploadImgFile', { image }, { token });
    const submitted = await post(
      app,
      '/api/external/user/uploadKyc',
      { ...Object.fromEntries(KYC_IMAGE_SLOTS.map((s) => [s, good])), screenshot1Image: image },
      { token },
    );
    table.push({
      file: name,
      bytes: Buffer.from(image, 'base64').length,
      uploadImgFile: checked.body.code,
      uploadKyc: submitted.body.code,
      message: submitted.body.message,
    });
    expect(checked.body.code).toBe(expected?.code);
    expect(submitted.body.code).toBe(expected?.code);
    expect(checked.status).toBeLessThan(500);
    expect(await stored()).toEqual(before);
  });
});

describe('good uploads are stored re-encoded, without their metadata', () => {
  it('a JPEG with GPS EXIF and one with an HTML comment are accepted; the stored copies carry neither', async () => {
    const gps = file('gps-exif.jpg');
    expect((await sharp(Buffer.from(gps, 'base64')).metadata()).exif).toBeDefined();
    const comment = file('jpeg-with-html-comment.jpg');
    const res = await post(
      app,
      '/api/external/user/uploadKyc',
      { passportImage: gps, holdingPassportImage: comment, screenshot1Image: good, screenshot2Image: good },
      { token },
    );
    for (const [name, image] of [
      ['JPEG with GPS EXIF', gps],
      ['JPEG with an HTML comment', comment],
    ] as const) {
      table.push({
        file: name,
        bytes: Buffer.from(image, 'base64').length,
        uploadImgFile: 0,
        uploadKyc: res.body.code,
        message: 'stored',
      });
    }
    expect(res.body.code).toBe(0);
    const files = await app.database.db
      .selectFrom('files')
      .select(['bytes', 'mime'])
      .where('owner_member_id', '=', memberId)
      .orderBy('id')
      .execute();
    const [passport, holding] = files.slice(-4);
    const meta = await sharp(Buffer.from(passport?.bytes ?? [])).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect(Buffer.from(holding?.bytes ?? []).includes('<script>')).toBe(false);
  });
});
