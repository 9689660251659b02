import { describe, expect, it } from 'vitest';
import { CacheEntries, type Built } from '../src/cache/entries.ts';

interface Copy {
  text: string;
  bytes: number;
  tags: string[];
  status: number;
}

/** A build that finishes when the test says so. */
function heldBuild() {
  let finish: (text: string) => void = () => undefined;
  const built = new Promise<Built<Copy>>((resolve) => {
    finish = (text) =>
      resolve({
        value: { text, bytes: 1, tags: ['list:newest', 'article:a'], status: 200 },
        keep: true,
      });
  });
  return { build: () => built, finish };
}

const cache = () =>
  new CacheEntries<Copy>({ maxBytes: 1_000_000, now: () => 0, trusted: () => true });

describe('a build that writes overlapped', () => {
  it('is not kept when a later write named its own tag, after one that named a list it shows', async () => {
    const entries = cache();
    const first = heldBuild();
    const read = entries.get('page a', first.build, first.build);
    await entries.invalidate(['list:newest']);
    await entries.invalidate(['article:a']);
    first.finish('before both writes');
    await read;
    const next = heldBuild();
    const again = entries.get('page a', next.build, next.build);
    next.finish('after both writes');
    expect((await again).text).toBe('after both writes');
  });

  it('is kept as stale when only a list it shows was named, and given out meanwhile', async () => {
    const entries = cache();
    const first = heldBuild();
    const read = entries.get('page a', first.build, first.build);
    await entries.invalidate(['list:newest']);
    first.finish('before the write');
    await read;
    const next = heldBuild();
    expect((await entries.get('page a', next.build, next.build)).text).toBe('before the write');
  });
});

describe('a build after one a write overtook', () => {
  it('waits for it when the cache rebuilds the entry itself, and is not needed if it came out current', async () => {
    const entries = cache();
    const first = heldBuild();
    const read = entries.get('page a', first.build, first.build);
    // A write naming nothing the page shows: the build may have read it, so it is overtaken.
    await entries.invalidate(['list:other']);
    let begun = false;
    const next = entries.get(
      'page a',
      async () => {
        begun = true;
        return heldBuild().build();
      },
      first.build,
    );
    expect(begun).toBe(false);
    first.finish('read before the write');
    await read;
    expect((await next).text).toBe('read before the write');
    expect(begun).toBe(false);
  });

  it("begins at once when its request builds it (an API response, built by the route's handler)", async () => {
    const entries = cache();
    const first = heldBuild();
    void entries.get('response a', first.build, null);
    await entries.invalidate(['list:newest']);
    let begun = false;
    const second = heldBuild();
    const next = entries.get(
      'response a',
      () => {
        begun = true;
        return second.build();
      },
      null,
    );
    expect(begun).toBe(true);
    second.finish('built by its request');
    expect((await next).text).toBe('built by its request');
    first.finish('overtaken');
  });
});

describe('entries rebuilt when read after a write (a route that names its read)', () => {
  /** Five kept answers whose builds say how to build them again; counts the rebuilds running. */
  async function keptAnswers() {
    const entries = cache();
    const running = { now: 0, most: 0, done: 0 };
    const release: Array<() => void> = [];
    const again = (key: string) => async (): Promise<Built<Copy>> => {
      running.now += 1;
      running.most = Math.max(running.most, running.now);
      await new Promise<void>((resolve) => release.push(resolve));
      running.now -= 1;
      running.done += 1;
      const value = { text: `${key} after`, bytes: 1, tags: ['list:newest'], status: 200 };
      return { value, keep: true, rebuildWhenRead: again(key) };
    };
    const keys = ['a', 'b', 'c', 'd', 'e'];
    for (const key of keys) {
      const value = { text: `${key} before`, bytes: 1, tags: ['list:newest'], status: 200 };
      await entries.get(key, async () => ({ value, keep: true, rebuildWhenRead: again(key) }));
    }
    return { entries, keys, running, release };
  }

  it('are not rebuilt by the write: the write answers at once', async () => {
    const { entries, running } = await keptAnswers();
    await entries.invalidate(['list:newest']);
    expect(running.now + running.done).toBe(0);
  });

  it('give readers the previous copy and are rebuilt two at a time, each once', async () => {
    const { entries, keys, running, release } = await keptAnswers();
    await entries.invalidate(['list:newest']);
    for (const key of keys) expect(entries.peek(key)?.text).toBe(`${key} before`);
    for (const key of keys) expect(entries.peek(key)?.text).toBe(`${key} before`);
    expect(running.now).toBe(2);
    while (running.done < keys.length) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Read twice each, rebuilt once each: nothing more was queued.
    expect(running.now).toBe(0);
    expect(running.most).toBe(2);
    for (const key of keys) expect(entries.peek(key)?.text).toBe(`${key} after`);
    expect(running.done).toBe(keys.length);
  });
});

describe('an entry rebuilt when read, past its lifetime without a write', () => {
  it('is given out once more and rebuilt after that read', async () => {
    let now = 0;
    const entries = new CacheEntries<Copy>({
      maxBytes: 1_000_000,
      now: () => now,
      trusted: () => true,
    });
    let rebuilt = 0;
    const again = async (): Promise<Built<Copy>> => {
      rebuilt += 1;
      const value = { text: 'rebuilt', bytes: 1, tags: ['list:newest'], status: 200 };
      return { value, keep: true, rebuildWhenRead: again };
    };
    const first = { text: 'first', bytes: 1, tags: ['list:newest'], status: 200 };
    await entries.get('answer', async () => ({ value: first, keep: true, rebuildWhenRead: again }));
    // Five minutes on, with no write: the safety net's lifetime is over.
    now += 5 * 60_000;
    expect(entries.peek('answer')?.text).toBe('first');
    await new Promise((resolve) => setImmediate(resolve));
    expect(rebuilt).toBe(1);
    expect(entries.peek('answer')?.text).toBe('rebuilt');
  });
});
