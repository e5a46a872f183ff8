import type { TimesheetDto, TimesheetNowDto } from '@rotaboard/core/time-clock/time-clock-contracts';
import {
  scheduledMinutes,
  timesheetBreakMinutes,
  timesheetWorkedMinutes,
  varianceMinutes,
} from '@rotaboard/core/time-clock/timesheet';
import type { TimesheetRow, TimesheetWithContext } from './time-clock.repository.ts';

export const staffNameOf = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

const times = (row: TimesheetRow) => ({
  clockInAt: row.clockInAt.getTime(),
  clockOutAt: row.clockOutAt?.getTime() ?? null,
  breakSeconds: row.breakSeconds,
  breakStartedAt: row.breakStartedAt?.getTime() ?? null,
});

/** A timesheet as every list gives it: minutes at `now` (an open one's run on), in the team's `zone`. */
export function toTimesheetDto(entry: TimesheetWithContext, zone: string, now: number): TimesheetDto {
  const { timesheet: row } = entry;
  const worked = timesheetWorkedMinutes(times(row), now);
  const scheduled = entry.shift
    ? scheduledMinutes({ shiftId: row.shiftId ?? '', ...entry.shift }, zone)
    : null;
  return {
    timesheetId: row.id,
    staffId: row.staffId,
    staffName: staffNameOf(entry),
    shiftId: row.shiftId,
    date: row.workDate,
    clockInAt: row.clockInAt.toISOString(),
    clockOutAt: row.clockOutAt?.toISOString() ?? null,
    breakMinutes: timesheetBreakMinutes(times(row), now),
    workedMinutes: worked,
    scheduledMinutes: scheduled,
    varianceMinutes: varianceMinutes(worked, scheduled),
    status: row.status,
  };
}

/** A tap's answer and the caller's own entry: the list item with its break. */
export function toTimesheetNowDto(entry: TimesheetWithContext, zone: string, now: number): TimesheetNowDto {
  return {
    ...toTimesheetDto(entry, zone, now),
    onBreak: entry.timesheet.breakStartedAt !== null,
    breakStartedAt: entry.timesheet.breakStartedAt?.toISOString() ?? null,
  };
}

/** What an audit row keeps of an entry: its times and state, as instants in ISO form. */
export const timesheetAuditValues = (row: TimesheetRow) => ({
  staffId: row.staffId,
  shiftId: row.shiftId,
  workDate: row.workDate,
  clockInAt: row.clockInAt.toISOString(),
  clockOutAt: row.clockOutAt?.toISOString() ?? null,
  breakSeconds: row.breakSeconds,
  breakStartedAt: row.breakStartedAt?.toISOString() ?? null,
  status: row.status,
});
