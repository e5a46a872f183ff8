import { describe, expect, it } from 'vitest';
import { costShifts } from '../src/labour/labour-cost.ts';
import { payrollReport } from '../src/reports/payroll-report.ts';
import type { ReportEntry } from '../src/reports/report-rows.ts';
import {
  type ApprovedTimesheet,
  withApprovedTimesheets,
  workedSource,
} from '../src/time-clock/approved-time.ts';

const STAFF = 'aaaaaaaa-0000-4000-8000-000000000001';
const SHIFT = 'bbbbbbbb-0000-4000-8000-000000000001';
const entry: ReportEntry = {
  shiftId: SHIFT,
  staffId: STAFF,
  shiftDate: '2026-03-10',
  startTime: '09:00',
  endTime: '17:00',
  breakMinutes: 30,
  isTimeOff: false,
  timeOffDays: null,
  timeOffHours: null,
  attendanceAdjustments: [],
};
const approved = (over: Partial<ApprovedTimesheet> = {}): ApprovedTimesheet => ({
  timesheetId: 'cccccccc-0000-4000-8000-000000000001',
  staffId: STAFF,
  shiftId: SHIFT,
  workDate: '2026-03-10',
  clockInAt: Date.parse('2026-03-10T08:55:00Z'),
  clockOutAt: Date.parse('2026-03-10T17:20:00Z'),
  breakSeconds: 20 * 60,
  ...over,
});
const person = { staffId: STAFF, firstName: 'Bo', lastName: 'Baker', leavingDate: null, weeklyHours: [] };
const range = { startDate: '2026-03-09', endDate: '2026-03-15' };

describe('approved timesheets in the schedule’s place', () => {
  it('stand in for their shift: its break and worked minutes are the timesheet’s', () => {
    const [withTime] = withApprovedTimesheets([entry], [approved()], 'UTC');
    expect(withTime).toMatchObject({ shiftId: SHIFT, breakMinutes: 20, timesheetMinutes: 485 });
    expect(workedSource(withTime!)).toBe('timesheet');
    expect(workedSource(entry)).toBe('schedule');
  });

  it('make an entry of their own without a shift, scheduled for nothing', () => {
    const alone = approved({ shiftId: null, timesheetId: 'cccccccc-0000-4000-8000-000000000002' });
    const out = withApprovedTimesheets([entry], [alone], 'Europe/London');
    expect(out).toHaveLength(2);
    expect(out[1]).toMatchObject({
      shiftId: alone.timesheetId,
      shiftDate: '2026-03-10',
      startTime: '08:55',
      endTime: null,
    });
  });

  it('do not stand in for time off or someone else’s shift', () => {
    const off = { ...entry, isTimeOff: true };
    expect(withApprovedTimesheets([off], [approved()], 'UTC')).toHaveLength(2);
    expect(withApprovedTimesheets([entry], [approved({ staffId: 'x' })], 'UTC')[0]).toBe(entry);
  });

  it('are what the payroll report and labour cost count, and they agree', () => {
    const unscheduled = approved({
      shiftId: null,
      timesheetId: 'cccccccc-0000-4000-8000-000000000002',
      workDate: '2026-03-11',
      clockInAt: Date.parse('2026-03-11T10:00:00Z'),
      clockOutAt: Date.parse('2026-03-11T12:00:00Z'),
      breakSeconds: 0,
    });
    const entries = withApprovedTimesheets([entry], [approved(), unscheduled], 'UTC');
    const costed = costShifts(entries, {
      ratesByStaff: new Map([[STAFF, [{ effectiveFrom: '2026-01-01', hourlyRateMinor: 1200 }]]]),
      settings: { overtimeAfterMinutes: null, overtimeMultiplier: 1.5 },
      weekStartDay: 1,
      timeZone: 'UTC',
    });
    expect(costed.map((c) => c.minutes)).toEqual([485, 120]);
    const costs = new Map(costed.map((c) => [c.shiftId, c.costMinor]));
    const report = payrollReport([person], entries, range, 'UTC', costs);
    expect(report.days).toMatchObject([
      {
        date: '2026-03-10',
        scheduledMinutes: 480,
        breakMinutes: 20,
        workedMinutes: 485,
        source: 'timesheet',
      },
      { date: '2026-03-11', scheduledMinutes: 0, workedMinutes: 120, source: 'timesheet', shifts: 1 },
    ]);
    expect(report.people[0]).toMatchObject({ workedMinutes: 605, daysWorked: 2 });
    expect(report.totals.costMinor).toBe(costed.reduce((sum, c) => sum + c.costMinor, 0));
  });

  it('leave the schedule’s days as they were without one', () => {
    const report = payrollReport([person], withApprovedTimesheets([entry], [], 'UTC'), range, 'UTC');
    expect(report.days[0]).toMatchObject({ workedMinutes: 450, source: 'schedule' });
  });
});
