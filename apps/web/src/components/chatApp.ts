/** LINE's own hosts: a contact link on one of them opens LINE. */
const LINE_HOSTS = new Set(['line.me', 'page.line.me', 'lin.ee']);

/** What a chat-app contact link is: LINE (with the ID it names, if any) or another chat app. */
export type ChatApp = { app: 'line'; id: string | null } | { app: 'other' };

/**
 * Reads the chat app from the staff-set contact link: `https://line.me/R/ti/p/@bahtdesk` is LINE
 * with the ID `@bahtdesk` (`~name` for a personal ID gives `name`); a short lin.ee link is LINE
 * with no readable ID; any other link is another chat app.
 */
export function chatAppOf(link: string): ChatApp {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { app: 'other' };
  }
  if (!LINE_HOSTS.has(url.hostname.toLowerCase())) return { app: 'other' };
  const match = /\/ti\/p\/([^/?#]+)/.exec(url.pathname);
  const raw = match?.[1] ? decodeURIComponent(match[1]) : '';
  const id = raw.startsWith('~') ? raw.slice(1) : raw;
  return { app: 'line', id: id || null };
}
