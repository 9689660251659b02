import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  AdminNewsDto,
  PresenceBeat,
  PresenceEditor,
  PresenceSaved,
  PresenceTakeover,
} from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { DomainError } from '../domain/errors.ts';
import { mayEditArticle } from '../news/access.ts';
import type { PresenceFanout } from './fanout.ts';
import type { Person, PresenceStore } from './store.ts';
import { openEventStream } from './stream.ts';

/**
 * Who is editing an article now, live (decision 110): heartbeats and takeovers go into the store
 * shared by every instance, and each change is announced at once to the article's open editors
 * on every instance. Every call needs the right to edit the article (the role table), which
 * must exist.
 */
export class PresenceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: PresenceStore,
    private readonly fanout: PresenceFanout,
    private readonly clock: Clock,
  ) {}

  async editors(articleId: string, actor: Actor): Promise<PresenceEditor[]> {
    await this.assertMayEdit(articleId, actor);
    return this.store.list(articleId);
  }

  /**
   * "I am editing": the first heartbeat of a run shows the person to the others at once. One who
   * was taken over since is refused until they take it over back. A takeover displaces every
   * other editor, whose streams are told by whom.
   */
  async beat(articleId: string, actor: Actor, input: PresenceBeat): Promise<PresenceEditor[]> {
    await this.assertMayEdit(articleId, actor);
    const person = await this.person(actor.id);
    const now = isoNow(this.clock);
    if (input.takeover) {
      await this.takeOver(articleId, person, now);
    } else {
      const takeover = await this.store.displacedBy(articleId, person._id);
      if (takeover) await this.refuseDisplaced(articleId, person, takeover);
    }
    const beat = await this.store.beat(articleId, person, now);
    if (beat.appeared || input.takeover) {
      await this.fanout.announce({ article: articleId, event: 'presence' });
    }
    return beat.editors;
  }

  /**
   * Opens the event stream of an article's editor: the editors now at once, then `presence`,
   * `saved` and `takeover` events. Its close takes the person off the editors at once, unless
   * they have another stream of the article open on this instance.
   */
  async open(
    articleId: string,
    actor: Actor,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    await this.assertMayEdit(articleId, actor);
    const editors = await this.store.list(articleId);
    const stream = openEventStream(reply, articleId, actor.id);
    this.fanout.add(stream, editors);
    let gone = false;
    const closed = () => {
      if (gone) return;
      gone = true;
      if (!this.fanout.delete(stream)) void this.leave(articleId, actor.id);
    };
    reply.raw.once('close', closed);
    // The browser may have left while the article was being checked.
    if (request.raw.socket.destroyed) closed();
  }

  /** Tells the article's open editors that it was saved (after the write committed). */
  saved(article: AdminNewsDto): void {
    const data: PresenceSaved = {
      _id: article._id,
      updatedAt: article.updatedAt,
      version: article.version,
    };
    void this.fanout.announce({ article: article._id, event: 'saved', data });
  }

  private async leave(articleId: string, personId: string): Promise<void> {
    try {
      if (await this.store.remove(articleId, personId)) {
        await this.fanout.announce({ article: articleId, event: 'presence' });
      }
    } catch {
      // The heartbeat's expiry takes them off instead.
    }
  }

  private async takeOver(articleId: string, person: Person, now: string): Promise<void> {
    const others = (await this.store.list(articleId)).filter((e) => e._id !== person._id);
    await this.store.clearDisplaced(articleId, person._id);
    if (others.length === 0) return;
    const takeover: PresenceTakeover = { by: person, at: now };
    const displaced = others.map((editor) => editor._id);
    await this.store.displace(articleId, displaced, takeover);
    for (const id of displaced) await this.store.remove(articleId, id);
    await this.fanout.announce({
      article: articleId,
      event: 'takeover',
      data: takeover,
      to: displaced,
    });
  }

  /** A heartbeat from someone taken over, while the taker still edits: 409. */
  private async refuseDisplaced(articleId: string, person: Person, takeover: PresenceTakeover) {
    const editors = await this.store.list(articleId);
    if (!editors.some((editor) => editor._id === takeover.by._id)) {
      await this.store.clearDisplaced(articleId, person._id);
      return;
    }
    throw new DomainError(
      'CONFLICT',
      `${takeover.by.name} took over editing this article; take it over again to go on editing`,
    );
  }

  private async person(id: string): Promise<Person> {
    const row = await this.db
      .selectFrom('admins')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { _id: row.id, name: row.name };
  }

  /** The article must exist (else 404) and the person may edit it as it stands (else 403). */
  private async assertMayEdit(articleId: string, actor: Actor): Promise<void> {
    const may = await mayEditArticle(this.db, articleId, actor, isoNow(this.clock));
    if (may === null) throw new DomainError('NOT_FOUND', 'News not found');
    if (!may) throw new DomainError('FORBIDDEN', 'Your role may not edit this article');
  }
}
