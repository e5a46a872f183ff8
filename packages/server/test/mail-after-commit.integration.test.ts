import { randomUUID } from 'node:crypto';
import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shifts } from '../src/db/schema.ts';
import type { Mailer, OutboxEmail } from '../src/plugins/mail.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

/**
 * "Nothing may fail after a transaction commits": when the email about a committed change cannot be
 * sent, the change still answers as done (the failure is logged). Before this, the shift answered 500
 * although it had been saved. (Request and support emails follow the same rule in their services.)
 */
describe.each(engines)('emails after a commit on %s', (engine) => {
  let t: TestApp;
  const kept: OutboxEmail[] = [];
  // An outbox that keeps sign-in links but cannot send schedule or request emails.
  const mailer: Mailer = {
    kind: 'outbox',
    async send(email) {
      if (/schedule changed|sent a request|request was/.test(email.subject)) throw new Error('SMTP down');
      kept.unshift({
        ...email,
        id: randomUUID(),
        createdAt: new Date(),
        links: email.text.match(/https?:\/\/[^\s<>"']+/g) ?? [],
      });
    },
    async outbox() {
      return kept;
    },
  };
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { mailer });
  });
  afterAll(async () => t.close());

  it('answers a notified change to a locked shift as done when its email fails', async () => {
    const owner = client(
      t.app,
      await signIn(t.app, 'owner@pro-domain.test', { firstName: 'Oli', lastName: 'Owner' }),
    );
    const team = (await owner('POST', '/api/teams', { teamName: 'Diner', ownerInStaffList: false })).json();
    const base = `/api/teams/${team.teamId}`;
    const ann = (
      await owner('POST', `${base}/staff`, { firstName: 'Ann', lastName: 'Able', email: 'ann@example.com' })
    ).json();
    const day = addDays(toIsoDate(new Date()), 2);
    expect(
      (
        await owner('PUT', `${base}/shifts/locked-until`, {
          lockedUntil: addDays(day, 7),
          hideScheduleAfterLock: false,
        })
      ).statusCode,
    ).toBe(200);
    const created = await owner('POST', `${base}/shifts?includeNotification=true`, {
      staffId: ann.staffId,
      shiftDate: day,
      startTime: '09:00',
      endTime: '17:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await t.database.db.select().from(shifts).where(eq(shifts.staffId, ann.staffId))).toHaveLength(1);
  });
});
