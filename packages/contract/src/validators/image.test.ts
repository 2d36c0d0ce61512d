import { base64 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { E } from '../errors.ts';
import { KYC_MAX_UPLOAD_BYTES } from '../limits.ts';
import { base64DecodedSize, imageBase64Schema, imageMimeOf, imageProblem } from './image.ts';

const bytes = (head: number[], size: number) => {
  const b = new Uint8Array(size);
  b.set(head);
  return base64.encode(b);
};
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const codeOf = (v: unknown) => imageBase64Schema.safeParse(v).error?.issues[0]?.message;

describe('uploaded images: JPG or PNG, at most 2 MB', () => {
  it('recognises JPEG and PNG by their magic bytes', () => {
    expect(imageMimeOf(bytes(JPEG, 100))).toBe('image/jpeg');
    expect(imageMimeOf(bytes(PNG, 100))).toBe('image/png');
    expect(imageMimeOf(bytes(GIF, 100))).toBeNull();
    expect(imageMimeOf('%%%')).toBeNull();
  });

  it('counts decoded bytes', () => {
    for (const n of [1, 2, 3, 4, 100]) expect(base64DecodedSize(bytes([], n))).toBe(n);
  });

  it('accepts a JPEG or PNG of exactly 2 MB', () => {
    expect(imageBase64Schema.parse(bytes(JPEG, KYC_MAX_UPLOAD_BYTES))).toHaveLength(
      4 * Math.ceil(KYC_MAX_UPLOAD_BYTES / 3),
    );
    expect(imageProblem(bytes(PNG, KYC_MAX_UPLOAD_BYTES))).toBeNull();
  });

  it('refuses an image over 2 MB', () => {
    expect(imageProblem(bytes(JPEG, KYC_MAX_UPLOAD_BYTES + 1))).toBe(E.IMAGE_TOO_LARGE);
    expect(codeOf(bytes(JPEG, KYC_MAX_UPLOAD_BYTES + 3))).toBe(String(E.IMAGE_TOO_LARGE.code));
  });

  it('refuses other image types, text that is not base64 and a missing image', () => {
    expect(codeOf(bytes(GIF, 100))).toBe(String(E.IMAGE_TYPE_INVALID.code));
    expect(codeOf(`data:image/png;base64,${bytes(PNG, 30)}`)).toBe(String(E.IMAGE_UNREADABLE.code));
    expect(codeOf('abc')).toBe(String(E.IMAGE_UNREADABLE.code));
    expect(codeOf('')).toBe(String(E.IMAGE_REQUIRED.code));
    expect(codeOf(undefined)).toBe(String(E.IMAGE_REQUIRED.code));
  });
});
