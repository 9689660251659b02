import { toPathSegment } from './text.ts';

/** A category (and optional sub-category) by name: where a news list or a feed belongs. */
export interface Section {
  category: string;
  subcategory?: string;
}

interface NamedCategory {
  name: string;
  subcategory: ReadonlyArray<{ name: string }>;
}

/**
 * Whether a path segment names a category or sub-category: its readable form, or the name itself
 * in any case, compared by readable form (decision 042). Sections and the server's history of
 * former names (decision 084) match by this one rule.
 */
export function isPathSegmentOf(segment: string, name: string): boolean {
  return toPathSegment(segment) === toPathSegment(name);
}

/**
 * The section a path's segments name (`/{category}/{subcategory?}`, and the feeds below them),
 * or null when no existing category, or no sub-category of it, has that name: such a page or
 * feed answers 404. The one rule for both the reader site and the server's feeds.
 */
export function resolveSection(
  categories: readonly NamedCategory[],
  categorySegment: string,
  subcategorySegment: string | undefined,
): Section | null {
  const category = categories.find((c) => isPathSegmentOf(categorySegment, c.name));
  if (!category) return null;
  if (subcategorySegment === undefined) return { category: category.name };
  const sub = category.subcategory.find((s) => isPathSegmentOf(subcategorySegment, s.name));
  return sub ? { category: category.name, subcategory: sub.name } : null;
}

/** Whether a name has an address of its own (a name of punctuation only has none). */
export const hasAddress = (name: string): boolean => toPathSegment(name) !== '';
