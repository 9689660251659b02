import { z } from 'zod';

/** A person editing an article now (`GET /news/{id}/presence`): since when, as an instant. */
export const presenceEditorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  since: z.string(),
});
export type PresenceEditor = z.infer<typeof presenceEditorSchema>;

export const presenceEditorsSchema = z.array(presenceEditorSchema);

/** `POST /news/{id}/presence`: a heartbeat, "I am editing"; `takeover` takes the edit over. */
export const presenceBeatSchema = z
  .object({ takeover: z.boolean().optional().describe('take the edit over from whoever holds it') })
  .strict();
export type PresenceBeat = z.infer<typeof presenceBeatSchema>;

/** The `takeover` event: sent to the editors a takeover displaced. */
export interface PresenceTakeover {
  by: { _id: string; name: string };
  at: string;
}

/** The `saved` event: the article was saved (its new `updatedAt` and `version`). */
export interface PresenceSaved {
  _id: string;
  updatedAt: string;
  version: number;
}

/** How often an open editor says it is editing, and how long a silent one still counts. */
export const PRESENCE_TIMING = {
  heartbeatSeconds: 10,
  expirySeconds: 25,
} as const;
