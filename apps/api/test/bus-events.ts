import type { BusEvent, EventBus } from '../src/events/bus.ts';

/** A logger that says nothing, for buses made in tests. */
export const quiet = { warn: () => {}, info: () => {} };

/**
 * Resolves with the first event `bus` delivers that matches, or rejects after `ms`. Call it before
 * the publish it waits for, so the event cannot arrive before anyone listens.
 */
export function nextEvent(bus: EventBus, match: (e: BusEvent) => boolean, ms = 10_000): Promise<BusEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no matching event within ${ms} ms`));
    }, ms);
    const off = bus.subscribe((event) => {
      if (!match(event)) return;
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });
}

/** A bus the test drives: events it emits, and whether it is healthy. */
export function fakeBus() {
  const handlers = new Set<(event: BusEvent) => void>();
  const bus = {
    isHealthy: true,
    healthy: () => bus.isHealthy,
    subscribe(handler: (event: BusEvent) => void) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    emit(event: BusEvent) {
      for (const handler of handlers) handler(event);
    },
  };
  return bus;
}
