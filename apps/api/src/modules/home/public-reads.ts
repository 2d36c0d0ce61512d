import type { HtmlPage, NewsItem, RateResult, SettingKey, SettingValue } from '@bahtdesk/contract';
import type { BusEvent, EventBus } from '../../events/bus.ts';
import type { NewsService } from '../news/index.ts';
import type { PagesService } from '../pages/index.ts';
import type { RatesService } from '../rates/index.ts';
import type { SettingsService } from '../settings/index.ts';

/**
 * The public reads (rates, settings, news, pages) served from this process's memory (decision
 * 0013); the order calls read the rates and the desk's settings through them too (decision 0039). An entry is loaded on first use and dropped when the event bus says its
 * source changed, wherever the change was made (back office, operator CLI, another process). While
 * the bus is not connected, events may be missed, so every read goes to the database; when it
 * reconnects, everything is dropped.
 *
 * A load in flight is shared by the requests that ask meanwhile; an invalidation that arrives
 * during a load drops it too, so a value read before a change is never kept after the change.
 * Failures are not kept. The number of entries is bounded: news by the page sizes and the ids that
 * exist, pages by the links that exist.
 *
 * Each entry also holds `bodies`: where the routes keep the answers they serialised from its
 * value (by language and variant), so a cached value is validated and serialised once, not per
 * request. They live and die with the entry. Values are frozen, so a body always says what its
 * value says.
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
  'members.changed': null,
  'kyc.updated': null,
  'order.updated': null,
  'proposals.changed': null,
  'session.ended': null,
  'member.changed': null,
  'bus.resync': '',
};

/** A value read, and where answers serialised from it are kept (undefined: keep nothing). */
export interface Read<T> {
  readonly value: T;
  readonly bodies: Map<string, string> | undefined;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createPublicReads({ rates, news, pages, settings, events }: Sources) {
  const entries = new Map<string, Promise<Read<unknown>>>();

  const unsubscribe = events.subscribe((event) => {
    const prefix = STALE[event.name];
    if (prefix === null || prefix === undefined) return;
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
  });

  function cached<T>(key: string, load: () => Promise<T>): Promise<Read<T>> {
    if (!events.connected) return load().then((value) => ({ value, bodies: undefined }));
    const hit = entries.get(key) as Promise<Read<T>> | undefined;
    if (hit) return hit;
    const loading = load().then((value) => ({ value: deepFreeze(value), bodies: new Map<string, string>() }));
    entries.set(key, loading);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    return loading;
  }

  return {
    rates: (): Promise<Read<RateResult>> => cached('rates', () => rates.current()),
    setting: <K extends SettingKey>(key: K): Promise<Read<SettingValue<K>>> =>
      cached(`settings:${key}`, () => settings.get(key)),
    news: (options: { limit: number; id?: number | undefined }): Promise<Read<NewsItem[]>> =>
      cached(`news:${options.limit}:${options.id ?? ''}`, () => news.listPublished(options)),
    page: (link: string): Promise<Read<HtmlPage | undefined>> =>
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
