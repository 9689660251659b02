import type { Redis } from 'ioredis';
import type { PresenceEditor, PresenceTakeover } from '@newsroom/contract';
import { bySince, type Beat, type Person, type PresenceStore } from './store.ts';

interface Entry {
  name: string;
  since: string;
  seen: number;
}

/**
 * The store of several instances (REDIS_URL): one hash per article, a field per editor, the key
 * kept alive by heartbeats; displacement marks are keys that expire on their own. Every instance
 * sharing the Redis server (and REDIS_PREFIX) reads the same editors.
 */
export class RedisPresenceStore implements PresenceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly expiryMs: number,
  ) {}

  async beat(articleId: string, person: Person, now: string): Promise<Beat> {
    const key = this.key(articleId);
    const known = parse(await this.redis.hget(key, person._id));
    const still = known !== null && known.seen > Date.now() - this.expiryMs;
    const entry: Entry = { name: person.name, since: still ? known.since : now, seen: Date.now() };
    await this.redis
      .multi()
      .hset(key, person._id, JSON.stringify(entry))
      .pexpire(key, this.expiryMs)
      .exec();
    return { editors: await this.list(articleId), appeared: !still };
  }

  async list(articleId: string): Promise<PresenceEditor[]> {
    const key = this.key(articleId);
    const fields = await this.redis.hgetall(key);
    const oldest = Date.now() - this.expiryMs;
    const editors: PresenceEditor[] = [];
    const stale: string[] = [];
    for (const [_id, text] of Object.entries(fields)) {
      const entry = parse(text);
      if (entry && entry.seen > oldest) editors.push({ _id, name: entry.name, since: entry.since });
      else stale.push(_id);
    }
    if (stale.length > 0) await this.redis.hdel(key, ...stale);
    return editors.sort(bySince);
  }

  async remove(articleId: string, personId: string): Promise<boolean> {
    return (await this.redis.hdel(this.key(articleId), personId)) > 0;
  }

  async displace(articleId: string, personIds: string[], takeover: PresenceTakeover) {
    if (personIds.length === 0) return;
    const text = JSON.stringify(takeover);
    const batch = this.redis.multi();
    for (const id of personIds) batch.set(this.mark(articleId, id), text, 'PX', this.expiryMs);
    await batch.exec();
  }

  async displacedBy(articleId: string, personId: string): Promise<PresenceTakeover | null> {
    const text = await this.redis.get(this.mark(articleId, personId));
    try {
      return text ? (JSON.parse(text) as PresenceTakeover) : null;
    } catch {
      return null;
    }
  }

  async clearDisplaced(articleId: string, personId: string): Promise<void> {
    await this.redis.del(this.mark(articleId, personId));
  }

  private key(articleId: string) {
    return `${this.prefix}presence:${articleId}`;
  }

  private mark(articleId: string, personId: string) {
    return `${this.prefix}presence:${articleId}:displaced:${personId}`;
  }
}

function parse(text: string | null | undefined): Entry | null {
  if (!text) return null;
  try {
    const entry = JSON.parse(text) as Partial<Entry>;
    return typeof entry.name === 'string' &&
      typeof entry.since === 'string' &&
      typeof entry.seen === 'number'
      ? (entry as Entry)
      : null;
  } catch {
    return null;
  }
}
