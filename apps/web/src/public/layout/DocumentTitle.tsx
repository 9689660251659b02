import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { documentTitle, isPublicHandle } from '../head.ts';

/** Keeps document.title in step with client-side navigation (the server writes the first). */
export function DocumentTitle() {
  const matches = useMatches();
  const queryClient = useQueryClient();
  const match = [...matches].reverse().find((m) => isPublicHandle(m.handle));

  useEffect(() => {
    if (!match || !isPublicHandle(match.handle)) return;
    const head = match.handle.head({ queryClient, params: match.params, loaderData: match.data });
    document.title = documentTitle(head);
  }, [match, queryClient]);

  return null;
}
