// One bounded load run with autocannon on loopback: a short warm-up, then DURATION seconds measured.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export const CONNECTIONS = 50;
export const WARMUP_SECONDS = 1;
export const DURATION_SECONDS = 5;

function fire(options, duration, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { connections: CONNECTIONS, pipelining: 1, duration, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse) instance.on('response', onResponse);
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Measures one request shape. Returns requests per second, p50 and p99 latency in ms (from every
 * response's own duration: autocannon's histogram keeps whole milliseconds only, too coarse on
 * loopback), how many responses were not 2xx or failed (a figure with any is not clean), and,
 * given the server's pid, the server's CPU time per request in µs: unlike req/s, that figure
 * hardly moves when other processes compete for the 2 cores.
 */
export async function measure({ url, method = 'GET', body, headers = {}, seconds = DURATION_SECONDS, pid }) {
  if (!new URL(url).hostname.startsWith('127.')) throw new Error(`benches run on loopback only, not ${url}`);
  const options = { url, method, headers, ...(body === undefined ? {} : { body }) };
  await fire(options, WARMUP_SECONDS);
  const durations = [];
  const cpuBefore = pid ? cpuMs(pid) : undefined;
  const result = await fire(options, seconds, (_client, _status, _bytes, responseTime) => {
    durations.push(responseTime);
  });
  const cpuAfter = pid ? cpuMs(pid) : undefined;
  durations.sort((a, b) => a - b);
  const served = result.requests.total;
  return {
    cpuMicros:
      cpuBefore === undefined || cpuAfter === undefined || served === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / served,
    rps: result.requests.average,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** The median of several runs, figure by figure. */
export function median(runs) {
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const cpu = runs.map((run) => run.cpuMicros).filter((value) => value !== undefined);
  return {
    rps: middle(runs.map((run) => run.rps)),
    p50: middle(runs.map((run) => run.p50)),
    p99: middle(runs.map((run) => run.p99)),
    bad: runs.reduce((sum, run) => sum + run.bad, 0),
    cpuMicros: cpu.length === runs.length ? middle(cpu) : undefined,
  };
}
