import { STAGE_NAMES, articleAccess, isUnreleased, mayMove, type Stage } from '@newsroom/contract';
import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';

/*
 * Who may move an article from one stage to another (decision 106), from the role table
 * (packages/contract/src/roles.ts). Checked inside the write's transaction on the article as it
 * stands, before anything is written: a refusal is a 403 and changes nothing.
 */

const refuse = (message: string) => new DomainError('FORBIDDEN', message);

/**
 * A write by `actor` that leaves an article in `to` where it was in `from` (a new article is
 * in `draft` before its first save).
 */
export function assertMayMove(actor: Actor, own: boolean, from: Stage, to: Stage) {
  if (to === 'unpublished' && from !== 'unpublished' && isUnreleased(from)) {
    throw new DomainError(
      'BAD_REQUEST',
      'Only a published or scheduled article can be unpublished; this one is not public',
    );
  }
  if (mayMove(actor.role, own, from, to)) return;
  const access = articleAccess(actor.role, own, from);
  if (!access.edit) {
    if (!own && actor.role !== 'admin' && actor.role !== 'editor') {
      throw refuse('Your role may only edit articles you are an author of');
    }
    throw refuse(
      `This article is ${STAGE_NAMES[from].toLowerCase()}: only an editor may change it now`,
    );
  }
  if (!isUnreleased(from) && !access.publish) throw refuse('Your role may not unpublish articles');
  if (to === 'ready') throw refuse('Only an editor or an admin may approve an article');
  throw refuse(
    'Your role may not publish or schedule articles: save it as a draft or send it to review, and an editor will publish it',
  );
}
