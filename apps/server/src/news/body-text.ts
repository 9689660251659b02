import { htmlToText } from '@newsroom/contract';

/**
 * The words of an article's rich-text body as search sees them: the text, never the markup (so
 * `<strong>` is not a word of the article). Control characters go, because the snippets use two
 * of them to mark matched words.
 */
export function searchBodyText(html: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return htmlToText(html).replace(/[\u0000-\u001f\u007f]+/g, ' ');
}
