import { reachOf } from '@newsroom/contract';
import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';

/**
 * Who may write an article's live entries and end its coverage (role table: live entries any,
 * any, own, none): editors and admins on every article, an author on the articles they are among
 * the authors of. The guard has refused contributors already; this is the check on the article.
 */
export function assertMayWriteLive(actor: Actor, own: boolean): void {
  const reach = reachOf(actor.role, 'news.live');
  if (reach === 'any' || (reach === 'own' && own)) return;
  throw new DomainError(
    'FORBIDDEN',
    reach === 'own'
      ? 'Your role may only write the live entries of articles you are an author of'
      : 'Your role may not write live entries',
  );
}
