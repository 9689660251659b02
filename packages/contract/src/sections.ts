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

/** A category or sub-category named in a path, matched by its readable form or its name. */
function sameName(name: string, segment: string): boolean {
  return toPathSegment(name) === toPathSegment(segment);
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
  const category = categories.find((c) => sameName(c.name, categorySegment));
  if (!category) return null;
  if (subcategorySegment === undefined) return { category: category.name };
  const sub = category.subcategory.find((s) => sameName(s.name, subcategorySegment));
  return sub ? { category: category.name, subcategory: sub.name } : null;
}

/** Whether a name has an address of its own (a name of punctuation only has none). */
export const hasAddress = (name: string): boolean => toPathSegment(name) !== '';
