/** Cuts text to at most `max` characters. */
export function truncateChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('') + '...';
}

/** Cuts text to at most `max` whitespace-separated words. */
export function truncateWords(text: string, max: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length <= max ? words.join(' ') : words.slice(0, max).join(' ') + '...';
}

/** Plain text of an HTML fragment: tags dropped, common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|blockquote)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the slug input does while typing: whitespace becomes hyphens, slashes go. */
export function toSlugInput(value: string): string {
  return value.replace(/\s+/g, '-').replace(/\//g, '');
}

/** A URL-friendly form of a category or sub-category name ("Law & Justice" → "law-justice"). */
export function toPathSegment(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Tags as every read carries them (spec §3): one list whose single element is the
 * comma-separated text of all tags, `["alpha,beta"]`, or an empty list.
 */
export function tagsForRead(tags: readonly string[]): string[] {
  return tags.length > 0 ? [tags.join(',')] : [];
}

/** The tags of a read as a plain list; items may themselves be comma-separated texts. */
export function tagList(tags: readonly string[]): string[] {
  return tags
    .flatMap((tag) => tag.split(','))
    .map((tag) => tag.trim())
    .filter(Boolean);
}
