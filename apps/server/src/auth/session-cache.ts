import { LRUCache } from 'lru-cache';
import type { Role } from '@newsroom/contract';

/** What the admin guard needs to know about a session: whose it is and their role, or that it is over. */
export type SessionState =
  | {
      active: true;
      adminId: string;
      email: string;
      role: Role;
      /** The person must turn two-factor sign-in on before anything else (decision 101). */
      enrolmentRequired: boolean;
    }
  | { active: false };

export interface SessionCacheOptions {
  ttlSeconds: number;
  /** False while revocations from other instances may be missed (Redis down): no caching then. */
  trusted: () => boolean;
  max?: number;
}

/**
 * A short-lived in-process copy of session states, so the guard does not ask the database on every
 * admin request. An entry is dropped the moment this instance hears of a revocation; otherwise it
 * lives at most `ttlSeconds`, which bounds how stale another instance's view can be.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, SessionState> | null;
  /**
   * Bumped on every revocation heard. A state read from the database before the bump must not be
   * stored after it, or a revocation racing the read would be forgotten.
   */
  private generation = 0;

  constructor(private readonly options: SessionCacheOptions) {
    this.entries =
      options.ttlSeconds > 0
        ? new LRUCache({ max: options.max ?? 10_000, ttl: options.ttlSeconds * 1000 })
        : null;
  }

  async get(sessionId: string, load: () => Promise<SessionState>): Promise<SessionState> {
    if (!this.entries || !this.options.trusted()) return load();
    const cached = this.entries.get(sessionId);
    if (cached) return cached;
    const generation = this.generation;
    const state = await load();
    if (generation === this.generation && this.options.trusted()) {
      this.entries.set(sessionId, state);
    }
    return state;
  }

  forget(sessionIds: readonly string[]): void {
    this.generation += 1;
    for (const id of sessionIds) this.entries?.delete(id);
  }

  /** Drops everything, for when revocations may have been missed. */
  clear(): void {
    this.generation += 1;
    this.entries?.clear();
  }
}
