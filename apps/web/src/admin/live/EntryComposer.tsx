import { htmlToText, LIVE_MESSAGES, liveEntryInputSchema } from '@newsroom/contract';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../ui/Button.tsx';
import { FieldError, TextField } from '../ui/Field.tsx';
import { RichTextEditor } from '../news/RichTextEditor.tsx';
import { imageFileError } from '../news/schema.ts';
import type { EntryDraft } from './api.ts';
import { describeFailure, focusTextOf, isSubmitShortcut } from './keyboard.ts';

const emptyDraft: EntryDraft = {
  text: '',
  pinned: false,
  keyEvent: false,
  videoURL: '',
  image: null,
  alt: '',
};

interface EntryComposerProps {
  /** Posts the entry; rejects with the API's error when it is refused. */
  onPost: (draft: EntryDraft) => Promise<unknown>;
}

/**
 * Writes a new entry: its text in the news editor's rich-text editor, an optional picture or video,
 * pinned and key event. Ctrl+Enter (⌘+Enter) posts; once posted the composer is empty and holds
 * the focus again, for the next entry.
 */
export function EntryComposer({ onPost }: EntryComposerProps) {
  const id = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const pictureRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<EntryDraft>(emptyDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = (change: Partial<EntryDraft>) => setDraft((current) => ({ ...current, ...change }));

  const post = async () => {
    if (pending) return;
    if (!htmlToText(draft.text).trim()) {
      setProblem(LIVE_MESSAGES.text);
      focusTextOf(boxRef.current);
      return;
    }
    // The checks the server makes of the other fields, before anything is sent.
    const checked = liveEntryInputSchema.safeParse(draft);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? LIVE_MESSAGES.nothing);
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      await onPost(draft);
      setDraft(emptyDraft);
      if (pictureRef.current) pictureRef.current.value = '';
      focusTextOf(boxRef.current);
    } catch (error) {
      setProblem(describeFailure(error));
    } finally {
      setPending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isSubmitShortcut(event)) return;
    event.preventDefault();
    void post();
  };

  return (
    <form
      aria-label="New entry"
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void post();
      }}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div ref={boxRef} className="mb-4">
        <span id={`${id}-text`} className="mb-1 block text-sm font-medium text-slate-700">
          Entry
        </span>
        <RichTextEditor
          value={draft.text}
          onChange={(text) => set({ text })}
          labelId={`${id}-text`}
          invalid={problem === LIVE_MESSAGES.text}
          describedBy={problem ? `${id}-problem` : undefined}
        />
      </div>
      <div className="grid gap-x-6 md:grid-cols-2">
        <div className="mb-4">
          <label
            htmlFor={`${id}-picture`}
            className="mb-1 block text-sm font-medium text-slate-700"
          >
            Picture (optional)
          </label>
          <input
            ref={pictureRef}
            id={`${id}-picture`}
            type="file"
            accept="image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif"
            aria-invalid={pictureProblem ? true : undefined}
            aria-describedby={pictureProblem ? `${id}-picture-error` : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-white"
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              const refused = picked ? imageFileError(picked) : null;
              if (refused) event.target.value = '';
              setPictureProblem(refused);
              set({ image: refused ? null : picked });
            }}
          />
          <FieldError id={`${id}-picture-error`} message={pictureProblem ?? undefined} />
        </div>
        {draft.image ? (
          <TextField
            label="Picture description"
            value={draft.alt}
            onChange={(event) => set({ alt: event.target.value })}
          />
        ) : (
          <TextField
            label="Video URL (optional)"
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={draft.videoURL}
            onChange={(event) => set({ videoURL: event.target.value })}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-6">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={draft.pinned}
            onChange={(event) => set({ pinned: event.target.checked })}
          />
          Pinned
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={draft.keyEvent}
            onChange={(event) => set({ keyEvent: event.target.checked })}
          />
          Key event
        </label>
        <span className="ml-auto text-xs text-slate-500">Ctrl+Enter posts</span>
        <Button type="submit" disabled={pending}>
          {pending ? 'Posting...' : 'Post entry'}
        </Button>
      </div>
      <FieldError id={`${id}-problem`} message={problem ?? undefined} />
    </form>
  );
}
