import { describe, expect, it } from 'vitest';
import { SharedReadMemo } from '../src/db/shared-read-memo.ts';

/** A load the test finishes when it chooses, counting how often the database was asked. */
function controlledLoads<T extends object>() {
  const pending: ((value: T | null) => void)[] = [];
  const calls = { n: 0 };
  const load = () =>
    new Promise<T | null>((resolve) => {
      calls.n++;
      pending.push(resolve);
    });
  const finish = (value: T | null) => pending.shift()!(value);
  return { load, finish, calls, pending };
}

type Session = { user: string; version: number };
const tagsOf = (s: Session) => [`user:${s.user}`];

async function linkedMemo() {
  const memo = new SharedReadMemo();
  await memo.linkUp(async () => undefined);
  return memo;
}

describe('SharedReadMemo (the PostgreSQL read memo, without a database)', () => {
  it('keeps a load that other teams’ writes overlapped, and not one its own tags’ write did', async () => {
    const memo = await linkedMemo();
    const db = controlledLoads<Session>();
    const first = memo.read('session/a', db.load, tagsOf);
    // Writes elsewhere while it loads: they name other tags.
    for (let i = 0; i < 50; i++) memo.dropTags([`team:${i}`, `user:other${i}`]);
    db.finish({ user: 'a', version: 1 });
    expect(await first).toEqual({ user: 'a', version: 1 });
    expect(await memo.read('session/a', db.load, tagsOf)).toEqual({ user: 'a', version: 1 });
    expect(db.calls.n).toBe(1);

    // Its own user's write lands while it loads again: what it read may be the old state.
    memo.dropTags(['user:a']);
    const second = memo.read('session/a', db.load, tagsOf);
    memo.dropTags(['user:a']);
    db.finish({ user: 'a', version: 1 });
    await second;
    const third = memo.read('session/a', db.load, tagsOf);
    expect(db.calls.n).toBe(3);
    db.finish({ user: 'a', version: 2 });
    expect(await third).toEqual({ user: 'a', version: 2 });
  });

  it('shares one load among concurrent reads of a key', async () => {
    const memo = await linkedMemo();
    const db = controlledLoads<Session>();
    const reads = Array.from({ length: 5 }, () => memo.read('session/a', db.load, tagsOf));
    expect(db.calls.n).toBe(1);
    db.finish({ user: 'a', version: 1 });
    expect(await Promise.all(reads)).toEqual(Array(5).fill({ user: 'a', version: 1 }));
  });

  it('does not hand a read that began after a write the answer of a load that began before it', async () => {
    const memo = await linkedMemo();
    const db = controlledLoads<Session>();
    const before = memo.read('session/a', db.load, tagsOf);
    memo.dropTags(['user:a']); // the logout, published before its request answered
    const after = memo.read('session/a', db.load, tagsOf);
    db.finish({ user: 'a', version: 1 }); // the old load answers what it read before the logout
    expect(await before).toEqual({ user: 'a', version: 1 });
    await new Promise((r) => setImmediate(r));
    expect(db.calls.n).toBe(2); // the later read asked the database itself
    db.finish(null);
    expect(await after).toBeNull();

    // A "none" names no tags: after any drop, a joiner asks again too.
    const none = memo.read('session/b', db.load, tagsOf);
    memo.dropTags(['team:x']);
    const joiner = memo.read('session/b', db.load, tagsOf);
    db.finish(null);
    await new Promise((r) => setImmediate(r));
    expect(db.calls.n).toBe(4);
    db.finish({ user: 'b', version: 1 });
    expect(await none).toBeNull();
    expect(await joiner).toEqual({ user: 'b', version: 1 });
  });

  it('forgets old drops under steady overlapping loads, and keeps nothing while unlinked', async () => {
    const memo = await linkedMemo();
    const db = controlledLoads<Session>();
    const droppedAt = (memo as unknown as { droppedAt: Map<string, number> }).droppedAt;
    // Always one load under way, a write between each start and end.
    let current = memo.read('session/k0', db.load, tagsOf);
    for (let i = 1; i <= 5_000; i++) {
      const next = memo.read(`session/k${i}`, db.load, tagsOf);
      memo.dropTags([`team:${i}`]);
      db.finish({ user: `u${i}`, version: 1 });
      await current;
      current = next;
    }
    expect(droppedAt.size).toBeLessThanOrEqual(1_001);
    db.finish({ user: 'last', version: 1 });
    await current;
    expect(droppedAt.size).toBe(0);

    memo.linkDown();
    const unlinked = memo.read('session/z', db.load, tagsOf);
    db.finish({ user: 'z', version: 1 });
    await unlinked;
    const again = memo.read('session/z', db.load, tagsOf);
    db.finish({ user: 'z', version: 1 });
    await again;
    expect(memo.size).toBe(0);
  });
});
