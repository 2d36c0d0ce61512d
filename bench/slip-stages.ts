// Part of section `slip` of `npm run bench`: where a slip confirm's CPU time goes on PGlite, stage
// by stage, in process (decision 0073). A 2 MB slip photo as in bench/slip-confirm.mjs; on a
// fresh PGlite folder (as the server opens it): the body's JSON parse, checkImage (header read,
// decode, re-encode, hash), the file's insert in a transaction, reading the bytes back (as staff
// viewing the slip, or a QR read after a restart, do), and the QR read. Each figure is the median of 3 runs of the process's CPU time (every thread),
// with its wall time beside it; bench/run.mjs bundles and runs it.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuUsage } from 'node:process';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import {
  type CheckedImage,
  checkImage,
  readSlipQr,
  storeImage,
} from '../apps/api/src/modules/images/index.ts';

const RUNS = 3;
const qr = await QRCode.toBuffer('bench-slip-stages', { width: 360, margin: 2 });
const slip = await sharp({
  create: {
    width: 1920,
    height: 2560,
    channels: 3,
    background: '#eee',
    noise: { type: 'gaussian', mean: 200, sigma: 24 },
  },
})
  .composite([{ input: qr, top: 1900, left: 1300 }])
  .jpeg({ quality: 85 })
  .toBuffer();
const body = JSON.stringify({ slipImage: slip.toString('base64') });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
const rows: string[] = [];

/** Runs `stage` RUNS times; records the median CPU and wall time. */
async function measure<T>(label: string, stage: () => Promise<T> | T): Promise<T> {
  const cpu: number[] = [];
  const wall: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < RUNS; i++) {
    const before = cpuUsage();
    const start = performance.now();
    result = await stage();
    wall.push(performance.now() - start);
    const used = cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  const ms = (values: number[]) => `${Math.round(median(values))} ms`.padStart(9);
  rows.push(`| ${label.padEnd(58)} | ${ms(cpu)} | ${ms(wall)} |`);
  return result as T;
}

const folder = mkdtempSync(join(tmpdir(), 'bahtdesk-slip-stages-'));
const database = await openDatabase({ dataDir: folder });
try {
  await migrateToLatest(database.db);
  const { id: memberId } = await database.db
    .insertInto('members')
    .values({
      username: 'benchslip',
      password_hash: 'x',
      first_name: 'Bench',
      last_name: 'Slip',
      phone: '0812345678',
      email: 'benchslip@example.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parsed = await measure('the body parsed (JSON, 2.6 MB of base64)', () => JSON.parse(body));
  const image: CheckedImage = await measure('checkImage (header, decode, re-encode, sha-256)', () =>
    checkImage(parsed.slipImage),
  );
  const fileId = await measure('the file inserted in a transaction (PGlite)', () =>
    database.db.transaction().execute((t) => storeImage(t, memberId, 'slip', image)),
  );
  await measure('the bytes read back (PGlite)', () =>
    database.db.selectFrom('files').select('bytes').where('id', '=', fileId).executeTakeFirstOrThrow(),
  );
  await measure('the QR read (after the answer: resize, jsQR)', () => readSlipQr(image.bytes));
} finally {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
}
process.stdout.write(
  [
    `A 2 MB slip's stages in process on a PGlite folder, median of ${RUNS} runs; CPU is the process's (every`,
    `thread). Load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
    '',
    `| ${'stage'.padEnd(58)} |       CPU |      wall |`,
    `|${'-'.repeat(60)}|-----------|-----------|`,
    ...rows,
    '',
  ].join('\n'),
);
