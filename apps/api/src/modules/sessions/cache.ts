import type { EventBus } from '../../events/bus.ts';

/** What this process last read (or wrote) of a member session's row. */
export interface KnownSession {
  memberId: number;
  sessionId: number;
  /** Epoch ms: the session's absolute end. */
  expiresAt: number;
  /** Epoch ms: `last_seen_at` as the row holds it. */
  lastSeenAt: number;
}

/**
 * Member sessions this process has checked against the database, by token hash (decision 0066),
 * so a signed-in call within the touch interval of the last read needs no round trip. Its only
 * source of invalidation is the event bus: `session.ended` (a logout, a password change or reset,
 * staff ending a member's sessions) drops that member's entries in every process, `bus.resync`
 * drops everything. While the bus is not healthy nothing is answered from here nor kept.
 *
 * A read that started before an ending and finishes after it must not put the row it read back:
 * every invalidation moves `generation` on, and `keep` refuses an entry read under an older one.
 */
export function createSessionCache(events: Pick<EventBus, 'subscribe' | 'healthy'>, maxEntries = 50_000) {
  const byTokenHash = new Map<string, KnownSession>();
  let generation = 0;

  const unsubscribe = events.subscribe((event) => {
    if (event.name === 'bus.resync') {
      generation += 1;
      byTokenHash.clear();
      return;
    }
    if (event.name !== 'session.ended' || typeof event.data.memberId !== 'number') return;
    generation += 1;
    for (const [hash, known] of byTokenHash) {
      if (known.memberId === event.data.memberId) byTokenHash.delete(hash);
    }
  });

  return {
    /** The session as last read, unless the bus may have missed an ending. */
    find(tokenHash: string): KnownSession | undefined {
      return events.healthy() ? byTokenHash.get(tokenHash) : undefined;
    },
    /** The generation to pass to `keep` for a read that starts now. */
    generation: () => generation,
    /** Keeps a row read under `readAt` (the generation before the read), if nothing ended since. */
    keep(tokenHash: string, known: KnownSession, readAt: number): void {
      if (readAt !== generation || !events.healthy()) return;
      if (byTokenHash.size >= maxEntries && !byTokenHash.has(tokenHash)) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = byTokenHash.keys().next().value;
        if (oldest !== undefined) byTokenHash.delete(oldest);
      }
      byTokenHash.set(tokenHash, known);
    },
    close: unsubscribe,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
