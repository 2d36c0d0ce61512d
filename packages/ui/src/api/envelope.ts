import type { Envelope } from '@bahtdesk/contract';
import { NO_ENVELOPE } from './codes.ts';

/**
 * Sends one request and reads the envelope `{code, message, result}`. Anything that is not an
 * envelope (no answer, not JSON, no numeric code) reads as code 998; an aborted request throws.
 */
export async function sendForEnvelope(url: string, init: RequestInit): Promise<Envelope<unknown>> {
  try {
    const response = await fetch(url, init);
    const body = (await response.json()) as Partial<Envelope<unknown>>;
    if (typeof body?.code !== 'number') throw new Error('not an envelope');
    return { code: body.code, message: String(body.message ?? ''), result: body.result ?? null };
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return { code: NO_ENVELOPE, message: '', result: null };
  }
}
