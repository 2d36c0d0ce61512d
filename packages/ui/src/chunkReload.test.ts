import { describe, expect, it, vi } from 'vitest';
import { shouldReload, withChunkReload } from './chunkReload.ts';

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
});
