import jsQR from 'jsqr';
import sharp from 'sharp';
import { imageWorkWhenIdle } from './queue.ts';

/** Thai bank slips print their QR small in a corner: 1,200 px wide keeps it readable. */
const READ_WIDTH = 1200;

/**
 * The payload of the QR code on a slip (Thai bank slips carry one that names the transfer), or
 * null when there is none that can be read. `bytes` is an image checkImage already accepted; it is
 * decoded again in the image queue once no upload's work runs or waits there (no request waits
 * for this read: decision 0062).
 */
export function readSlipQr(bytes: Uint8Array): Promise<string | null> {
  return imageWorkWhenIdle(() => decodeQr(bytes));
}

async function decodeQr(bytes: Uint8Array): Promise<string | null> {
  const { data, info } = await sharp(bytes)
    .resize({ width: READ_WIDTH, withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Slips print dark modules on light paper: the second, inverted pass jsQR makes by default
  // doubles the read's time for a code no slip has.
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
    {
      inversionAttempts: 'dontInvert',
    },
  );
  return code?.data ? code.data.slice(0, 1000) : null;
}
