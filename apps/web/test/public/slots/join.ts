import type { RenderedFragment } from '@newsroom/contract';

/**
 * Joins a fragment as the page host does for a page: the items but `exclude`, at most `limit`;
 * nothing at all when none is kept.
 */
export function joinFragment(
  fragment: RenderedFragment,
  { exclude, limit = Infinity }: { exclude?: string; limit?: number } = {},
): string {
  const kept = fragment.items.filter((item) => item.slug !== exclude).slice(0, limit);
  if (kept.length === 0) return '';
  return fragment.open + kept.map((item) => item.html).join('') + fragment.close;
}
