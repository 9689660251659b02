import { TRUNCATE, tagList, truncateChars } from '@newsroom/contract';

/** The tags to show, each cut to the spec's 10 characters. */
export function displayTags(tags: readonly string[]): string[] {
  return tagList(tags).map((tag) => truncateChars(tag, TRUNCATE.tag));
}
