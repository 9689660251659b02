import { TRUNCATE, truncateChars } from '@newsroom/contract';

/**
 * The tags to show: reads may carry them as a list or as one comma-separated string, so both
 * are split; each is cut to the spec's 10 characters.
 */
export function displayTags(tags: readonly string[]): string[] {
  return tags
    .flatMap((tag) => tag.split(','))
    .map((tag) => tag.trim())
    .filter(Boolean)
    .map((tag) => truncateChars(tag, TRUNCATE.tag));
}
