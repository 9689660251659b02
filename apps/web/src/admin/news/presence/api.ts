import type { PresenceEditor } from '@newsroom/contract';
import { API_PREFIX, api } from '../../../lib/api.ts';

const base = (articleId: string) => `/news/${encodeURIComponent(articleId)}`;

/** "I am editing" (or, with `takeover`, "I am editing instead"): the editors after it. */
export async function sendHeartbeat(articleId: string, takeover = false) {
  const body = takeover ? { takeover: true } : {};
  return (await api<PresenceEditor[]>(`${base(articleId)}/presence`, { method: 'POST', body }))
    .data;
}

/**
 * The article's event stream. EventSource cannot send the bearer header: the browser sends the
 * httpOnly session cookie, which the server accepts on this call alone, from this site.
 */
export function openEvents(articleId: string): EventSource {
  return new EventSource(`${API_PREFIX}${base(articleId)}/events`, { withCredentials: true });
}
