import { htmlToText, truncateChars, type LiveEntryView } from '@newsroom/contract';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { sanitizeArticleHtml } from '../../public/article/sanitize.ts';
import { formatDateTime } from '../lib/format.ts';
import { RichTextEditor } from '../news/RichTextEditor.tsx';
import { Button } from '../ui/Button.tsx';
import { FieldError, TextField } from '../ui/Field.tsx';
import type { EntryChange } from './api.ts';
import { describeFailure, isSubmitShortcut } from './keyboard.ts';

interface EntryItemProps {
  entry: LiveEntryView;
  /** Coverage has ended: entries can no longer be changed. */
  frozen: boolean;
  onChange: (change: EntryChange) => Promise<unknown>;
  onDelete: () => void;
}

/** How an entry is named to assistive technology: the start of its text. */
export const entryName = (entry: LiveEntryView) => truncateChars(htmlToText(entry.text), 60);

/**
 * One entry of the desk's stream: who posted it and when, its text, picture or video, whether it
 * is pinned or a key event; edited in place (Escape cancels, Ctrl+Enter saves), pinned, marked
 * and deleted from here.
 */
export function EntryItem({ entry, frozen, onChange, onDelete }: EntryItemProps) {
  const id = useId();
  const self = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState<{ text: string; videoURL: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const change = async (what: EntryChange) => {
    setPending(true);
    setProblem(null);
    try {
      await onChange(what);
      return true;
    } catch (error) {
      setProblem(describeFailure(error));
      return false;
    } finally {
      setPending(false);
    }
  };
  const stopEditing = () => {
    setEditing(null);
    setProblem(null);
    // The Edit button is back once the entry shows again.
    setTimeout(() => self.current?.querySelector<HTMLElement>('[data-edit-entry]')?.focus());
  };
  const save = async () => {
    if (!editing || pending) return;
    const what: EntryChange = { text: editing.text };
    if (editing.videoURL.trim() !== entry.videoURL) what.videoURL = editing.videoURL.trim();
    if (await change(what)) stopEditing();
  };
  const onEditorKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    } else if (isSubmitShortcut(event)) {
      event.preventDefault();
      void save();
    }
  };

  const edited = entry.updatedAt !== entry.createdAt;
  return (
    <article
      ref={self}
      aria-label={entryName(entry)}
      className={`rounded-lg border bg-white p-4 ${entry.pinned ? 'border-red-300' : 'border-slate-200'}`}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        <span>· {entry.by.name}</span>
        {edited ? <span>· edited {formatDateTime(entry.updatedAt)}</span> : null}
        {entry.pinned ? <Badge className="bg-red-100 text-red-800">Pinned</Badge> : null}
        {entry.keyEvent ? <Badge className="bg-amber-100 text-amber-900">Key event</Badge> : null}
      </p>
      {editing ? (
        <form
          aria-label="Edit entry"
          noValidate
          onKeyDown={onEditorKey}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          className="mt-3"
        >
          <div className="mb-3">
            <span id={`${id}-text`} className="mb-1 block text-sm font-medium text-slate-700">
              Entry text
            </span>
            <RichTextEditor
              value={editing.text}
              onChange={(text) => setEditing((current) => current && { ...current, text })}
              labelId={`${id}-text`}
              describedBy={problem ? `${id}-problem` : undefined}
              autoFocus
            />
          </div>
          {entry.imageURL ? null : (
            <TextField
              label="Video URL"
              type="url"
              value={editing.videoURL}
              onChange={(event) =>
                setEditing((current) => current && { ...current, videoURL: event.target.value })
              }
            />
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : 'Save entry'}
            </Button>
            <Button variant="secondary" onClick={stopEditing}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div
            className="mt-2 space-y-2 text-slate-900 [&_a]:text-red-700 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
            dangerouslySetInnerHTML={{ __html: sanitizeArticleHtml(entry.text) }}
          />
          {entry.imageURL ? (
            <img
              src={entry.imageURL}
              alt={entry.alt}
              className="mt-3 max-h-64 rounded-md border border-slate-200 object-contain"
            />
          ) : null}
          {entry.videoURL ? (
            <p className="mt-2 text-sm">
              Video:{' '}
              <a className="text-red-700 underline" href={entry.videoURL} rel="noreferrer">
                {entry.videoURL}
              </a>
            </p>
          ) : null}
        </>
      )}
      {frozen || editing ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            data-edit-entry
            onClick={() => setEditing({ text: entry.text, videoURL: entry.videoURL })}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => void change({ pinned: !entry.pinned })}
          >
            {entry.pinned ? 'Unpin' : 'Pin'}
          </Button>
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => void change({ keyEvent: !entry.keyEvent })}
          >
            {entry.keyEvent ? 'Unmark key event' : 'Mark key event'}
          </Button>
          <Button variant="danger" disabled={pending} onClick={onDelete}>
            Delete
          </Button>
        </div>
      )}
      <FieldError id={`${id}-problem`} message={problem ?? undefined} />
    </article>
  );
}

function Badge({ className, children }: { className: string; children: string }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${className}`}>{children}</span>
  );
}
