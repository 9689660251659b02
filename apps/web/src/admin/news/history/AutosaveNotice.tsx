import type { Autosave } from '@newsroom/contract';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';

interface AutosaveNoticeProps {
  offer: Autosave | null;
  savedAt: string | null;
  onBringBack: () => void;
  onDiscard: () => void;
}

/** The offer of a copy kept by an earlier session, and when this one last kept one. */
export function AutosaveNotice({ offer, savedAt, onBringBack, onDiscard }: AutosaveNoticeProps) {
  if (offer) {
    return (
      <div
        role="alert"
        className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 lg:col-span-2"
      >
        <span className="grow">
          You have unsaved changes to this article from {formatDateTime(offer.savedAt)}.
        </span>
        <Button type="button" onClick={onBringBack}>
          Bring them back
        </Button>
        <Button type="button" variant="secondary" onClick={onDiscard}>
          Discard them
        </Button>
      </div>
    );
  }
  if (!savedAt) return null;
  return (
    <p role="status" className="mb-2 text-xs text-slate-500 lg:col-span-2">
      Your changes were kept as a private copy at {formatDateTime(savedAt)} (not saved yet).
    </p>
  );
}
