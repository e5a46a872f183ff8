import { randomUUID } from 'node:crypto';
import { addDays } from '@rotaboard/core/dates/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedReads } from '../src/db/batched-reads.ts';
import type { Database } from '../src/db/client.ts';
import type { Db } from '../src/db/db.ts';
import { staff, users } from '../src/db/schema.ts';
import { createSessionRepository } from '../src/modules/auth/session.repository.ts';
import { createTeamRepository } from '../src/modules/team-access/team.repository.ts';
import { countQueries, engines, freshDatabase } from './support/harness.ts';

const today = new Date().toISOString().slice(0, 10);

describe('batchedReads', () => {
  it('answers the asks of one turn of the event loop with one run, and a later turn with another', async () => {
    const runs: number[][] = [];
    const loader = batchedReads<number, number>(async (_db, asks) => {
      runs.push([...asks]);
      return asks.map((n) => (n < 0 ? null : n * 10));
    })({} as Db);
    // Asked from separate callbacks of one turn, as sockets' handshakes are.
    const asked = await new Promise<Promise<number | null>[]>((resolve) => {
      const answers: Promise<number | null>[] = [];
      setImmediate(() => answers.push(loader.load(1)));
      setImmediate(() => answers.push(loader.load(2), loader.load(-1)));
      setImmediate(() => resolve(answers));
    });
    expect(await Promise.all(asked)).toEqual([10, 20, null]);
    expect(await loader.load(3)).toBe(30);
    expect(runs).toEqual([[1, 2, -1], [3]]);
  });

  it('fails every ask of a run that fails, and runs the next asks afresh', async () => {
    let fail = true;
    const loader = batchedReads<number, number>(async (_db, asks) => {
      if (fail) throw new Error('database away');
      return [...asks];
    })({} as Db);
    const failed = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load(1)).toBe(1);
  });
});

describe.each(engines)('session and team-access reads asked together, on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let db: Db;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine));
    db = database.db;
    const people = await db
      .insert(users)
      .values(
        ['owner', 'member', 'admin', 'outsider', 'leaver'].map((n) => ({ email: `${n}.batch@example.com` })),
      )
      .returning();
    for (const [i, n] of ['owner', 'member', 'admin', 'outsider', 'leaver'].entries()) ids[n] = people[i]!.id;
    const teams = createTeamRepository(db);
    const first = await teams.insert({
      name: 'First',
      weekStartDay: 1,
      ownerId: ids.owner!,
      ownerInStaffList: false,
    });
    const second = await teams.insert({
      name: 'Second',
      weekStartDay: 1,
      ownerId: ids.owner!,
      ownerInStaffList: false,
    });
    ids.first = first.id;
    ids.second = second.id;
    const rows = await db
      .insert(staff)
      .values([
        { teamId: first.id, userId: ids.member!, firstName: 'Mo' },
        { teamId: first.id, userId: ids.admin!, firstName: 'Ada', isAdmin: true },
        { teamId: first.id, userId: ids.leaver!, firstName: 'Lee', leavingDate: addDays(today, -1) },
      ])
      .returning();
    ids.memberStaff = rows[0]!.id;
    ids.adminStaff = rows[1]!.id;
    const sessions = createSessionRepository(db);
    const hour = 3_600_000;
    for (const [hash, userId, expiresIn] of [
      ['batch-owner', ids.owner!, hour],
      ['batch-member', ids.member!, hour],
      ['batch-expired', ids.admin!, -hour],
    ] as const) {
      await sessions.insert({
        userId,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + expiresIn),
        userAgent: null,
      });
    }
  });
  afterAll(async () => {
    await dispose();
  });

  it('gives each (team, person) their own access from one query, bad ids included', async () => {
    const queries = countQueries(db);
    const teams = createTeamRepository(db);
    const ask = (teamId: string, userId: string) => teams.findForUser(teamId, userId, today);
    const [owner, member, admin, outsider, leaver, memberElsewhere, upper, unknown, malformed] =
      await Promise.all([
        ask(ids.first!, ids.owner!),
        ask(ids.first!, ids.member!),
        ask(ids.first!, ids.admin!),
        ask(ids.first!, ids.outsider!),
        ask(ids.first!, ids.leaver!),
        ask(ids.second!, ids.member!),
        ask(ids.first!.toUpperCase(), ids.member!),
        ask(randomUUID(), ids.owner!),
        ask('not-a-team', ids.owner!),
      ]);
    expect(queries.n).toBe(1);
    expect(owner).toMatchObject({ team: { id: ids.first, ownerId: ids.owner }, membership: null });
    expect(member?.membership).toEqual({ staffId: ids.memberStaff, isAdmin: false, leavingDate: null });
    expect(admin?.membership).toEqual({ staffId: ids.adminStaff, isAdmin: true, leavingDate: null });
    // The team, with no membership: the other asks' staff rows are not theirs.
    expect(outsider).toMatchObject({ team: { id: ids.first }, membership: null });
    expect(leaver).toMatchObject({ team: { id: ids.first }, membership: null });
    expect(memberElsewhere).toMatchObject({ team: { id: ids.second }, membership: null });
    expect(memberElsewhere?.isOwnersFirstTeam).toBe(false);
    expect(owner?.isOwnersFirstTeam).toBe(true);
    expect(upper?.membership?.staffId).toBe(ids.memberStaff);
    expect(unknown).toBeNull();
    expect(malformed).toBeNull();
  });

  it('gives each token its own live session from one query', async () => {
    const queries = countQueries(db);
    const sessions = createSessionRepository(db);
    const now = new Date();
    const ask = (hash: string) => sessions.findLiveByTokenHash(hash, now, new Date(0));
    const [owner, member, expired, unknown] = await Promise.all(
      ['batch-owner', 'batch-member', 'batch-expired', 'no-such-token'].map(ask),
    );
    expect(queries.n).toBe(1);
    expect(owner?.user.id).toBe(ids.owner);
    expect(member?.user.id).toBe(ids.member);
    expect(expired).toBeNull();
    expect(unknown).toBeNull();
    // Each answer is checked against its own clock: a session seen live by one ask is not by a later one.
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await sessions.findLiveByTokenHash('batch-owner', later, new Date(0))).toBeNull();
  });
});
