import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import type { UnlistedPagesSlot } from '../pages/unlisted-pages.ts';
import type { PreviewService } from './service.ts';

/** A preview is for whoever holds the link: never kept by any cache, never indexed. */
const PREVIEW_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** The banner at the top of a preview: what it is, and until when the link works. */
function banner(expiresAt: string, timeZone: string): string {
  const until = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(expiresAt));
  return (
    '<div role="note" aria-label="Preview" data-preview-banner ' +
    'style="background:#fef3c7;color:#78350f;border-bottom:2px solid #f59e0b;padding:.6rem 1rem;' +
    'font:600 .95rem/1.4 system-ui,sans-serif;text-align:center">' +
    'Preview: this article is not published. Only people with this link can see it; ' +
    `the link works until <time datetime="${escapeHtml(expiresAt)}">${escapeHtml(until)}</time>.` +
    '</div>'
  );
}

const HEADINGS: Record<number, string> = { 404: 'No such preview', 410: 'This preview has ended' };

/** A small page of its own for a link that does not (or no longer) work. */
function notice(status: number, message: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="robots" content="noindex"><title>Preview unavailable</title></head>',
    '<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">',
    `<h1>${HEADINGS[status] ?? 'Preview unavailable'}</h1>`,
    `<p>${escapeHtml(message)}.</p><p><a href="/">Go to the home page</a></p>`,
    '</body></html>',
  ].join('');
}

const sendNotice = (reply: FastifyReply, status: number, message: string) =>
  reply
    .status(status)
    .headers(PREVIEW_HEADERS)
    .header('content-type', 'text/html; charset=utf-8')
    .send(notice(status, message));

/**
 * `/preview/{token}`: the article page a preview link shows (decision 113), rendered by the page
 * host as its public page is (`unlisted`), marked as a preview, answered for this request alone.
 */
export function previewPageRoute(previews: PreviewService, unlisted: UnlistedPagesSlot) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { token: string } }>('/preview/:token', async (request, reply) => {
      let opened;
      try {
        opened = await previews.open(request.params.token);
      } catch (error) {
        if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'GONE')) {
          return sendNotice(reply, error.code === 'GONE' ? 410 : 404, error.message);
        }
        throw error;
      }
      const pages = unlisted.pages;
      if (!pages) return sendNotice(reply, 503, 'The web app is not built yet');
      const marks = {
        head: '<meta name="robots" content="noindex" />',
        bodyStart: banner(opened.expiresAt, app.config.siteTimeZone),
      };
      return pages.sendArticle(request, reply, opened.article, marks, PREVIEW_HEADERS);
    });
  };
}
