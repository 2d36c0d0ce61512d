import { accountEndpoints, transactionEndpoints } from '@bahtdesk/contract';
import type { EventBus } from '../events/bus.ts';
import { Kept } from './route.ts';

/** The paths of the member reads answered from memory; every other member call drops them. */
export const KEPT_MEMBER_READS: ReadonlySet<string> = new Set([
  transactionEndpoints.getTransactionList.path,
  accountEndpoints.profile.path,
]);

/**
 * The events that drop a member's kept answers (data `memberId`): the database's notice, and the
 * announcements a process delivers to itself at once (an order's status, an identity review), so
 * the writing process does not wait for the notice to come round through its listener.
 */
const DROPPED_BY: ReadonlySet<string> = new Set(['member.changed', 'order.updated', 'kyc.updated']);

/** One kept answer: whose it is, until when it holds, and the answer with its serialised bodies. */
interface Entry {
  memberId: number;
  /** Epoch ms after which the answer may say something else with no row changed (a deadline). */
  until: number;
  kept: Kept<unknown>;
}

/**
 * A member's own reads answered from this process's memory (decision 0085): the history pages
 * (by filter, page and the range's dates) and the profile, each with its serialised bodies per
 * language (`Kept`). Bounded: at most `maxEntries`, the oldest dropped first. A history page with
 * its bodies is about 10 to 20 KB at the default 20 orders (75 KB at most, 100 orders in both
 * languages), a profile a few KB: 2,000 entries stay within tens of MB.
 *
 * What makes an answer stale, and what drops it:
 * - a row it was read from changed: the database announces it (`member.changed`, from a trigger
 *   on each table the kept reads depend on), whoever wrote it, in every process, after the commit;
 * - the writing process does not wait for its own notice: an `order.updated` or `kyc.updated` it
 *   publishes drops the member's entries at once, and so does any other signed-in call of the
 *   member that answers here (`dropMember`, from an onSend hook), so the member's next read sees
 *   their write;
 * - time: an entry holds only `until` (the earliest deadline of the member's pending orders);
 * - `bus.resync` (events may have been missed) drops everything; while the bus is not healthy
 *   nothing is answered from here nor kept.
 * A read that started before an invalidation and ends after it is not kept: every invalidation
 * moves `generation` on, as in the member sessions' cache (decision 0066).
 */
export function createKeptMemberReads(events: Pick<EventBus, 'subscribe' | 'healthy'>, maxEntries = 2_000) {
  const entries = new Map<string, Entry>();
  /** The keys of each member's entries, so one invalidation finds them without a scan. */
  const keysOf = new Map<number, Set<string>>();
  let generation = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOf.get(entry.memberId);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.memberId);
  };

  const dropMember = (memberId: number) => {
    generation += 1;
    const keys = keysOf.get(memberId);
    if (!keys) return;
    keysOf.delete(memberId);
    for (const key of keys) entries.delete(key);
  };

  const unsubscribe = events.subscribe((event) => {
    if (event.name === 'bus.resync') {
      generation += 1;
      entries.clear();
      keysOf.clear();
      return;
    }
    if (!DROPPED_BY.has(event.name)) return;
    if (typeof event.data.memberId === 'number') dropMember(event.data.memberId);
  });

  return {
    /** The kept answer of `key`, unless the bus may have missed a change or its time has passed. */
    find(key: string, now = Date.now()): Kept<unknown> | undefined {
      if (!events.healthy()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now) return entry.kept;
      forget(key);
      return undefined;
    },
    /** The generation to pass to `keep` for a read that starts now. */
    generation: () => generation,
    /**
     * Keeps `value` as the answer of `key` for `memberId` until `until` (epoch ms), if it was read
     * under `readAt` (the generation before the read) and nothing was invalidated since. Returns
     * the `Kept` to answer with (bodies kept only when the entry is).
     */
    keep<T>(key: string, memberId: number, value: T, until: number, readAt: number): Kept<T> {
      if (readAt !== generation || !events.healthy()) return new Kept(value, undefined);
      const kept = new Kept(value, new Map<string, string>());
      forget(key);
      if (entries.size >= maxEntries) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) forget(oldest);
      }
      entries.set(key, { memberId, until, kept });
      let keys = keysOf.get(memberId);
      if (!keys) {
        keys = new Set();
        keysOf.set(memberId, keys);
      }
      keys.add(key);
      return kept;
    },
    /** Drops every kept answer of the member here (their own call changed something, maybe). */
    dropMember,
    close: unsubscribe,
  };
}

export type KeptMemberReads = ReturnType<typeof createKeptMemberReads>;
