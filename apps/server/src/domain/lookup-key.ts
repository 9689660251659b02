/**
 * How a slug or a name is looked up: surrounding spaces ignored, then case. The article lookup,
 * the addresses that never break, cache keys and stale tags all read one through this, so an
 * answer is stored, found and dropped under the same key.
 */
export function lookupKey(slugOrName: string): string {
  return slugOrName.trim().toLowerCase();
}
