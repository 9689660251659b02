import {
  LIVE_PAGE_SIZE,
  livePaths,
  type ApiEnvelope,
  type LiveCoverage,
  type LiveEntryView,
} from '@newsroom/contract';
import { api } from '../../lib/api.ts';

/** What the composer sends: the entry's fields, with a picture it goes as multipart. */
export interface EntryDraft {
  text: string;
  pinned: boolean;
  keyEvent: boolean;
  videoURL: string;
  image: File | null;
  alt: string;
}

/** What an edit in place changes; only what is named is sent. */
export type EntryChange = Partial<{
  text: string;
  pinned: boolean;
  keyEvent: boolean;
  videoURL: string;
  removeImage: boolean;
}>;

const entries = (newsId: string) => `/news/${encodeURIComponent(newsId)}/live`;
const entry = (newsId: string, entryId: string) =>
  `${entries(newsId)}/${encodeURIComponent(entryId)}`;

/**
 * A page of the live page's entries as the staff read them (an unpublished article's too), newest
 * first: the newest, or those older than `before`.
 */
export async function fetchEntries(
  newsId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<{ entries: LiveEntryView[]; count: number; coverage: LiveCoverage | null }> {
  const envelope: ApiEnvelope<LiveEntryView[]> & { coverage?: LiveCoverage } = await api<
    LiveEntryView[]
  >(entries(newsId), { query: { before, limit: LIVE_PAGE_SIZE }, signal });
  return {
    entries: envelope.data,
    count: Number(envelope.count ?? envelope.data.length),
    coverage: envelope.coverage ?? null,
  };
}

/** Posts an entry: JSON, or multipart when a picture goes with it. */
export async function postEntry(newsId: string, draft: EntryDraft): Promise<LiveEntryView> {
  const fields = {
    text: draft.text,
    pinned: draft.pinned,
    keyEvent: draft.keyEvent,
    ...(draft.videoURL.trim() && { videoURL: draft.videoURL.trim() }),
  };
  if (!draft.image) return (await api<LiveEntryView>(entries(newsId), { body: fields })).data;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  form.set('image', draft.image);
  form.set('alt', draft.alt.trim());
  return (await api<LiveEntryView>(entries(newsId), { body: form })).data;
}

export async function changeEntry(
  newsId: string,
  entryId: string,
  change: EntryChange,
): Promise<LiveEntryView> {
  return (await api<LiveEntryView>(entry(newsId, entryId), { method: 'PUT', body: change })).data;
}

export async function deleteEntry(newsId: string, entryId: string): Promise<void> {
  await api<unknown>(entry(newsId, entryId), { method: 'DELETE' });
}

/** Ends the live page's coverage now (the server's time), or resumes it. */
export async function setCoverage(newsId: string, ended: boolean): Promise<LiveCoverage> {
  return (await api<LiveCoverage>(entries(newsId), { method: 'PUT', body: { ended } })).data;
}

/**
 * The live page's public stream: every entry added, changed or deleted by anyone after the
 * change `lastEventId` (as a page of entries read it); a reconnecting browser sends its own.
 */
export function openLiveEvents(slug: string, lastEventId: string): EventSource {
  return new EventSource(
    `${livePaths.events(slug)}?lastEventId=${encodeURIComponent(lastEventId)}`,
  );
}
