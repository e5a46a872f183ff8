import type { CoverageSlot, CoverageStatus } from '../contracts/schedule-agent.ts';
import { addDays } from '../dates/week.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';
import {
  isoWeekday,
  isWorkShift,
  placeShift,
  type StaffingEntry,
  type StaffingStaff,
  spanOn,
} from './timeline.ts';

/** A slot's role fits a person when the slot has none, or the two are equal ignoring case and outer spaces. */
export function roleFits(slotRole: string | null, staffRole: string): boolean {
  if (slotRole === null) return true;
  return slotRole.trim().toLocaleLowerCase() === staffRole.trim().toLocaleLowerCase();
}

/**
 * A shift covers a slot on a date when it is not time off, is dated that date, runs over the slot's
 * whole window (overnight windows too, both placed in the team's `zone`) and its person is on the team
 * that day (not past their leaving date).
 */
export function shiftCoversSlot(
  entry: StaffingEntry,
  staff: StaffingStaff,
  slot: Pick<CoverageSlot, 'startTime' | 'endTime' | 'role'>,
  date: string,
  zone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (!isWorkShift(entry) || entry.shiftDate !== date) return false;
  if (staff.leavingDate !== null && date > staff.leavingDate) return false;
  if (!roleFits(slot.role, staff.role)) return false;
  const shift = placeShift(entry, zone);
  const window = spanOn(date, slot.startTime, slot.endTime, zone);
  return shift.start <= window.start && shift.end >= window.end;
}

/** Every slot on every date from..to, with the distinct people whose shifts cover it. */
export function coverageOf(
  from: string,
  to: string,
  slots: readonly CoverageSlot[],
  staff: readonly StaffingStaff[],
  entries: readonly StaffingEntry[],
  zone: string = DEFAULT_TIME_ZONE,
): CoverageStatus[] {
  const people = new Map(staff.map((person) => [person.staffId, person]));
  const byDate = new Map<string, StaffingEntry[]>();
  for (const entry of entries) {
    const list = byDate.get(entry.shiftDate);
    if (list) list.push(entry);
    else byDate.set(entry.shiftDate, [entry]);
  }
  const rows: CoverageStatus[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    const daySlots = slots
      .filter((slot) => slot.weekday === weekday)
      .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime));
    for (const slot of daySlots) {
      const staffIds = new Set<string>();
      for (const entry of byDate.get(date) ?? []) {
        const person = people.get(entry.staffId);
        if (person && shiftCoversSlot(entry, person, slot, date, zone)) staffIds.add(entry.staffId);
      }
      rows.push({
        date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        role: slot.role,
        needed: slot.staffCount,
        assigned: staffIds.size,
        staffIds: [...staffIds].sort(),
      });
    }
  }
  return rows;
}
