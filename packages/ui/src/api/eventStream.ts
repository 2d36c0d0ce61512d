import type { LiveEventName } from '@bahtdesk/contract';

/**
 * A server-sent event stream that needs the bearer token (decision 0011): read with fetch and a
 * stream reader, since EventSource cannot send it. Each `event: <name>` is passed to the
 * listeners of that name. When the connection drops it reconnects with backoff, and every
 * listener is called once, since events may have been missed meanwhile. The console's stream of
 * everything and the member app's stream of the member's own events are two of these.
 */
type Listener = () => void;

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** Splits a chunk of the stream into complete messages; returns the unfinished tail. */
export function parseEvents(buffer: string, onEvent: (name: string) => void): string {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    // Lines starting with ':' are keep-alives; the data (what changed) is not needed to refetch.
    const line = block.split(/\r?\n/).find((l) => l.startsWith('event:'));
    const name = line?.slice(6).trim();
    if (name) onEvent(name);
  }
  return rest;
}

export interface EventStream {
  /** Calls `listener` whenever one of `names` arrives (and after a reconnection); answers the unsubscribe. */
  on(names: readonly LiveEventName[], listener: Listener): () => void;
  /** Closes the stream (sign-out): the next listener opens it again with the new token. */
  close(): void;
}

export function createEventStream(options: {
  url: () => Promise<string>;
  token: () => string | null;
}): EventStream {
  const listeners = new Map<Listener, readonly LiveEventName[]>();
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const dispatch = (name: string) => {
    for (const [listener, names] of listeners) {
      if ((names as readonly string[]).includes(name)) listener();
    }
  };

  async function connect(): Promise<void> {
    const token = options.token();
    if (!token || controller) return;
    const own = new AbortController();
    controller = own;
    let reconnect = true;
    try {
      const response = await fetch(await options.url(), {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal: own.signal,
      });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
        // Not a stream (signed out, not allowed): try again later only while signed in.
        reconnect = response.status !== 401 && response.status !== 403;
        return;
      }
      if (failures > 0) for (const listener of listeners.keys()) listener();
      failures = 0;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = parseEvents(buffer + value, dispatch);
      }
    } catch {
      // dropped or aborted: handled below
    } finally {
      if (controller === own) controller = null;
      if (!own.signal.aborted && reconnect && listeners.size > 0) {
        failures += 1;
        const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(failures, 5));
        retryTimer = setTimeout(() => void connect(), delay);
      }
    }
  }

  function close(): void {
    clearTimeout(retryTimer);
    controller?.abort();
    controller = null;
    failures = 0;
  }

  return {
    on(names, listener) {
      listeners.set(listener, names);
      void connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) close();
      };
    },
    close,
  };
}
