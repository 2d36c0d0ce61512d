import { base64 } from '@scure/base';
import { E, type ErrorDef } from '../errors.ts';
import { KYC_MAX_UPLOAD_BYTES } from '../limits.ts';
import { codeMessage } from './messages.ts';
import { cappedString } from './text.ts';

/**
 * An uploaded image travels inside the JSON body as plain base64 (no data: prefix), so one schema
 * checks it in the browser, the server and the OpenAPI document, and the image reaches the
 * server in the same request as the record that refers to it. The contract checks what it can
 * from the text: present, at most 2 MB once decoded, valid base64, and JPEG or PNG by its magic
 * bytes. The server still decodes the image and re-encodes it (decision 0032).
 */
export type ImageMime = 'image/jpeg' | 'image/png';

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_BASE64_LENGTH = 4 * Math.ceil(KYC_MAX_UPLOAD_BYTES / 3);

/** The number of bytes a base64 text decodes to. */
export function base64DecodedSize(s: string): number {
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return (s.length / 4) * 3 - padding;
}

/** JPEG or PNG by the magic bytes at the start of a base64 image; null for anything else. */
export function imageMimeOf(s: string): ImageMime | null {
  let head: Uint8Array;
  try {
    head = base64.decode(s.slice(0, 12));
  } catch {
    return null;
  }
  const starts = (magic: number[]) => magic.every((b, i) => head[i] === b);
  if (starts(JPEG_MAGIC)) return 'image/jpeg';
  if (starts(PNG_MAGIC)) return 'image/png';
  return null;
}

/** What is wrong with a base64 image, or null when the contract finds nothing. */
export function imageProblem(s: string): ErrorDef | null {
  if (s.length === 0) return E.IMAGE_REQUIRED;
  if (s.length > MAX_BASE64_LENGTH || (s.length % 4 === 0 && base64DecodedSize(s) > KYC_MAX_UPLOAD_BYTES)) {
    return E.IMAGE_TOO_LARGE;
  }
  if (s.length % 4 !== 0 || !BASE64_RE.test(s)) return E.IMAGE_UNREADABLE;
  if (imageMimeOf(s) === null) return E.IMAGE_TYPE_INVALID;
  return null;
}

export const imageBase64Schema = cappedString(
  MAX_BASE64_LENGTH,
  codeMessage(E.IMAGE_TOO_LARGE),
  codeMessage(E.IMAGE_REQUIRED),
).superRefine((s, ctx) => {
  const problem = imageProblem(s);
  if (problem) ctx.addIssue({ code: 'custom', message: codeMessage(problem) });
});
