import { BROWSER_MAX_PHOTO_BYTES, KYC_MAX_UPLOAD_BYTES, UPLOAD_MAX_SIDE_PX } from '@bahtdesk/contract';

/**
 * A member's photo made small enough to send (docs/product.md, Identity verification): up to 40 MB
 * may be picked; it is drawn upright (EXIF orientation applied), its long side at most 2,560 px, as
 * a JPEG of at most 2 MB (quality stepped down, then the size, until it fits). The server checks
 * and re-encodes it again.
 */
export type PhotoProblem = 'type' | 'tooBig' | 'unreadable';

export class PhotoError extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(problem);
  }
}

/** JPEG or PNG by the file's first bytes (never its name or declared type). */
export async function photoType(file: Blob): Promise<'image/jpeg' | 'image/png' | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

/** The drawn size: the long side at most `max`, proportions kept, whole pixels. */
export function fitWithin(
  width: number,
  height: number,
  max = UPLOAD_MAX_SIDE_PX,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const QUALITIES = [0.9, 0.8, 0.7, 0.6, 0.5];

function toJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoError('unreadable');
  // White under a PNG's transparent parts (JPEG has no transparency).
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PhotoError('unreadable'))),
      'image/jpeg',
      quality,
    ),
  );
}

/** The photo shrunk to a JPEG the server takes; throws PhotoError('type' | 'tooBig' | 'unreadable'). */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  if ((await photoType(file)) === null) throw new PhotoError('type');
  if (file.size > BROWSER_MAX_PHOTO_BYTES) throw new PhotoError('tooBig');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoError('unreadable');
  }
  try {
    let { width, height } = fitWithin(bitmap.width, bitmap.height);
    for (;;) {
      for (const quality of QUALITIES) {
        const blob = await toJpeg(bitmap, width, height, quality);
        if (blob.size <= KYC_MAX_UPLOAD_BYTES) return blob;
      }
      ({ width, height } = fitWithin(width, height, Math.round(Math.max(width, height) * 0.8)));
    }
  } finally {
    bitmap.close();
  }
}

/** A blob as the base64 text the API takes (no data: prefix). */
export async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
