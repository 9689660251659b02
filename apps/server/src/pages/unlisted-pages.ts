import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NewsDto } from '@newsroom/contract';

/** What marks a page as one readers do not find: elements for its head and the top of its body. */
export interface PageMarks {
  head: string;
  bodyStart: string;
}

/**
 * Article pages shown to whoever holds a link, not to readers at large (a preview, decision
 * 113): the article page of any article's fields, rendered by the very renderer and with the
 * same shared parts as its public page, with `marks` and `headers` of the caller's. Never read
 * from or cached in the public cache, and never counted as a view.
 */
export interface UnlistedPages {
  sendArticle(
    request: FastifyRequest,
    reply: FastifyReply,
    article: NewsDto,
    marks: PageMarks,
    headers: Record<string, string>,
  ): Promise<FastifyReply>;
}

/** Where the page host puts its unlisted pages once it has a renderer (null: the web app is not built). */
export interface UnlistedPagesSlot {
  pages: UnlistedPages | null;
}

/** `html` with `marks` at the end of its head and the start of its body. */
export function markPage(html: string, marks: PageMarks): string {
  const head = html.replace('</head>', () => `${marks.head}</head>`);
  return head.replace(/<body[^>]*>/, (body) => body + marks.bodyStart);
}
