import type { Registry } from 'prom-client';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  labels: { method: string; route: string; status_code: string };
  /** Samples per bucket (not cumulative); the last slot counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`, a Prometheus histogram by method, route pattern and status code,
 * tallied in plain arrays and turned into prom-client's values when /metrics is read. prom-client's
 * own Histogram checks and hashes the labels of every sample, which cost more than the rest of a
 * cached public read's metrics; here a sample is a Map look-up and two additions.
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help =
    'HTTP request duration in seconds (its _count is the number of requests), by route and status code';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, Series>();

  constructor(registry: Registry) {
    registry.registerMetric(this as never);
  }

  /** One answered request; the series are bounded by the routes, methods and status codes. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(status) },
        counts: new Array<number>(BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] as number)) bucket++;
    series.counts[bucket] = (series.counts[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The values prom-client writes: cumulative buckets, +Inf, sum and count of every series. */
  get() {
    const values = [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      let cumulative = 0;
      for (const [i, bound] of BUCKETS.entries()) {
        cumulative += counts[i] as number;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { le: bound, ...labels },
          value: cumulative,
        });
      }
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.#series.clear();
  }
}
