import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { imageWorkWhenIdle } from './queue.ts';

/** Thai bank slips print their QR small in a corner: 1,200 px wide keeps it readable. */
const READ_WIDTH = 1200;

/** jsQR's own file, loaded by path in the worker, so the same code runs from the sources and the bundle. */
const JSQR_FILE = createRequire(import.meta.url).resolve('jsqr');

/**
 * The worker's code: one read of the pixels it is given, its answer posted, then it ends. Slips
 * print dark modules on light paper: the second, inverted pass jsQR makes by default doubles the
 * read's time for a code no slip has.
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const jsQR = require(workerData.jsqr);
const { data, width, height } = workerData;
const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height, {
  inversionAttempts: 'dontInvert',
});
parentPort.postMessage(code && code.data ? code.data.slice(0, 1000) : null);
`;

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
  return findQr(data, info.width, info.height);
}

/**
 * jsQR over the pixels in a worker thread of its own: the search takes seconds of CPU on a photo
 * of paper grain (3 s for 1,200 x 1,600 px on this machine), which on the main thread would hold
 * every request that arrives meanwhile (decision 0073).
 */
function findQr(data: Buffer, width: number, height: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(READER, { eval: true, workerData: { jsqr: JSQR_FILE, data, width, height } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the QR reader stopped with code ${code}`)));
  });
}
