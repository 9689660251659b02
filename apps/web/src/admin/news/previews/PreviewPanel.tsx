import { useState } from 'react';
import { PREVIEW_DURATIONS, type PreviewLink } from '@newsroom/contract';
import { formatDateTime } from '../../lib/format.ts';
import { useAdminMutation } from '../../lib/use-admin-mutation.ts';
import { Button } from '../../ui/Button.tsx';
import { Table, TableMessage, cellClass } from '../../ui/Table.tsx';
import { makePreviewLink, previewKeys, revokePreviewLink, usePreviewLinks } from './api.ts';

const HEADERS = ['Made by', 'Made', 'Expires', 'Action'];

/** How each duration offered reads. */
const durationName = (hours: number) =>
  hours % 24 === 0
    ? `${hours / 24} day${hours === 24 ? '' : 's'}`
    : `${hours} hour${hours === 1 ? '' : 's'}`;

/**
 * The editor's Preview panel of an unpublished article (decision 113): make a link that shows the
 * page as readers will see it, for a chosen time up to 7 days; copy it (its address is shown this
 * once); see the live links with their expiry; revoke one.
 */
export function PreviewPanel({ newsId }: { newsId: string }) {
  const [hours, setHours] = useState<number>(24);
  const [made, setMade] = useState<PreviewLink | null>(null);
  const [copied, setCopied] = useState(false);
  const links = usePreviewLinks(newsId);
  const invalidates = [previewKeys(newsId)];
  const make = useAdminMutation({
    mutationFn: (expiresInHours: number) => makePreviewLink(newsId, expiresInHours),
    invalidates,
    onSuccess: (envelope) => {
      setMade(envelope.data);
      setCopied(false);
    },
  });
  const revoke = useAdminMutation({
    mutationFn: (previewId: string) => revokePreviewLink(newsId, previewId),
    invalidates,
    onSuccess: (_envelope, previewId) => {
      if (made?._id === previewId) setMade(null);
    },
  });

  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };

  return (
    <section
      aria-labelledby="preview-heading"
      className="mt-8 rounded-lg border border-slate-200 p-4"
    >
      <h2 id="preview-heading" className="text-lg font-bold">
        Preview
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A preview link shows this article as readers will see it, to anyone who has the link, until
        it expires or you revoke it. Search engines do not index it.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold text-slate-800">
          Link lasts
          <select
            className="ml-2 rounded-md border border-slate-300 px-2 py-1.5 font-normal"
            value={hours}
            onChange={(event) => setHours(Number(event.target.value))}
          >
            {PREVIEW_DURATIONS.map((option) => (
              <option key={option} value={option}>
                {durationName(option)}
              </option>
            ))}
          </select>
        </label>
        <Button disabled={make.isPending} onClick={() => make.mutate(hours)}>
          Make a preview link
        </Button>
      </div>
      {made && (
        <div
          className="mt-3 flex flex-wrap items-center gap-2"
          role="group"
          aria-label="New preview link"
        >
          <label className="sr-only" htmlFor="preview-link-url">
            Preview link
          </label>
          <input
            id="preview-link-url"
            readOnly
            value={made.url}
            onFocus={(event) => event.target.select()}
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
          <Button variant="secondary" onClick={() => void copy(made.url)}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
          <p className="w-full text-xs text-slate-600">
            Copy it now: the address is shown only this once. It works until{' '}
            {formatDateTime(made.expiresAt)}.
          </p>
        </div>
      )}
      <div className="mt-4">
        <Table caption="Live preview links" headers={HEADERS}>
          {links.isPending ? (
            <TableMessage colSpan={HEADERS.length}>Loading...</TableMessage>
          ) : links.isError ? (
            <TableMessage colSpan={HEADERS.length}>{links.error.message}</TableMessage>
          ) : links.data.length === 0 ? (
            <TableMessage colSpan={HEADERS.length}>No live preview links</TableMessage>
          ) : (
            links.data.map((link) => (
              <tr key={link._id}>
                <td className={cellClass}>{link.by?.name ?? 'Someone who left'}</td>
                <td className={cellClass}>{formatDateTime(link.createdAt)}</td>
                <td className={cellClass}>{formatDateTime(link.expiresAt)}</td>
                <td className={cellClass}>
                  <Button
                    variant="secondary"
                    aria-label={`Revoke the link that expires ${formatDateTime(link.expiresAt)}`}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(link._id)}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))
          )}
        </Table>
      </div>
    </section>
  );
}
