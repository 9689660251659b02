import { reachOf } from '@newsroom/contract';
import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';

/**
 * Who may add and amend an article's notes (role table: corrections any, any, own, none): editors
 * and admins on every article, an author on the articles they are among the authors of. The
 * guard has refused contributors already; this is the check on the article itself.
 */
export function assertMayCorrect(actor: Actor, own: boolean): void {
  const reach = reachOf(actor.role, 'news.correct');
  if (reach === 'any' || (reach === 'own' && own)) return;
  throw new DomainError(
    'FORBIDDEN',
    reach === 'own'
      ? 'Your role may only correct articles you are an author of'
      : 'Your role may not add or amend corrections',
  );
}
