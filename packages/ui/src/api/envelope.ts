import type { Envelope } from '@bahtdesk/contract';
import { NO_ENVELOPE } from './codes.ts';

const noEnvelope = (): Envelope<unknown> => ({ code: NO_ENVELOPE, message: '', result: null });

/** The envelope of an answer's JSON body; anything else (not JSON, no numeric code) reads as 998. */
function envelopeOf(body: unknown): Envelope<unknown> {
  const e = body as Partial<Envelope<unknown>> | null;
  if (typeof e?.code !== 'number') return noEnvelope();
  return { code: e.code, message: String(e.message ?? ''), result: e.result ?? null };
}

/**
 * Sends one request and reads the envelope `{code, message, result}`. Anything that is not an
 * envelope (no answer, not JSON, no numeric code) reads as code 998; an aborted request throws.
 */
export async function sendForEnvelope(url: string, init: RequestInit): Promise<Envelope<unknown>> {
  try {
    const response = await fetch(url, init);
    return envelopeOf(await response.json());
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return noEnvelope();
  }
}

/**
 * The same with the share of the body sent so far reported as a whole per cent (0 to 100) while it
 * uploads: fetch has no upload progress, XMLHttpRequest's upload events do. 100 means sent; the
 * answer may still take the server's time.
 */
export function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal | null },
  onProgress: (percent: number) => void,
): Promise<Envelope<unknown>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.floor((event.loaded * 100) / event.total)));
    };
    xhr.onload = () => {
      onProgress(100);
      try {
        resolve(envelopeOf(JSON.parse(xhr.responseText)));
      } catch {
        resolve(noEnvelope());
      }
    };
    xhr.onerror = () => resolve(noEnvelope());
    xhr.ontimeout = () => resolve(noEnvelope());
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // A figure from the start: a browser may report nothing more until the body is all sent.
    onProgress(0);
    xhr.send(init.body ?? null);
  });
}
