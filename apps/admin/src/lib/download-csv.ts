import { messageFor } from '@bahtdesk/contract';
import { apiBase } from '@bahtdesk/ui/api';
import { getState } from './store.ts';

/**
 * A CSV report saved as a file, fetched with the staff token in the console's language (the
 * server writes headings and words in it): true when saved, else the server's coded message.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string>,
  name: string,
): Promise<true | string> {
  const { token, language } = getState();
  const response = await fetch(`${await apiBase()}${path}?${new URLSearchParams(query)}`, {
    headers: { Authorization: `Bearer ${token ?? ''}`, 'Accept-Language': language },
  });
  if (!(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const envelope = (await response.json().catch(() => null)) as { code?: number } | null;
    return messageFor(envelope?.code ?? 0, language) || `HTTP ${response.status}`;
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
  return true;
}
