import type { HtmlPage, NewsItem, RateResult, SettingKey, SettingValue } from '@bahtdesk/contract';
import type { BusEvent, EventBus } from '../../events/bus.ts';
import type { NewsService } from '../news/index.ts';
import type { PagesService } from '../pages/index.ts';
import type { RatesService } from '../rates/index.ts';
import type { SettingsService } from '../settings/index.ts';

/**
 * The public reads (rates, maintenance switch, chat link, news, pages) served from this process's
 * memory (decision 0013). An entry is loaded on first use and dropped when the event bus says its
 * source changed, wherever the change was made (back office, operator CLI, another process). While
 * the bus is not connected, events may be missed, so every read goes to the database; when it
 * reconnects, everything is dropped.
 *
 * A load in flight is shared by the requests that ask meanwhile; an invalidation that arrives
 * during a load drops it too, so a value read before a change is never kept after the change.
 * Failures are not kept. The number of entries is bounded: news by the page sizes and the ids that
 * exist, pages by the links that exist.
 */
interface Sources {
  rates: Pick<RatesService, 'current'>;
  news: Pick<NewsService, 'listPublished'>;
  pages: Pick<PagesService, 'find'>;
  settings: Pick<SettingsService, 'get'>;
  events: Pick<EventBus, 'subscribe' | 'connected'>;
}

/** Which entries an event makes stale (by key prefix); `bus.resync` drops them all. */
const STALE: Record<BusEvent['name'], string | null> = {
  'rates.changed': 'rates',
  'settings.changed': 'settings:',
  'news.changed': 'news:',
  'pages.changed': 'page:',
  'kyc.updated': null,
  'order.updated': null,
  'bus.resync': '',
};

export function createPublicReads({ rates, news, pages, settings, events }: Sources) {
  const entries = new Map<string, Promise<unknown>>();

  const unsubscribe = events.subscribe((event) => {
    const prefix = STALE[event.name];
    if (prefix === null || prefix === undefined) return;
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
  });

  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!events.connected) return load();
    const hit = entries.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    return loading;
  }

  return {
    rates: (): Promise<RateResult> => cached('rates', () => rates.current()),
    setting: <K extends 'maintenance' | 'chatLink'>(key: K): Promise<SettingValue<K>> =>
      cached(`settings:${key satisfies SettingKey}`, () => settings.get(key)),
    news: (options: { limit: number; id?: number | undefined }): Promise<NewsItem[]> =>
      cached(`news:${options.limit}:${options.id ?? ''}`, () => news.listPublished(options)),
    page: (link: string): Promise<HtmlPage | undefined> =>
      cached(`page:${link}`, async () => {
        const page = await pages.find(link);
        // An unknown link is not kept: only links that exist take room.
        if (!page) entries.delete(`page:${link}`);
        return page;
      }),
    close: unsubscribe,
  };
}

export type PublicReads = ReturnType<typeof createPublicReads>;
