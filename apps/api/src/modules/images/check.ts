import { createHash } from 'node:crypto';
import { E, IMAGE_MAX_PIXELS, type ImageMime, imageMimeOf, KYC_MAX_UPLOAD_BYTES } from '@bahtdesk/contract';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../../http/app-error.ts';

/** An uploaded image after its checks: re-encoded bytes, ready to store. */
export interface CheckedImage {
  mime: ImageMime;
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
}

// One image at a time per libvips thread pool: a burst of uploads queues instead of taking every core.
sharp.concurrency(1);

/**
 * An animated PNG (APNG) carries an `acTL` chunk before its first `IDAT`; libvips reads only the
 * first frame and does not say there are more, so the chunks are walked here.
 */
function isAnimatedPng(png: Buffer): boolean {
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'acTL') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/**
 * Checks an image by its bytes and re-encodes it (decision 0032), in this order, each failure
 * with its code and nothing stored:
 * 1. base64 -> bytes; JPEG or PNG by the magic bytes (50007), at most 2 MB (50008);
 * 2. the header only: the format must agree with the magic, at most IMAGE_MAX_PIXELS pixels
 *    (50037), read before any pixel is decoded, so a decompression bomb allocates nothing;
 * 3. one frame only (an animated PNG: 50038);
 * 4. a full decode (a truncated or corrupt file: 50016), turned upright by its EXIF
 *    orientation, then written again in the same format with no metadata at all (EXIF with GPS,
 *    XMP, comments: gone) and in sRGB.
 */
export async function checkImage(base64: string): Promise<CheckedImage> {
  const declared = imageMimeOf(base64);
  if (!declared) throw new AppError(E.IMAGE_TYPE_INVALID);
  const input = Buffer.from(base64, 'base64');
  if (input.length === 0) throw new AppError(E.IMAGE_REQUIRED);
  if (input.length > KYC_MAX_UPLOAD_BYTES) throw new AppError(E.IMAGE_TOO_LARGE);

  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(E.IMAGE_UNREADABLE);
  }
  const format = header.format === 'jpeg' ? 'image/jpeg' : header.format === 'png' ? 'image/png' : null;
  if (format !== declared) throw new AppError(E.IMAGE_TYPE_INVALID);
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width * height > IMAGE_MAX_PIXELS) throw new AppError(E.IMAGE_TOO_MANY_PIXELS);
  if ((header.pages ?? 1) > 1 || (format === 'image/png' && isAnimatedPng(input))) {
    throw new AppError(E.IMAGE_ANIMATED);
  }

  let bytes: Buffer;
  let info: OutputInfo;
  try {
    const pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .toColourspace('srgb');
    ({ data: bytes, info } = await (format === 'image/jpeg'
      ? pipeline.jpeg({ quality: 85, mozjpeg: true })
      : pipeline.png({ compressionLevel: 9 })
    ).toBuffer({ resolveWithObject: true }));
  } catch {
    throw new AppError(E.IMAGE_UNREADABLE);
  }
  // A re-encoded PNG of noise can come out larger than it went in: it is still an image the server
  // decoded itself, so it is kept as long as it stays under the limit.
  if (bytes.length > KYC_MAX_UPLOAD_BYTES) throw new AppError(E.IMAGE_TOO_LARGE);
  return {
    mime: format,
    bytes,
    width: info.width,
    height: info.height,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
