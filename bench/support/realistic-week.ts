// A 500-staff team's week as a real one looks: most people on most days, at varied times from person
// to person (early, day, late and night shifts, breaks, colours), notes on some (a few for administrators only), attendance
// adjustments on a few, time off in days, hours and time ranges, day notes, and the weeks before and
// after as noise. Deterministic (a seeded generator), so every run reads the same bytes.
import { addDays, weekDates } from '@rotaboard/core/dates/week';
import type { Database } from '../../packages/server/src/db/client.ts';
import { dayNotes, shifts, staff, teams, users } from '../../packages/server/src/db/schema.ts';
import { seededRandom } from '../../packages/server/test/support/seeded-random.ts';
import { sessionFor } from './app-server.ts';
import { STAFF, WEEK } from './week-world.ts';

const PATTERNS = [
  { startTime: '06:00:00', endTime: '14:00:00', breakMinutes: 30 },
  { startTime: '07:30:00', endTime: '15:30:00', breakMinutes: 30 },
  { startTime: '09:00:00', endTime: '17:00:00', breakMinutes: 60 },
  { startTime: '10:00:00', endTime: '18:30:00', breakMinutes: 45 },
  { startTime: '14:00:00', endTime: '22:00:00', breakMinutes: 30 },
  { startTime: '22:00:00', endTime: '06:00:00', breakMinutes: 30 },
] as const;
const NOTES = [
  'Covering the front desk',
  'Training the new starter',
  'Delivery expected at 10, please check it in',
  'Key holder: open up',
  'Stocktake in the afternoon',
  'Swap agreed with a colleague',
  'Fire marshal today',
];
const REASONS = ['lateness', 'early_finish', 'sick', 'other'] as const;

export type RealisticWeek = {
  teamId: string;
  ownerId: string;
  cookie: string;
  /** The week's entries as stored. */
  entries: (typeof shifts.$inferSelect)[];
};

/** Seeds the team, its owner (a Pro account: `proEmail`) and a session; WEEK is the week read. */
export async function seedRealisticWeek(database: Database, proEmail: string): Promise<RealisticWeek> {
  const random = seededRandom(28);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const { db } = database;
  const [owner] = await db
    .insert(users)
    .values({ email: proEmail, firstName: 'Olive', lastName: 'Owner', lastLoginAt: new Date() })
    .returning();
  const [team] = await db.insert(teams).values({ name: 'Big store', ownerId: owner!.id }).returning();
  const teamId = team!.id;
  const people = await db
    .insert(staff)
    .values(
      Array.from({ length: STAFF }, (_, i) => ({
        teamId,
        firstName: `Person ${i}`,
        lastName: `Surname ${i}`,
        displayOrder: i,
      })),
    )
    .returning({ id: staff.id });

  type NewShift = typeof shifts.$inferInsert;
  const weekOf = (start: string): NewShift[] => {
    const rows: NewShift[] = [];
    for (const person of people) {
      const usual = pick(PATTERNS);
      // A week off for one in thirty; otherwise five or six working days, a day or two off.
      if (random() < 1 / 30) {
        rows.push({
          teamId,
          staffId: person.id,
          shiftDate: start,
          isTimeOff: true,
          timeOffDays: 7,
          notes: 'Annual leave',
        });
        continue;
      }
      const daysOff = new Set([Math.floor(random() * 7), random() < 0.5 ? Math.floor(random() * 7) : -1]);
      for (const [day, shiftDate] of weekDates(start, 1).entries()) {
        if (daysOff.has(day)) {
          // Some days off are booked as time off: a part day in hours or a time range.
          if (random() < 0.15) {
            const inHours = random() < 0.5;
            rows.push({
              teamId,
              staffId: person.id,
              shiftDate,
              isTimeOff: true,
              ...(inHours
                ? { timeOffHours: pick([4, 7.5, 8]) }
                : { startTime: '09:00:00', endTime: '13:00:00' }),
              notes: random() < 0.5 ? 'Medical appointment' : null,
              notesVisibleToAll: false,
            });
          }
          continue;
        }
        // One pattern a week per person: a late then an early would break the rest rule between shifts.
        const pattern = usual;
        const noted = random() < 0.2;
        rows.push({
          teamId,
          staffId: person.id,
          shiftDate,
          ...pattern,
          colour: random() < 0.4 ? Math.floor(random() * 6) : null,
          notes: noted ? pick(NOTES) : null,
          notesVisibleToAll: !noted || random() < 0.8,
          attendanceAdjustments:
            random() < 0.04
              ? [{ minutes: 5 + Math.floor(random() * 55), reason: pick(REASONS), comment: 'Bus was late' }]
              : [],
        });
      }
    }
    return rows;
  };

  const week = weekOf(WEEK.startDate);
  const inserted: RealisticWeek['entries'] = [];
  for (let i = 0; i < week.length; i += 500) {
    inserted.push(
      ...(await db
        .insert(shifts)
        .values(week.slice(i, i + 500))
        .returning()),
    );
  }
  // The weeks either side, so the read has to find its week in a bigger table.
  for (const start of [addDays(WEEK.startDate, -7), addDays(WEEK.startDate, 7)]) {
    const noise = weekOf(start);
    for (let i = 0; i < noise.length; i += 500) await db.insert(shifts).values(noise.slice(i, i + 500));
  }
  await db.insert(dayNotes).values(
    weekDates(WEEK.startDate, 1).map((noteDate, i) => ({
      teamId,
      noteDate,
      noteText: i === 5 ? 'Late-night opening: all hands from 18:00' : `Deliveries ${i % 2 ? 'AM' : 'PM'}`,
      showToAllStaff: i !== 2,
    })),
  );
  const token = await sessionFor(database, owner!.id);
  return { teamId, ownerId: owner!.id, cookie: `rotaboard_session=${token}`, entries: inserted };
}
