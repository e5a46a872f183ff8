import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { isActiveOn, matchesStaffSearch } from '@rotaboard/core/staff/staff-rules';
import { contractedHoursOn } from '@rotaboard/core/staff/weekly-hours';
import { dayTotals, staffTotals } from '../../../lib/schedule-grid';
import type { WeeklyHoursEntry } from '../api/schedule-api';
import type { GridRow } from '../components/staff-row';

/**
 * The week's rota from the loaded data: who is on it (not those who left before it began), the
 * week's entries (the query holds a day either side), the rows shown (those matching the search)
 * with each person's worked and contracted hours, and the day totals over the rows shown.
 */
export function weekRota(
  allStaff: readonly StaffDto[],
  allShifts: readonly ShiftDto[],
  hours: readonly WeeklyHoursEntry[],
  dates: readonly string[],
  search: string,
) {
  const start = dates[0]!;
  const end = dates[dates.length - 1]!;
  const staff = allStaff.filter((member) => isActiveOn(member.leavingDate, start));
  const weekShifts = allShifts.filter((shift) => shift.shiftDate >= start && shift.shiftDate <= end);
  const totals = staffTotals(weekShifts);
  const hoursByStaff = new Map<string, WeeklyHoursEntry[]>();
  for (const entry of hours) {
    const entries = hoursByStaff.get(entry.staffId);
    if (entries) entries.push(entry);
    else hoursByStaff.set(entry.staffId, [entry]);
  }
  const shown = search.trim() ? staff.filter((member) => matchesStaffSearch(member, search)) : staff;
  const rows: GridRow[] = shown.map((member) => ({
    member,
    totalMinutes: totals.get(member.staffId) ?? 0,
    contracted: contractedHoursOn(hoursByStaff.get(member.staffId) ?? [], start),
  }));
  const totalsByDay = dayTotals(weekShifts, dates, new Set(shown.map((member) => member.staffId)));
  return { staff, weekShifts, rows, totalsByDay };
}
