// One bounded load run with autocannon on loopback: a short warm-up, then DURATION seconds measured.
import autocannon from 'autocannon';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
export const DURATION_SECONDS = 5;

function fire(options, duration) {
  return autocannon({ connections: CONNECTIONS, pipelining: 1, duration, ...options });
}

/**
 * Measures one request shape. Returns requests per second, mean, p50 and p99 latency in ms (autocannon
 * records whole milliseconds, so p50 and p99 are coarse on loopback; the mean is exact), and how many
 * responses were not 2xx or failed (a figure with any of those is not a clean measurement).
 */
export async function measure({ url, method = 'GET', body, headers = {} }) {
  if (!new URL(url).hostname.startsWith('127.')) throw new Error(`benches run on loopback only, not ${url}`);
  const options = { url, method, headers, ...(body === undefined ? {} : { body }) };
  await fire(options, WARMUP_SECONDS);
  const result = await fire(options, DURATION_SECONDS);
  return {
    rps: result.requests.average,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}
