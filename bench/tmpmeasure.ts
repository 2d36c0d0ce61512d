import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { checkImage } from '../apps/api/src/modules/images/check.ts';
import { readSlipQr } from '../apps/api/src/modules/images/slip-qr.ts';
const jpeg = await sharp({ create: { width: 1920, height: 2560, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg({ quality: 80 }).toBuffer();
console.log('bytes', jpeg.length);
for (let i = 0; i < 3; i++) {
  let s = performance.now();
  const c = await checkImage(jpeg.toString('base64'));
  const a = performance.now() - s; s = performance.now();
  await readSlipQr(c.bytes);
  console.log('check', a.toFixed(0), 'qr', (performance.now() - s).toFixed(0));
}
