// The fault drills' messages (decisions 0057 and 0095): the stand-in SMTP server and SMS gateway of
// the tests (apps/api/test/fake-delivery.ts, bundled with bench/drill-delivery.ts), which every API
// process delivers to and which count the copies of each message by its key; the wait for the
// outbox to drain; and, per outbox row, what arrived.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { bundle } from './bundle.mjs';

/** The stand-ins, started: the API's environment for them, their copies per key by channel, and close(). */
export async function startDelivery() {
  const { startFakeSmtp, startFakeSmsGateway, COPY_HARMLESS_KINDS } = await import(
    await bundle('drill-delivery')
  );
  const smtp = await startFakeSmtp();
  const sms = await startFakeSmsGateway().catch(async (error) => {
    await smtp.close();
    throw error;
  });
  return {
    env: { SMTP_URL: smtp.url, SMS_GATEWAY_URL: `http://${sms.host}/sms` },
    copies: { email: smtp.copies, sms: sms.copies },
    /** Kinds a second copy of which does no harm (a one-time code, a username): the others go at most once. */
    harmlessKinds: COPY_HARMLESS_KINDS,
    close: () => Promise.all([smtp.close(), sms.close()]),
  };
}

async function query(databaseUrl, sql) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Waits until no message of the outbox is pending or being sent, at most `limitMs`: answers the
 * milliseconds it took, or undefined past the limit.
 */
export async function drainOutbox(databaseUrl, limitMs) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const [{ n }] = await query(
      databaseUrl,
      `select count(*)::int as n from outbox where state in ('pending', 'sending')`,
    );
    if (n === 0) return performance.now() - started;
    await sleep(250);
  }
  return undefined;
}

/**
 * Every outbox row against the copies its channel's stand-in received under its key: messages
 * queued by state; keys received more than once, for kinds that go at most once and for kinds a
 * copy of which is harmless; messages lost (marked sent and never received, never settled, failed);
 * rows in `unknown` (the send began and its outcome was never recorded), received or not, and when
 * each one's send began (ms, the database's clock: this machine's); and copies received under a key
 * no row has.
 */
export async function messageFigures(databaseUrl, delivery) {
  const rows = await query(databaseUrl, 'select channel, kind, state, retry_key, send_began_at from outbox');
  const copiesOf = (row) => delivery.copies[row.channel]?.get(row.retry_key) ?? 0;
  const byState = {};
  for (const row of rows) byState[row.state] = (byState[row.state] ?? 0) + 1;
  const harmless = (row) => delivery.harmlessKinds.includes(row.kind);
  const duplicated = rows.filter((row) => copiesOf(row) > 1);
  const tally = (list) => {
    const counts = {};
    for (const row of list)
      counts[`${row.kind} by ${row.channel}`] = (counts[`${row.kind} by ${row.channel}`] ?? 0) + 1;
    return counts;
  };
  const keys = new Set(rows.map((row) => `${row.channel} ${row.retry_key}`));
  let received = 0;
  let strangers = 0;
  for (const [channel, copies] of Object.entries(delivery.copies)) {
    for (const [key, n] of copies) {
      received += n;
      if (!keys.has(`${channel} ${key}`)) strangers += n;
    }
  }
  const unknown = rows.filter((row) => row.state === 'unknown');
  return {
    messages: rows.length,
    byState,
    byKind: tally(rows),
    received,
    duplicatedAtMostOnce: tally(duplicated.filter((row) => !harmless(row))),
    duplicatedHarmless: tally(duplicated.filter(harmless)),
    harmlessMessages: rows.filter(harmless).length,
    sentNotReceived: rows.filter((row) => row.state === 'sent' && copiesOf(row) === 0).length,
    notSettled: rows.filter((row) => row.state === 'pending' || row.state === 'sending').length,
    failed: rows.filter((row) => row.state === 'failed').length,
    unknownReceived: unknown.filter((row) => copiesOf(row) > 0).length,
    unknownNotReceived: unknown.filter((row) => copiesOf(row) === 0).length,
    unknownBegan: unknown.map((row) => row.send_began_at?.getTime()).filter((t) => t !== undefined),
    strangers,
  };
}
