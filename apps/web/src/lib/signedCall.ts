import { CLIENT_SIGNATURE_HEADER, type ResultOf } from '@bahtdesk/contract';
import { type CallOptions, call } from './api.ts';
import type { EndpointName, Endpoints } from './endpoints.ts';

/**
 * An anonymous POST (sign-in, sign-up, forgot password) with a fresh clientSignature from
 * `GET /api/clientSignature` in its header, as the server requires. A new signature is fetched for
 * every submit, so one never expires while a form is open. Errors are the form's to show.
 */
export async function signedCall<N extends EndpointName>(
  name: N,
  options: Omit<CallOptions<N>, 'headers' | 'dialog'>,
): Promise<ResultOf<Endpoints[N]>> {
  const { clientSignature } = await call('clientSignature', { dialog: false });
  return call(name, { ...options, dialog: false, headers: { [CLIENT_SIGNATURE_HEADER]: clientSignature } });
}
