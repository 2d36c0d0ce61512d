import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { LiveEventName } from '@bahtdesk/contract';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/connection.ts';

/**
 * The event bus (decision 0012): a change is published once its transaction has committed and
 * reaches every process on the same database. On PGlite (one process) it is an in-process emitter;
 * on PostgreSQL it is LISTEN/NOTIFY on one channel: the publishing process delivers its own event
 * at once (so its next request already sees the change), every other process hears it through its
 * listening connection.
 *
 * While the listening connection is down, events can be missed: `connected` is false, caches must
 * not trust what they hold, and once the listener is back a `bus.resync` event tells every
 * subscriber to drop what it holds.
 *
 * A connection can also go quiet without an error (a NAT or firewall idle timeout, a failover that
 * left it on the old server, a frozen backend): the liveness check (decision 0054) finds that. Every
 * second the process sends a heartbeat through its pool, on a channel only its own listener hears;
 * a heartbeat the database took that has not come back within `LIVENESS.quietAfterMs` makes the
 * listener count as lost: it is logged, `connected` turns false, and the listener reconnects.
 *
 * Callers get the bus through `publishAfterCommit`: their change has committed when they publish,
 * so a publish never fails them; an event that did not go out is made good by a `bus.resync`
 * (decision 0097).
 */
export interface BusEvent {
  name: BusEventName | 'bus.resync';
  data: Record<string, unknown>;
}

/**
 * What the bus carries: the live events browsers receive, and two only the server hears:
 * `session.ended` (data `memberId` or `staffId`): some session of that member or staff member
 * ended, so every process checks the event streams it holds for them and closes the ended ones;
 * `member.changed` (data `memberId`): a row a member's kept reads depend on changed. The database
 * sends that one itself, from a trigger (decision 0085), with no `origin`: every process hears it
 * through its listener, the one that made the change too.
 */
export type BusEventName = LiveEventName | 'session.ended' | 'member.changed';

export interface EventBus {
  /**
   * Announces a change that has committed (`bus.resync`: every process drops what it keeps). Through
   * `publishAfterCommit`, as every caller gets the bus, it never fails (decision 0097).
   */
  publish(name: BusEvent['name'], data?: Record<string, unknown>): Promise<void>;
  /** Calls `handler` for every event from now on; returns the unsubscribe. */
  subscribe(handler: (event: BusEvent) => void): () => void;
  /** True while every event published anywhere is sure to arrive here. */
  readonly connected: boolean;
  /**
   * Seconds since this process last heard its own heartbeat come back (or its listener last
   * connected). Only on PostgreSQL: the in-process bus has no listener to lose.
   */
  heartbeatAgeSeconds?(): number;
  /**
   * Whether a cache kept by this process's events may be trusted now: while it is false, events
   * may be missed, so caches read the database instead (the public reads, the member sessions).
   */
  healthy(): boolean;
  /** Events this process could not send since it started (only through `publishAfterCommit`). */
  publishFailures?(): number;
  close(): Promise<void>;
}

/** The one channel; the database's own notices (`notify_member_changed`) are sent on it too. */
const CHANNEL = 'bahtdesk_events';
/** NOTIFY payloads are limited to 8000 bytes; events carry ids, never documents. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * The liveness check: a heartbeat every `beatMs`; the listener counts as lost when a heartbeat the
 * database took has not come back `quietAfterMs` later. A quiet listener is noticed within
 * beatMs + quietAfterMs + beatMs (6 s) of going quiet.
 */
export const LIVENESS = { beatMs: 1_000, quietAfterMs: 4_000 } as const;

type Log = { warn(o: object, m: string): void; info(o: object, m: string): void };

export function createEventBus(database: Database, log: Log): Promise<EventBus> {
  return database.kind === 'postgres' && database.url
    ? postgresBus(database, database.url, log)
    : inProcessBus(database);
}

/**
 * The bus as the app and the command line hand it to every caller (decision 0097): `publish` never
 * fails, since the change it announces has committed and a caller told "error" would make it again.
 * An event `bus` could not publish (its notice not sent: the pool or the database in trouble; or a
 * subscriber of this process threw) is logged and counted (`publishFailures`, on /metrics), and a
 * `bus.resync` is owed: it is sent a second later, and again every second until it goes out, so
 * every process drops what it keeps and its streams read again, as after a listener reconnects
 * (decision 0054). Changes to what a member's reads show reach every process anyway, from the
 * database's own notices (decision 0085).
 */
export function publishAfterCommit(bus: EventBus, log: Log): EventBus {
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const owe = () => {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = undefined;
      bus
        .publish('bus.resync')
        .then(
          () =>
            log.info(
              {},
              'event bus: every process was told to read afresh after an event that did not go out',
            ),
          owe,
        );
    }, LIVENESS.beatMs);
    retry.unref();
  };

  return {
    get connected() {
      return bus.connected;
    },
    healthy: () => bus.healthy(),
    ...(bus.heartbeatAgeSeconds ? { heartbeatAgeSeconds: () => bus.heartbeatAgeSeconds?.() ?? 0 } : {}),
    publishFailures: () => failures,
    async publish(name, data) {
      try {
        await bus.publish(name, data);
      } catch (err) {
        failures += 1;
        log.warn(
          { err, event: name },
          'event bus could not publish an event after its change committed; every process will be told to read afresh',
        );
        owe();
      }
    },
    subscribe: (handler) => bus.subscribe(handler),
    async close() {
      closed = true;
      if (retry) {
        // A process that stops (the command line after its command) tries once more on its way out.
        clearTimeout(retry);
        await bus
          .publish('bus.resync')
          .catch((err) => log.warn({ err }, 'event bus: the owed bus.resync did not go out'));
      }
      await bus.close();
    },
  };
}

/** An event as the database or a process wrote it on the channel, or undefined if it is not one. */
function parseEvent(payload: string | undefined): (BusEvent & { origin?: string }) | undefined {
  if (!payload) return undefined;
  try {
    const event = JSON.parse(payload) as BusEvent & { origin?: string };
    return typeof event?.name === 'string' ? { ...event, data: event.data ?? {} } : undefined;
  } catch {
    return undefined; // not one of ours
  }
}

/**
 * One process on PGlite: what the process publishes is emitted at once, and what the database
 * notifies on the channel (its triggers) reaches the same emitter through PGlite's `listen`.
 */
async function inProcessBus(database: Database): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const unlisten = await database.listen?.(CHANNEL, (payload) => {
    const event = parseEvent(payload);
    if (event) emitter.emit('event', { name: event.name, data: event.data } satisfies BusEvent);
  });
  return {
    connected: true,
    healthy: () => true,
    async publish(name, data = {}) {
      emitter.emit('event', { name, data } satisfies BusEvent);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
      await unlisten?.();
    },
  };
}

async function postgresBus(database: Database, url: string, log: Log): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let everConnected = false;
  /** Marks this process's own notifications, which it has already delivered. */
  const origin = randomUUID();
  /** Heartbeats go on a channel of this process's own, so no other process hears them. */
  const beatChannel = `bahtdesk_beat_${origin.replaceAll('-', '')}`;
  /** Counts the listener's connections: a heartbeat counts only for the connection it was sent to. */
  let generation = 0;
  let beatsSent = 0;
  let beatsHeard = 0;
  let sending = false;
  let heardAt = performance.now();
  /** Heartbeats the database took and the listener has not heard yet, oldest first. */
  let unheard: { seq: number; at: number }[] = [];

  const deliver = (event: BusEvent) => emitter.emit('event', event);

  /** Drops the listener (its socket too, which a quiet peer would never close) and reconnects. */
  const lost = (message: string, detail: object) => {
    if (!connected && client === undefined) return;
    connected = false;
    const old = client;
    client = undefined;
    unheard = [];
    if (old) {
      old.removeAllListeners();
      old.on('error', () => {});
      old.end().catch(() => {});
      old.connection.stream.destroy();
    }
    if (closed) return;
    log.warn(detail, message);
    schedule();
  };
  const failed = (err: unknown) => lost('event bus listener lost its connection; reconnecting', { err });

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      // Names the listener in pg_stat_activity (unless the URL names its connections itself).
      fallback_application_name: `bahtdesk-bus-${process.pid}`,
    });
    next.on('error', failed);
    next.on('end', () => failed(new Error('listener connection ended')));
    next.on('notification', (msg) => {
      if (msg.channel === beatChannel) {
        heard(Number(msg.payload));
        return;
      }
      if (msg.channel !== CHANNEL) return;
      const event = parseEvent(msg.payload);
      // This process's own events were delivered when published; the database's carry no origin.
      if (event && event.origin !== origin) deliver({ name: event.name, data: event.data });
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      await next.query(`listen ${beatChannel}`);
    } catch (err) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      if (!closed) {
        log.warn({ err }, 'event bus listener could not connect; retrying');
        schedule();
      }
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    connected = true;
    generation += 1;
    heardAt = performance.now();
    retryMs = RECONNECT_MIN_MS;
    if (everConnected) log.info({}, 'event bus listener reconnected');
    everConnected = true;
    // Whatever was published while nobody listened is unknown: everyone starts afresh.
    deliver({ name: 'bus.resync', data: {} });
  };

  const heard = (seq: number) => {
    heardAt = performance.now();
    beatsHeard = Math.max(beatsHeard, seq);
    while (unheard[0] && unheard[0].seq <= beatsHeard) unheard.shift();
  };

  const beat = () => {
    if (sending || !connected) return;
    sending = true;
    const seq = ++beatsSent;
    const sentTo = generation;
    sql`select pg_notify(${beatChannel}, ${String(seq)})`
      .execute(database.db)
      .then(
        () => {
          // Committed: from now on the listener must hear it.
          if (connected && sentTo === generation && seq > beatsHeard)
            unheard.push({ seq, at: performance.now() });
        },
        // Not taken (the pool or the database is in trouble; /readyz says so): nothing to hear back.
        () => {},
      )
      .finally(() => {
        sending = false;
      });
  };

  const overdue = () => {
    const oldest = unheard[0];
    return oldest !== undefined && performance.now() - oldest.at > LIVENESS.quietAfterMs;
  };

  const check = () => {
    if (!overdue()) {
      beat();
      return;
    }
    // The event loop may have been busy: read what already arrived on the socket before judging.
    setImmediate(() => {
      if (!overdue()) return;
      lost(
        'event bus listener went quiet: a heartbeat did not come back; reading from the database and reconnecting',
        {
          quietForMs: Math.round(performance.now() - heardAt),
        },
      );
    });
  };
  const ticker = setInterval(check, LIVENESS.beatMs);
  ticker.unref();

  await connect();

  return {
    get connected() {
      return connected;
    },
    heartbeatAgeSeconds: () => (performance.now() - heardAt) / 1000,
    healthy: () => connected,
    async publish(name, data = {}) {
      const payload = JSON.stringify({ name, data, origin });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`event ${name} is too large to publish`);
      deliver({ name, data });
      await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(database.db);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      closed = true;
      clearInterval(ticker);
      if (timer) clearTimeout(timer);
      connected = false;
      const old = client;
      client = undefined;
      emitter.removeAllListeners();
      if (old) {
        old.removeAllListeners();
        old.on('error', () => {});
        await old.end().catch(() => {});
      }
    },
  };
}
