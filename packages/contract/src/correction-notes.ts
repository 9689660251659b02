import { PUBLICATION } from './publication.ts';

/**
 * Corrections and update notes of published articles (decision 112), without zod: what the
 * reader pages use loads no schema (corrections.ts holds those): plain text, shown on the
 * article's page newest first, listed on `/corrections`; amended, never removed.
 */
export const CORRECTION_KINDS = ['correction', 'update'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** How readers see each kind named. */
export const CORRECTION_KIND_NAMES: Record<CorrectionKind, string> = {
  correction: 'Correction',
  update: 'Update',
};

/** A note's text: a few sentences, at most a long paragraph. */
export const CORRECTION_TEXT = { min: 10, max: 2000 } as const;

/** `/corrections` and `/u/corrections`: notes a page. */
export const CORRECTIONS_PAGE_SIZE = 20;

/** The title of `/corrections/rss.xml`, as its channel and the pages' links name it. */
export const CORRECTIONS_FEED_TITLE = `${PUBLICATION.name}: corrections and updates`;

/** Items of `/corrections/rss.xml`, as many as the site's feed. */
export const RSS_CORRECTIONS_COUNT = 20;

/** Notes kept on one article: past it, an amendment says what is left to say. */
export const CORRECTIONS_PER_ARTICLE = 100;

export const CORRECTION_MESSAGES = {
  kind: 'kind must be "correction" or "update"',
  text: `Write the note in ${CORRECTION_TEXT.min} to ${CORRECTION_TEXT.max} characters`,
  control: 'The note may hold letters, punctuation and line breaks, not control characters',
  notPublished: 'Only a published article takes corrections and update notes',
  tooMany: `An article takes at most ${CORRECTIONS_PER_ARTICLE} notes: amend one of them instead`,
  unchanged: 'The note already says this',
} as const;

/** A note as readers see it (`publicCorrectionSchema`). */
export interface PublicNote {
  kind: CorrectionKind;
  text: string;
  createdAt: string;
}

/**
 * The time an article last changed for readers: its last save or its newest note, whichever is
 * later (JSON-LD `dateModified`, the page's "Updated").
 */
export function modifiedAt(article: {
  updatedAt: string;
  corrections?: readonly PublicNote[];
}): string {
  const newest = article.corrections?.[0]?.createdAt;
  return newest && newest > article.updatedAt ? newest : article.updatedAt;
}
