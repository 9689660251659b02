import type { PresenceEditor, PresenceTakeover } from '@newsroom/contract';
import type { BusLogger } from '../redis/channel.ts';
import type { Beat, Person, PresenceStore } from './store.ts';

/**
 * The shared store, or this instance's memory while it does not answer (Redis away): presence
 * then shows the editors of this instance only, and never makes a call fail. One warning per
 * outage.
 */
export class FallbackPresenceStore implements PresenceStore {
  private away = false;

  constructor(
    private readonly shared: PresenceStore,
    private readonly local: PresenceStore,
    private readonly log: BusLogger,
  ) {}

  beat(articleId: string, person: Person, now: string): Promise<Beat> {
    return this.either((store) => store.beat(articleId, person, now));
  }

  list(articleId: string): Promise<PresenceEditor[]> {
    return this.either((store) => store.list(articleId));
  }

  remove(articleId: string, personId: string): Promise<boolean> {
    return this.either((store) => store.remove(articleId, personId));
  }

  displace(articleId: string, personIds: string[], takeover: PresenceTakeover): Promise<void> {
    return this.either((store) => store.displace(articleId, personIds, takeover));
  }

  displacedBy(articleId: string, personId: string): Promise<PresenceTakeover | null> {
    return this.either((store) => store.displacedBy(articleId, personId));
  }

  clearDisplaced(articleId: string, personId: string): Promise<void> {
    return this.either((store) => store.clearDisplaced(articleId, personId));
  }

  private async either<T>(use: (store: PresenceStore) => Promise<T>): Promise<T> {
    try {
      const answer = await use(this.shared);
      if (this.away) this.log.info({}, 'Presence is shared through Redis again');
      this.away = false;
      return answer;
    } catch (error) {
      if (!this.away) {
        this.log.warn({ err: error }, 'Presence cannot reach Redis: this instance’s editors only');
      }
      this.away = true;
      return use(this.local);
    }
  }
}
