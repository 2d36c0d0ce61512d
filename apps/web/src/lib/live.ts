import type { PUBLIC_LIVE_EVENT_NAMES } from '@bahtdesk/contract';
import { apiBase } from '@bahtdesk/ui/api';
import { useSyncExternalStore } from 'react';
import { streams } from './endpoints.ts';

/**
 * Live refresh of the public reads (rates, settings, news, pages): the server's public event stream
 * (`/api/live`) names what changed, and every call on screen that reads it is made again, so the
 * home page and the calculator show new rates within a second, without a reload. The app refreshes
 * on the event (the event carries no content). When the stream comes back after a drop, events may
 * have been missed, so everything on screen is read again.
 */
type LiveName = (typeof PUBLIC_LIVE_EVENT_NAMES)[number];

/** Which public calls each event makes stale. */
const STALE: Record<LiveName, readonly string[]> = {
  'rates.changed': ['getRate'],
  'settings.changed': ['maintenanceStatus', 'contactUs'],
  'news.changed': ['getNews'],
  'pages.changed': ['getHtmlPage'],
};

const versions = new Map<string, number>();
const listeners = new Set<() => void>();

function bump(calls: readonly string[]): void {
  for (const name of calls) versions.set(name, (versions.get(name) ?? 0) + 1);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** How many times the data of call `name` changed on the server since the page opened. */
export function useLiveVersion(name: string): number {
  return useSyncExternalStore(subscribe, () => versions.get(name) ?? 0);
}

/** Opens the public event stream once (browsers reconnect it by themselves after a drop). */
export async function startLiveUpdates(): Promise<void> {
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource(`${await apiBase()}${streams.publicEvents}`);
  for (const [event, calls] of Object.entries(STALE)) source.addEventListener(event, () => bump(calls));
  let dropped = false;
  source.addEventListener('error', () => {
    dropped = true;
  });
  source.addEventListener('open', () => {
    if (dropped) bump(Object.values(STALE).flat());
    dropped = false;
  });
}
