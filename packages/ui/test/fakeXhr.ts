import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest in jsdom tests: each request goes through `send`, the same handler
 * the test's fetch stub uses, and the upload reports its body half sent, then all of it, as a
 * browser's upload events do.
 */
export function stubXhr(
  send: (url: string, init: RequestInit) => Promise<Response>,
  /** Awaited with the body half sent: a test holds an upload there to see its progress. */
  halfway: () => Promise<void> = async () => {},
): void {
  class FakeXhr {
    readonly upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    responseText = '';
    status = 0;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: string | null) {
      const total = body?.length ?? 0;
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      void (async () => {
        progress(Math.floor(total / 2));
        await halfway();
        progress(total);
        try {
          const response = await send(this.url, {
            method: this.method,
            headers: this.headers,
            ...(body === null ? {} : { body }),
          });
          this.status = response.status;
          this.responseText = await response.text();
          if (!this.aborted) this.onload?.();
        } catch {
          if (!this.aborted) this.onerror?.();
        }
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
