import type { LiveEventName } from '@bahtdesk/contract';
import { apiBase } from '@bahtdesk/ui/api';
import { api } from './endpoints.ts';
import { getState } from './store.ts';

/**
 * The console's one connection to `GET /api/admin/events` (decision 0011): read with fetch and a
 * stream reader, since EventSource cannot send the bearer token. Each `event: <name>` is passed to
 * the listeners of that name. When the connection drops it reconnects with backoff, and every
 * listener is called once, since events may have been missed meanwhile.
 */
type Listener = () => void;

const listeners = new Map<Listener, readonly LiveEventName[]>();
let controller: AbortController | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

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

function dispatch(name: string): void {
  for (const [listener, names] of listeners) {
    if ((names as readonly string[]).includes(name)) listener();
  }
}

function everyone(): void {
  for (const listener of listeners.keys()) listener();
}

async function connect(): Promise<void> {
  const token = getState().token;
  if (!token || controller) return;
  const own = new AbortController();
  controller = own;
  let reconnect = true;
  try {
    const response = await fetch(`${await apiBase()}${api.events.path}`, {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
      signal: own.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
      // Not a stream (signed out, not allowed): try again later only while signed in.
      reconnect = response.status !== 401 && response.status !== 403;
      return;
    }
    if (failures > 0) everyone();
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

function disconnect(): void {
  clearTimeout(retryTimer);
  controller?.abort();
  controller = null;
  failures = 0;
}

/** Calls `listener` whenever one of `names` arrives (and after a reconnection). */
export function onLiveEvents(names: readonly LiveEventName[], listener: Listener): () => void {
  listeners.set(listener, names);
  void connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/** Closes the stream (sign-out): the next listener opens it again with the new token. */
export function closeLiveEvents(): void {
  disconnect();
}
