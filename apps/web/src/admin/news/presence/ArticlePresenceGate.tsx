import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/me.ts';
import { PresenceBanner } from './PresenceBanner.tsx';
import { useArticlePresence, type PresenceMode } from './use-presence.ts';

/**
 * The news editor's presence: the banner above the form, and the form read-only while the
 * person is not the one editing. A save by someone else reloads what a reader sees.
 */
export function ArticlePresenceGate({
  articleId,
  children,
}: {
  articleId: string;
  /** The editor, told whether it may be edited and when to show the article afresh. */
  children: (state: { readOnly: boolean; mode: PresenceMode }) => ReactNode;
}) {
  const me = useMe();
  const queryClient = useQueryClient();
  const presence = useArticlePresence(articleId, me.data?._id, () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.newsItem(articleId) });
  });
  const readOnly = presence.mode !== 'editing';
  return (
    <>
      <PresenceBanner presence={presence} />
      <fieldset disabled={readOnly} aria-label={readOnly ? 'Read-only' : undefined}>
        {children({ readOnly, mode: presence.mode })}
      </fieldset>
    </>
  );
}
