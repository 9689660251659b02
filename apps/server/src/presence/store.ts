import type { PresenceEditor, PresenceTakeover } from '@newsroom/contract';

/** A person as presence names them. */
export interface Person {
  _id: string;
  name: string;
}

/** What a heartbeat left: the editors now, and whether the person was not among them before. */
export interface Beat {
  editors: PresenceEditor[];
  appeared: boolean;
}

/**
 * Who is editing which article, shared by every instance that reads the same store. An entry
 * lasts `expiryMs` after its person's last heartbeat, so a crashed editor drops out on its own.
 * `since` is kept from the first heartbeat of an uninterrupted run of them.
 */
export interface PresenceStore {
  beat(articleId: string, person: Person, now: string): Promise<Beat>;
  list(articleId: string): Promise<PresenceEditor[]>;
  /** True when the person was editing. */
  remove(articleId: string, personId: string): Promise<boolean>;
  /** Marks people as displaced by a takeover, for as long as an entry would last. */
  displace(articleId: string, personIds: string[], takeover: PresenceTakeover): Promise<void>;
  /** The takeover that displaced the person, if it is still recent. */
  displacedBy(articleId: string, personId: string): Promise<PresenceTakeover | null>;
  clearDisplaced(articleId: string, personId: string): Promise<void>;
}

interface Entry {
  name: string;
  since: string;
  /** When the last heartbeat came, on the machine's clock (ms). */
  seen: number;
}

/** The earliest editor first. */
export const bySince = (a: PresenceEditor, b: PresenceEditor) =>
  a.since < b.since ? -1 : a.since > b.since ? 1 : a._id < b._id ? -1 : 1;

/** The store of a single instance (no REDIS_URL): a map in this process's memory. */
export class MemoryPresenceStore implements PresenceStore {
  private readonly articles = new Map<string, Map<string, Entry>>();
  private readonly displaced = new Map<string, { takeover: PresenceTakeover; until: number }>();

  constructor(private readonly expiryMs: number) {}

  async beat(articleId: string, person: Person, now: string): Promise<Beat> {
    const editors = this.fresh(articleId);
    const known = editors.get(person._id);
    editors.set(person._id, { name: person.name, since: known?.since ?? now, seen: Date.now() });
    this.articles.set(articleId, editors);
    return { editors: this.listed(editors), appeared: !known };
  }

  async list(articleId: string): Promise<PresenceEditor[]> {
    return this.listed(this.fresh(articleId));
  }

  async remove(articleId: string, personId: string): Promise<boolean> {
    const editors = this.fresh(articleId);
    const removed = editors.delete(personId);
    if (editors.size === 0) this.articles.delete(articleId);
    return removed;
  }

  async displace(articleId: string, personIds: string[], takeover: PresenceTakeover) {
    const until = Date.now() + this.expiryMs;
    for (const id of personIds) this.displaced.set(`${articleId} ${id}`, { takeover, until });
  }

  async displacedBy(articleId: string, personId: string): Promise<PresenceTakeover | null> {
    const key = `${articleId} ${personId}`;
    const mark = this.displaced.get(key);
    if (mark && mark.until > Date.now()) return mark.takeover;
    this.displaced.delete(key);
    return null;
  }

  async clearDisplaced(articleId: string, personId: string): Promise<void> {
    this.displaced.delete(`${articleId} ${personId}`);
  }

  /** The article's entries, without the ones whose heartbeats stopped. */
  private fresh(articleId: string): Map<string, Entry> {
    const editors = this.articles.get(articleId) ?? new Map<string, Entry>();
    const oldest = Date.now() - this.expiryMs;
    for (const [id, entry] of editors) if (entry.seen <= oldest) editors.delete(id);
    if (editors.size === 0) this.articles.delete(articleId);
    return editors;
  }

  private listed(editors: Map<string, Entry>): PresenceEditor[] {
    return [...editors].map(([_id, { name, since }]) => ({ _id, name, since })).sort(bySince);
  }
}
