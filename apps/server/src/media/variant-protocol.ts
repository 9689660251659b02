import type { StorageSettings } from '../storage/open-storage.ts';

/**
 * One picture whose variants are to be made: the article and the pending key it had, or with
 * `entryId`, the picture of that entry of the article's live page (decision 123).
 */
export interface VariantJob {
  newsId: string;
  key: string;
  entryId?: string;
}

/** What the app sends the variant process: where media are stored, then one job at a time. */
export type ToVariantProcess =
  { type: 'open'; storage: StorageSettings } | { type: 'make'; job: VariantJob };

/** Its answer to each job: the key the picture was stored under with its variants, or why not. */
export type FromVariantProcess =
  | { type: 'made'; job: VariantJob; madeKey: string }
  | { type: 'failed'; job: VariantJob; reason: string };
