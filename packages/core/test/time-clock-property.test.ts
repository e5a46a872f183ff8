import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costShifts } from '../src/labour/labour-cost.ts';
import { payrollReport } from '../src/reports/payroll-report.ts';
import type { ReportEntry } from '../src/reports/report-rows.ts';
import { type ApprovedTimesheet, withApprovedTimesheets } from '../src/time-clock/approved-time.ts';
import {
  clockInWindow,
  shiftForClockIn,
  timesheetBreakMinutes,
  timesheetWorkedMinutes,
} from '../src/time-clock/timesheet.ts';

const DAY_MS = 86_400_000;
const START = Date.parse('2027-01-04T00:00:00Z');

/** A closed entry: up to a day long, with ended breaks shorter than it. */
const closedEntry = fc
  .record({
    at: fc.nat(30 * DAY_MS),
    seconds: fc.integer({ min: 1, max: 86_400 }),
    breakShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ at, seconds, breakShare }) => ({
    clockInAt: START + at,
    clockOutAt: START + at + seconds * 1000,
    breakSeconds: Math.floor(seconds * breakShare),
    breakStartedAt: null,
  }));

describe('the time clock’s arithmetic, for any entry', () => {
  it('worked and break minutes are whole, never negative, and add up to the span within a minute', () => {
    fc.assert(
      fc.property(closedEntry, (entry) => {
        const worked = timesheetWorkedMinutes(entry, entry.clockOutAt);
        const breaks = timesheetBreakMinutes(entry, entry.clockOutAt);
        const span = (entry.clockOutAt - entry.clockInAt) / 60_000;
        expect(Number.isInteger(worked) && Number.isInteger(breaks)).toBe(true);
        expect(worked).toBeGreaterThanOrEqual(0);
        expect(Math.abs(worked + breaks - span)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('an open entry’s worked minutes never fall as time passes, and stand still on a break', () => {
    fc.assert(
      fc.property(fc.nat(8 * 3600), fc.nat(3600), fc.nat(3600), (before, onBreak, later) => {
        const clockInAt = START;
        const breakStartedAt = START + before * 1000;
        const open = { clockInAt, clockOutAt: null, breakSeconds: 0, breakStartedAt };
        const atStart = timesheetWorkedMinutes(open, breakStartedAt);
        expect(timesheetWorkedMinutes(open, breakStartedAt + onBreak * 1000)).toBe(atStart);
        const running = { ...open, breakStartedAt: null, breakSeconds: onBreak };
        const now = breakStartedAt + onBreak * 1000;
        expect(timesheetWorkedMinutes(running, now + later * 1000)).toBeGreaterThanOrEqual(
          timesheetWorkedMinutes(running, now),
        );
      }),
    );
  });

  it('a clock-in attaches only to a shift whose window holds it, in any zone', () => {
    const zones = fc.constantFrom('UTC', 'Europe/London', 'America/New_York', 'Australia/Sydney');
    const time = fc.integer({ min: 0, max: 95 }).map((q) => {
      const m = q * 15;
      return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    });
    fc.assert(
      fc.property(
        zones,
        time,
        time,
        fc.nat(2 * DAY_MS),
        fc.integer({ min: 0, max: 240 }),
        (zone, start, end, offset, early) => {
          if (start === end) return;
          const shift = {
            shiftId: 's',
            shiftDate: '2027-03-27',
            startTime: start,
            endTime: end,
            isTimeOff: false,
          };
          const now = Date.parse('2027-03-26T12:00:00Z') + offset;
          const window = clockInWindow(shift, zone, early)!;
          const attached = shiftForClockIn([shift], now, zone, early) !== null;
          expect(attached).toBe(now >= window.opensAt && now < window.closesAt);
          expect(window.closesAt).toBeGreaterThan(window.startsAt);
        },
      ),
    );
  });

  it('approved timesheets cost what the payroll report pays them, to the minor unit', () => {
    const STAFF = 'aaaaaaaa-0000-4000-8000-000000000001';
    const entries: ReportEntry[] = [0, 1, 2, 3, 4].map((d) => ({
      shiftId: `bbbbbbbb-0000-4000-8000-00000000000${d}`,
      staffId: STAFF,
      shiftDate: `2027-01-0${4 + d}`,
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 30,
      isTimeOff: false,
      timeOffDays: null,
      timeOffHours: null,
      attendanceAdjustments: [],
    }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 60, max: 720 }), fc.nat(59)), {
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 5000 }),
        (sheets, rate) => {
          const used = new Set<number>();
          const approved: ApprovedTimesheet[] = sheets.flatMap(([day, minutes, breakMinutes], i) => {
            if (day < 5 && used.has(day)) return [];
            used.add(day);
            const clockInAt = Date.parse(`2027-01-0${4 + Math.min(day, 4)}T08:00:00Z`);
            return [
              {
                timesheetId: `cccccccc-0000-4000-8000-00000000000${i}`,
                staffId: STAFF,
                shiftId: day < 5 ? entries[day]!.shiftId : null,
                workDate: `2027-01-0${4 + Math.min(day, 4)}`,
                clockInAt,
                clockOutAt: clockInAt + minutes * 60_000,
                breakSeconds: breakMinutes * 60,
              },
            ];
          });
          const withTime = withApprovedTimesheets(entries, approved, 'UTC');
          const costed = costShifts(withTime, {
            ratesByStaff: new Map([[STAFF, [{ effectiveFrom: '2026-01-01', hourlyRateMinor: rate }]]]),
            settings: { overtimeAfterMinutes: 2400, overtimeMultiplier: 1.5 },
            weekStartDay: 1,
            timeZone: 'UTC',
          });
          const costs = new Map(costed.map((c) => [c.shiftId, c.costMinor]));
          const person = {
            staffId: STAFF,
            firstName: 'Pat',
            lastName: '',
            leavingDate: null,
            weeklyHours: [],
          };
          const report = payrollReport(
            [person],
            withTime,
            { startDate: '2027-01-04', endDate: '2027-01-10' },
            'UTC',
            costs,
          );
          expect(report.totals.workedMinutes).toBe(costed.reduce((sum, c) => sum + c.minutes, 0));
          expect(report.totals.costMinor).toBe(costed.reduce((sum, c) => sum + c.costMinor, 0));
          for (const day of report.days) {
            const own = approved.some((t) => t.workDate === day.date);
            expect(day.source).toBe(own ? 'timesheet' : 'schedule');
          }
        },
      ),
    );
  });
});
