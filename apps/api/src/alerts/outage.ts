import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Delivery } from '../delivery/index.ts';
import type { DeskAlert } from './desk-alerts.ts';
import { type OutagePart, processRecovered, processUnreachable } from './messages.ts';

/**
 * How the outage watch judges (decision 0082): a check every `checkEveryMs`; a part failing at
 * every check for `downAfterMs` is an outage and is told once; it is over when every part has
 * passed every check for `upAfterMs`, and that is told once too. A failed send is tried again
 * `retryMs` later, `sendAttempts` times in all.
 */
export const OUTAGE_TIMING = {
  checkEveryMs: 5_000,
  downAfterMs: 30_000,
  upAfterMs: 120_000,
  pingTimeoutMs: 2_000,
  retryMs: 10_000,
  sendAttempts: 3,
};
export type OutageTiming = typeof OUTAGE_TIMING;

export interface OutageWatchDeps {
  /** Resolves when the database answers (the pool's ping); throws or hangs when it does not. */
  ping(): Promise<void>;
  /** Whether this process's event bus listener hears every event (decision 0054). */
  busConnected(): boolean;
  /** The desk's recipients (DESK_ALERT_EMAILS, DESK_ALERT_LINE_GROUP). */
  recipients: { channel: 'email' | 'sms' | 'line'; to: string }[];
  /**
   * The adapters that send without the database: SMTP when SMTP_URL is set, the LINE push when LINE
   * is configured. A recipient whose channel has none gets nothing (the log still says it).
   */
  adapters: { email?: Delivery; line?: Delivery };
  log: {
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
  timing?: Partial<OutageTiming>;
  /** Names this process in the alert (default: host name and process id). */
  processName?: string;
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Tells the desk alert channel when this process cannot reach its database or its event bus, and
 * when it can again (decision 0082). While the database is down the outbox cannot be written, so
 * these two alerts skip the notification queue: they go straight to the channel adapters, from
 * this process, once per outage (an outage must last `downAfterMs`, and ends only after `upAfterMs`
 * of health, so a flapping connection is one outage, not a stream of messages). Each alert is also
 * logged (error, then info): without SMTP_URL, the email part is only in the log.
 */
export function createOutageWatch(deps: OutageWatchDeps) {
  const timing = { ...OUTAGE_TIMING, ...deps.timing };
  const name = deps.processName ?? `${hostname()} (pid ${process.pid})`;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /** Ends the waits between send attempts when the process stops. */
  let stopping = new AbortController();
  let checking: Promise<void> | undefined;
  const sending = new Set<Promise<void>>();
  let checks = 0;
  /** The trouble seen now: since when (monotonic and wall clock) and whether it was told. */
  let trouble: { since: number; at: Date; told?: OutagePart[]; healthySince?: number } | undefined;

  async function failing(): Promise<OutagePart[]> {
    const parts: OutagePart[] = [];
    try {
      await withTimeout(deps.ping(), timing.pingTimeoutMs);
    } catch {
      parts.push('database');
    }
    if (!deps.busConnected()) parts.push('eventBus');
    return parts;
  }

  /** Sends `alert` to every recipient with an adapter, trying a failed one again a few times. */
  function tell(alert: DeskAlert): void {
    for (const { channel, to } of deps.recipients) {
      const adapter =
        channel === 'email' ? deps.adapters.email : channel === 'line' ? deps.adapters.line : undefined;
      if (!adapter) {
        deps.log.warn(
          { kind: alert.kind, channel },
          `desk alert not sent: no ${channel} channel is configured`,
        );
        continue;
      }
      // One key for every attempt, so LINE never shows a retried push twice.
      const message = { channel, to, subject: alert.subject, text: alert.text, key: randomUUID() };
      const attempts = (async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            await adapter.send(message);
            deps.log.info({ kind: alert.kind, channel, attempt }, 'desk alert sent directly');
            return;
          } catch (err) {
            const last = attempt >= timing.sendAttempts || stopped;
            deps.log.warn(
              { kind: alert.kind, channel, attempt, error: err instanceof Error ? err.message : String(err) },
              last ? 'desk alert not delivered' : 'desk alert not delivered, will retry',
            );
            if (last) return;
            const waited = await sleep(timing.retryMs, true, { signal: stopping.signal, ref: false }).catch(
              () => false,
            );
            if (!waited) return;
          }
        }
      })();
      sending.add(attempts);
      void attempts.finally(() => sending.delete(attempts));
    }
  }

  async function check(): Promise<void> {
    const parts = await failing();
    checks += 1;
    const now = performance.now();
    if (parts.length > 0) {
      if (!trouble) trouble = { since: now, at: new Date() };
      trouble.healthySince = undefined;
      if (!trouble.told && now - trouble.since >= timing.downAfterMs) {
        trouble.told = parts;
        const alert = processUnreachable(name, parts, trouble.at);
        deps.log.error({ kind: alert.kind, parts, since: trouble.at }, alert.subject);
        tell(alert);
      }
      return;
    }
    if (!trouble) return;
    if (!trouble.told) {
      trouble = undefined;
      return;
    }
    trouble.healthySince ??= now;
    if (now - trouble.healthySince < timing.upAfterMs) return;
    const alert = processRecovered(name, trouble.told, trouble.at, new Date());
    deps.log.info({ kind: alert.kind, parts: trouble.told, since: trouble.at }, alert.subject);
    trouble = undefined;
    tell(alert);
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      checking = check()
        .catch((err: unknown) => deps.log.error({ err }, 'outage check failed'))
        .finally(() => {
          checking = undefined;
          schedule();
        });
    }, timing.checkEveryMs);
    timer.unref();
  }

  return {
    /** Checks every `checkEveryMs` from now on. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      stopping = new AbortController();
      schedule();
    },
    /** Stops checking; waits for the check and the sends under way (a failed send is not retried). */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await checking;
      await Promise.all(sending);
    },
    /** Checks made so far, and whether an outage has been told and not yet its end (for tests). */
    state: () => ({ checks, down: trouble?.told !== undefined }),
  };
}

export type OutageWatch = ReturnType<typeof createOutageWatch>;
