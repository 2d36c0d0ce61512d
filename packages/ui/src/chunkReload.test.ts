import { describe, expect, it, vi } from 'vitest';
import { chunksWaitingOnline, shouldReload, withChunkReload } from './chunkReload.ts';

describe('chunk-load failure', () => {
  it('reloads the page once, then lets the error through instead of looping', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

    void withChunkReload(failing);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    await expect(withChunkReload(failing)).rejects.toThrow('dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again only long after the last reload', () => {
    expect(shouldReload(1_000_000, null)).toBe(true);
    expect(shouldReload(1_000_000, String(1_000_000 - 5_000))).toBe(false);
    expect(shouldReload(1_000_000, String(1_000_000 - 11 * 60_000))).toBe(true);
  });

  it('offline, never reloads: the load waits for the connection, then is tried again', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve('page');
    };

    const loaded = withChunkReload(load);
    await vi.waitFor(() => expect(chunksWaitingOnline()).toBe(1));
    expect(attempts).toBe(1);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('page');
    expect(attempts).toBe(2);
    expect(chunksWaitingOnline()).toBe(0);
    expect(reload).not.toHaveBeenCalled();
    onLine.mockRestore();
  });
});
