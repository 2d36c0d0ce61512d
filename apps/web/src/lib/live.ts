import type { PUBLIC_LIVE_EVENT_NAMES } from '@bahtdesk/contract';
import { apiBase } from '@bahtdesk/ui/api';
import { queries } from './api.ts';
import { type EndpointName, streams } from './endpoints.ts';

/**
 * Live refresh of the public reads (rates, settings, news, pages): the server's public event stream
 * (`/api/live`) names what changed, and every call on screen that reads it is made again, so the
 * home page and the calculator show new rates within a second, without a reload: the data layer
 * fetches again every shown read of the calls the event names (the event carries no content).
 * When the stream comes back after a drop, events may have been missed, so every public read on
 * screen is fetched again.
 */
type LiveName = (typeof PUBLIC_LIVE_EVENT_NAMES)[number];

/** Which public calls each event makes stale. */
const STALE: Record<LiveName, readonly EndpointName[]> = {
  'rates.changed': ['getRate'],
  'settings.changed': ['maintenanceStatus', 'contactUs'],
  'news.changed': ['getNews'],
  'pages.changed': ['getHtmlPage'],
};

/** Opens the public event stream once (browsers reconnect it by themselves after a drop). */
export async function startLiveUpdates(): Promise<void> {
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource(`${await apiBase()}${streams.publicEvents}`);
  for (const [event, calls] of Object.entries(STALE))
    source.addEventListener(event, () => queries.invalidate(calls));
  let dropped = false;
  source.addEventListener('error', () => {
    dropped = true;
  });
  source.addEventListener('open', () => {
    if (dropped) queries.invalidate(Object.values(STALE).flat());
    dropped = false;
  });
}
