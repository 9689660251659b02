import type { ReactNode } from 'react';
import type { PresenceEditor } from '@newsroom/contract';
import { Button } from '../../ui/Button.tsx';
import type { ArticlePresence } from './use-presence.ts';
import { formatSince } from './since.ts';

const names = (editors: PresenceEditor[]) =>
  editors.map((editor) => `${editor.name} is editing since ${formatSince(editor.since)}`);

/**
 * What the news editor says about the article's other editors, live: who edits it since when,
 * with "Open read-only" and "Take over" while the person has not chosen; who took it over from
 * them. Nothing while they edit alone.
 */
export function PresenceBanner({ presence }: { presence: ArticlePresence }) {
  const { mode, others, takenOver } = presence;
  if (mode === 'taken-over' && takenOver) {
    return (
      <Banner>
        <p>
          <strong>{takenOver.name}</strong> took over editing
          {takenOver.at ? ` at ${formatSince(takenOver.at)}` : ''}. The article is read-only for you
          now.
        </p>
        <Button variant="secondary" onClick={() => void presence.takeOver()}>
          Take over again
        </Button>
      </Banner>
    );
  }
  if (others.length === 0 || mode === 'editing' || mode === 'joining') {
    return mode === 'reading' ? (
      <Banner>
        <p>You opened this article read-only. Nobody else is editing it now.</p>
        <Button variant="secondary" onClick={() => void presence.takeOver()}>
          Edit
        </Button>
      </Banner>
    ) : null;
  }
  return (
    <Banner>
      <p>
        {names(others).join('; ')}.{mode === 'reading' ? ' You are reading it.' : ''}
      </p>
      <div className="flex gap-2">
        {mode === 'choosing' && (
          <Button variant="secondary" onClick={presence.readOnly}>
            Open read-only
          </Button>
        )}
        <Button onClick={() => void presence.takeOver()}>Take over</Button>
      </div>
    </Banner>
  );
}

function Banner({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {children}
    </div>
  );
}
