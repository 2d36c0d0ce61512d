// The fault drills' clients (decision 0057): members who create orders and confirm them as a
// careful client does, members asking for a one-time code now and then, and an admin moving the buy
// rate every couple of seconds; and the figures of what each Idempotency-Key was answered.
import { setTimeout as sleep } from 'node:timers/promises';

const CREATE = '/api/external/transaction/createTransaction';
const CONFIRM = '/api/external/transaction/confrimTransaction';
/** A client gives up retrying one send after this long (it never learns whether it was stored). */
const CALL_GIVE_UP_MS = 20_000;
/** The second send of a call leaves at most this long after the first. */
const SECOND_SEND_MS = 30;
/** The admin moves the buy rate this often. */
const RATE_EVERY_MS = 2_000;
/** One member after the other asks for a code this often (a member may ask once a minute). */
const CODE_EVERY_MS = 5_000;
/** createTransaction's refusal of a rate no longer in force, with the rates in force. */
const RATE_MISMATCH = 50017;

/**
 * The shared state of the load: the processes the clients spread their calls over (a load
 * balancer's pool, `live`), every attempt with its time, every answer per Idempotency-Key, the
 * orders acknowledged, and the rate changes answered with the time of their answer.
 */
export function createLoad(servers) {
  let stop;
  const stopped = new Promise((resolve) => {
    stop = resolve;
  });
  return {
    live: [...servers],
    started: performance.now(),
    /** The same moment on Date.now(), the clock of the times the database writes. */
    startedAt: Date.now(),
    stopping: false,
    /** Resolves once the load is told to stop, for the clients' pauses. */
    stopped,
    stop() {
      this.stopping = true;
      stop();
    },
    /** Every attempt of a call: { at, url, path, answer, status, retryAfter, ok }. */
    attempts: [],
    /**
     * Per Idempotency-Key, every answer that was not a fault: { ok, id, rate } or { refused, answer }
     * (with the rate a 50017 names),
     * each with its time (ms since the load began) and the port of the process that gave it.
     */
    answers: new Map(),
    /** Members whose load a refusal ended (the open-order cap, say): how many of each answer. */
    endedBy: {},
    created: [],
    confirmed: [],
    /** Creates refused with 50017 (the rate had changed), each followed by a new create at the new rate. */
    rateRefusals: 0,
    /** Rate changes in force, each with Date.now() at its answer (after its commit). */
    rateChanges: [],
    /** Rate changes not answered with new rates in force: how many of each answer. */
    rateChangesNotAnswered: {},
    codes: { asked: 0, answered: 0 },
  };
}

const pause = (load, ms) => Promise.race([sleep(ms), load.stopped]);

/** One attempt of a call: its HTTP status, envelope code and Retry-After, or the network error's name. */
async function attempt(url, path, { token, key, body, headers = {} }) {
  try {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {}
    const retryAfter = response.headers.get('retry-after');
    const ok = envelope?.code === 0;
    return {
      answer: `${response.status}${envelope ? ` ${envelope.code}` : ''}${retryAfter ? ` Retry-After ${retryAfter}` : ''}`,
      status: response.status,
      retryAfter,
      ok,
      /** A refusal retrying cannot change: a 4xx with its code. */
      refused: !ok && response.status >= 400 && response.status < 500,
      code: envelope?.code,
      period: envelope?.result?.period,
    };
  } catch (error) {
    return { answer: error.cause?.code ?? error.name ?? 'error', ok: false, refused: false };
  }
}

/**
 * A member's client: creates a buy order at the rate it last read, then confirms it (cash
 * appointment), each call with its own Idempotency-Key. Each call is sent twice at once, on two
 * processes, as a client that sends again before the first answer (a double tap, a timeout too
 * short); each send is retried with the key on the next process, after a short pause, on a network
 * error or a 5xx, until it is answered or gives up. A create refused with 50017 takes the rate
 * that answer names and places a new order; any other refusal ends the member's load (the
 * open-order cap, say).
 */
export async function memberClient(member, load, { buyRate, appointmentAt }) {
  let turn = member.index;
  const next = () => load.live[turn++ % load.live.length].url;
  const keep = (key, url, answer) => {
    if (!load.answers.has(key)) load.answers.set(key, []);
    const at = Math.round(performance.now() - load.started);
    load.answers.get(key).push({ ...answer, at, port: new URL(url).port });
  };
  const end = (result) => {
    load.endedBy[result.answer] = (load.endedBy[result.answer] ?? 0) + 1;
  };
  const send = async (path, key, body) => {
    const started = performance.now();
    while (performance.now() - started < CALL_GIVE_UP_MS) {
      const url = next();
      const at = performance.now();
      const result = await attempt(url, path, { token: member.token, key, body });
      load.attempts.push({ at, url, path, ...result });
      if (result.ok) keep(key, url, { ok: true, id: result.period.id, rate: result.period.rate });
      if (result.refused)
        keep(key, url, { refused: true, answer: result.answer, rate: result.period?.buyRate });
      if (result.ok || result.refused) return result;
      await sleep(100 + Math.random() * 200);
    }
    return undefined;
  };
  /** Both sends of a call: the answer of the one that succeeded, else a refusal, else nothing. */
  const perform = async (path, key, body) => {
    const results = await Promise.all([
      send(path, key, body),
      sleep(Math.random() * SECOND_SEND_MS).then(() => send(path, key, body)),
    ]);
    return results.find((r) => r?.ok) ?? results.find((r) => r?.refused);
  };
  let rate = buyRate;
  for (let n = 1; !load.stopping; n++) {
    const key = `drill-${member.index}-${n}-${Date.now().toString(36)}`;
    const created = await perform(CREATE, `${key}-c`, {
      type: 'buy',
      amountThb: '5000.00',
      rate,
      usdtAddressId: member.usdtAddressId,
    });
    if (!created) continue;
    if (created.code === RATE_MISMATCH) {
      load.rateRefusals += 1;
      rate = created.period.buyRate;
      continue;
    }
    if (!created.ok) return end(created);
    const order = created.period;
    load.created.push(order.id);
    const confirmed = await perform(CONFIRM, `${key}-f`, {
      id: order.id,
      method: 'cash_appointment',
      locationId: 'silom',
      appointmentAt,
    });
    if (confirmed?.ok) load.confirmed.push(order.id);
    else if (confirmed) return end(confirmed);
  }
}

/**
 * Every CODE_EVERY_MS one member after the other asks for a password reset code by email and for
 * their username by SMS (once each, as the member app does; a lost answer is not asked again):
 * messages a copy of which is harmless (decision 0095), beside the order notices that go at most once.
 */
export async function codeRequests(members, load) {
  for (let i = 0; !load.stopping; i++) {
    const member = members[i % members.length];
    const url = load.live[i % load.live.length].url;
    const ask = async (path, body) => {
      load.codes.asked += 1;
      try {
        const response = await fetch(`${url}/api/clientSignature`, { signal: AbortSignal.timeout(10_000) });
        const signature = (await response.json()).result.period.clientSignature;
        const result = await attempt(url, path, { body, headers: { 'x-client-signature': signature } });
        if (result.ok) load.codes.answered += 1;
      } catch {
        // The process or the database was away: the member would ask again later.
      }
    };
    await Promise.all([
      ask('/api/external/user/forgotPassword', { channel: 'email', email: member.email }),
      ask('/api/external/user/forgotUsername', { channel: 'phone', phone: member.phone }),
    ]);
    await pause(load, CODE_EVERY_MS);
  }
}

/** A rate in satang as the API writes it ('36.51'): money stays whole numbers here, never a float. */
const baht = (satang) => `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`;

/**
 * Every RATE_EVERY_MS the admin moves the buy rate up one satang through the next live process: a
 * new rate each time (so each stored order names the change it was placed at), far inside the
 * confirm bound from the rates in force and the max bound from the 24-hour reference (decisions
 * 0045, 0090): a six-minute drill moves it at most 1.80 THB, 5 %. A change answered with the new
 * rates in force is kept with Date.now() at its answer, after its commit (the database's clock is
 * this machine's).
 */
export async function rateChanges(adminToken, rates, load) {
  const [whole, cents] = rates.buyRate.split('.');
  let satang = Number(whole) * 100 + Number(cents);
  for (let turn = 0; ; turn++) {
    await pause(load, RATE_EVERY_MS);
    if (load.stopping) return;
    satang += 1;
    const buyRate = baht(satang);
    const result = await attempt(load.live[turn % load.live.length].url, '/api/admin/rates', {
      token: adminToken,
      body: { buyRate, sellRate: rates.sellRate, sellFeePercent: rates.sellFeePercent },
    });
    if (result.ok && result.period.proposal === null)
      load.rateChanges.push({ rate: buyRate, at: Date.now() });
    else load.rateChangesNotAnswered[result.answer] = (load.rateChangesNotAnswered[result.answer] ?? 0) + 1;
  }
}

/** A rate as whole satang, to compare two rates exactly. */
const satangOf = (rate) => {
  const [whole, cents = '0'] = rate.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};

/**
 * What the Idempotency-Keys were answered: keys answered with a success more than once (both sends,
 * or a retry), keys whose successes named more than one order, and keys refused beside a success,
 * by either send in either order (one request, two outcomes): of them, those refused after the
 * success, and those whose refusal (50017) named a newer rate than the order's (the refused send
 * looked its key up before the order committed, and its process had heard of a change since) or an
 * older one (its process had not heard of the change the order's rate came from: the rates only go
 * up in the drill). Each listed key shows its answers: the order and its rate, or the refusal and
 * the rate it names; @ the process's port; + ms after the key's first answer, which is given in s
 * into the load.
 */
export function keyFigures(answers) {
  let answeredTwice = 0;
  let refusedAfterSuccess = 0;
  const splitIds = [];
  const refusedBesideSuccess = [];
  const refusalNamed = { newer: 0, older: 0 };
  for (const [key, list] of answers) {
    const successes = list.filter((a) => a.ok);
    const ids = new Set(successes.map((a) => a.id));
    if (successes.length > 1) answeredTwice += 1;
    const first = Math.min(...list.map((a) => a.at));
    const answer = (a) =>
      `${a.ok ? a.id : a.answer}${a.rate ? ` at ${a.rate}` : ''} @${a.port} +${a.at - first} ms`;
    const told = `${key} (${(first / 1000).toFixed(1)} s): ${list.map(answer).join(', ')}`;
    if (ids.size > 1) splitIds.push(told);
    const refusals = list.filter((a) => a.refused);
    if (ids.size > 0 && refusals.length > 0) {
      refusedBesideSuccess.push(told);
      if (refusals.some((r) => r.at > Math.min(...successes.map((a) => a.at)))) refusedAfterSuccess += 1;
      const stored = satangOf(successes[0].rate);
      for (const r of refusals.filter((r) => r.rate)) {
        if (satangOf(r.rate) > stored) refusalNamed.newer += 1;
        if (satangOf(r.rate) < stored) refusalNamed.older += 1;
      }
    }
  }
  return {
    keys: answers.size,
    answeredTwice,
    splitIds,
    refusedBesideSuccess,
    refusedAfterSuccess,
    refusalNamed,
  };
}
