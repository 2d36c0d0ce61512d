// Section (i) of `npm run bench`: the cost of a member's photo. (1) In Chromium: shrinking a
// 12-megapixel JPEG (4,000 x 3,000) with the app's own module (shrinkPhoto.ts) before upload.
// (2) On the server: checking and re-encoding one ~2 MB JPEG (modules/images/check.ts), beside a
// bare header read of the same bytes with sharp, in the same run.
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { checkImage } from '../apps/api/src/modules/images/check.ts';

const RUNS = 15;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const line = (name: string, times: number[]) =>
  `| ${name} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${times.length} |`;

async function noisyJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality })
    .toBuffer();
}

async function serverSide(): Promise<void> {
  const jpeg = await noisyJpeg(1800, 1350, 93);
  const base64 = jpeg.toString('base64');
  const check: number[] = [];
  const header: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    await sharp(jpeg).metadata();
    header.push(performance.now() - start);
    start = performance.now();
    await checkImage(base64);
    check.push(performance.now() - start);
  }
  console.log(`Server, one ${(jpeg.length / 1024 / 1024).toFixed(2)} MB JPEG (1,800 x 1,350):\n`);
  console.log('| step | p50 | p95 | runs |\n|---|---|---|---|');
  console.log(line('bare sharp header read (baseline)', header));
  console.log(line('checkImage: header, full decode, re-encode', check));
}

async function browserSide(): Promise<void> {
  const bundled = await build({
    stdin: {
      contents:
        "import { shrinkPhoto } from './apps/web/src/lib/shrinkPhoto.ts'; window.shrinkPhoto = shrinkPhoto;",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'error',
  });
  const photo = await noisyJpeg(4000, 3000, 90);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>shrink</title>');
    await page.addScriptTag({ content: bundled.outputFiles[0]?.text ?? '' });
    const times: number[] = await page.evaluate(
      async ({ b64, runs }) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const file = new Blob([bytes], { type: 'image/jpeg' });
        const shrink = (window as unknown as { shrinkPhoto: (f: Blob) => Promise<Blob> }).shrinkPhoto;
        const out: number[] = [];
        for (let i = 0; i < runs; i++) {
          const start = performance.now();
          await shrink(file);
          out.push(performance.now() - start);
        }
        return out;
      },
      { b64: photo.toString('base64'), runs: 5 },
    );
    console.log(
      `\nChromium, shrinking a 12-megapixel JPEG (4,000 x 3,000, ${(photo.length / 1024 / 1024).toFixed(1)} MB) to at most 2,560 px and 2 MB:\n`,
    );
    console.log('| step | p50 | p95 | runs |\n|---|---|---|---|');
    console.log(line('shrinkPhoto (decode, draw, JPEG encode)', times));
  } finally {
    await browser.close();
  }
}

await serverSide();
await browserSide();
