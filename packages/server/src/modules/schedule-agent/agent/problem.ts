import type { Availability } from '@rotaboard/core/contracts/availability';
import type { CoverageSlot, StaffingRuleId } from '@rotaboard/core/contracts/schedule-agent';
import { addDays } from '@rotaboard/core/dates/week';
import { entriesConflict } from '@rotaboard/core/shifts/conflicts';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { workedMinutes } from '@rotaboard/core/shifts/worked-minutes';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import { preferenceMinutes } from '@rotaboard/core/staffing/availability';
import { shiftCoversSlot } from '@rotaboard/core/staffing/coverage';
import {
  isoWeekday,
  isWorkShift,
  type StaffingEntry,
  type StaffingStaff,
  spanOn,
} from '@rotaboard/core/staffing/timeline';
import { DEFAULT_TIME_ZONE } from '@rotaboard/core/time/zone';
import { mayClash, violationsAdding } from './rule-check.ts';
import type { AgentPlanInput } from './types.ts';

/**
 * The run as data both solvers (the MIP and the greedy fallback) read: the period's days, the coverage
 * slots of each date, the shifts the agent could propose (candidates, each already checked against the
 * person's entries it cannot change), the shifts `rebuild` may remove, and each person's target hours.
 * Every time is placed on core's minute line in the team's zone and every length is real elapsed time
 * there (issue 41), as validate-period measures them.
 */

/** Why a person cannot take a slot; the rule ids say which rule adding it would break. */
export type Refusal =
  | 'role'
  | 'leaving'
  | 'locked'
  | 'time-off'
  | 'working'
  | 'unavailable'
  | 'shift-length'
  | Exclude<StaffingRuleId, 'availability' | 'shift-length'>;

/** One coverage slot on one date. */
export type SlotDay = {
  index: number;
  date: string;
  day: number;
  slot: CoverageSlot;
  /** The slot's window on the minute line (real minutes in the team's zone). */
  start: number;
  end: number;
  /** People whose entries the run keeps (or cannot touch) cover it already. */
  fixedStaff: Set<string>;
};

export type Person = {
  index: number;
  staff: StaffingStaff;
  /** Every entry of theirs in the context (the rules' window). */
  entries: StaffingEntry[];
  /** Their entries the run cannot remove. */
  fixedEntries: StaffingEntry[];
  availability: Availability | undefined;
  /** Contracted minutes over the period (weekly × weeks of the period), or null. */
  contractedMinutes: number | null;
  /** The minutes fairness aims at: contracted, prorated to the days they are on the team; else a share. */
  targetMinutes: number;
};

/** A shift the agent would add: a work shift with both times (never time off). */
export type ProposedEntry = StaffingEntry & {
  startTime: string;
  endTime: string;
  timeOffHours: null;
  timeOffDays: null;
};

/** A shift the agent could propose: one person, one date, one slot's times. */
export type Candidate = {
  index: number;
  person: number;
  day: number;
  entry: ProposedEntry;
  start: number;
  end: number;
  worked: number;
  preferred: number;
  /** The SlotDays it would count for. */
  covers: number[];
};

/** An existing shift `rebuild` may remove. */
export type Removable = {
  index: number;
  person: number;
  day: number;
  entry: StaffingEntry;
  start: number;
  end: number;
  worked: number;
  covers: number[];
};

export type Problem = {
  input: AgentPlanInput;
  /** The team's IANA zone (UTC when the context names none). */
  zone: string;
  days: string[];
  slots: SlotDay[];
  people: Person[];
  candidates: Candidate[];
  removables: Removable[];
};

const RULE_REFUSAL: Record<StaffingRuleId, Refusal> = {
  rest: 'rest',
  'weekly-hours': 'weekly-hours',
  'consecutive-days': 'consecutive-days',
  'shift-length': 'shift-length',
  availability: 'unavailable',
};

/** The rule refusal of the first violation, in the order people read them (availability first). */
export function refusalOf(rules: readonly StaffingRuleId[]): Refusal | null {
  const order: StaffingRuleId[] = [
    'availability',
    'shift-length',
    'rest',
    'weekly-hours',
    'consecutive-days',
  ];
  const rule = order.find((id) => rules.includes(id));
  return rule ? RULE_REFUSAL[rule] : null;
}

export function periodDays(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) days.push(date);
  return days;
}

const isActive = (staff: StaffingStaff, date: string) => isActiveOn(staff.leavingDate, date);

function placed(entry: StaffingEntry & { startTime: string; endTime: string }, zone: string) {
  return spanOn(entry.shiftDate, entry.startTime, entry.endTime, zone);
}

/** The zone a run measures in: the team's, else UTC. */
export function zoneOf(input: AgentPlanInput): string {
  return input.context.timeZone ?? DEFAULT_TIME_ZONE;
}

export function buildProblem(input: AgentPlanInput): Problem {
  const { context, startDate, endDate, mode } = input;
  const zone = zoneOf(input);
  const days = periodDays(startDate, endDate);
  const locked = (date: string) => isDateLocked(date, context.lockedUntil);

  const people: Person[] = context.staff.map((staff, index) => {
    const entries = context.entries.filter((entry) => entry.staffId === staff.staffId);
    const weekly = context.contractedHours.get(staff.staffId) ?? null;
    return {
      index,
      staff,
      entries,
      fixedEntries: entries,
      availability: context.availability.get(staff.staffId),
      contractedMinutes: weekly === null ? null : Math.round((weekly * 60 * days.length) / 7),
      targetMinutes: 0,
    };
  });

  // rebuild may remove a work shift in the period on an unlocked day, of someone still on the team
  // that day, when it is their only entry of that day (a day with two entries is left as it is).
  const removables: Removable[] = [];
  if (mode === 'rebuild') {
    for (const person of people) {
      const removable = person.entries.filter(
        (entry) =>
          isWorkShift(entry) &&
          entry.shiftDate >= startDate &&
          entry.shiftDate <= endDate &&
          !locked(entry.shiftDate) &&
          isActive(person.staff, entry.shiftDate) &&
          person.entries.filter((other) => other.shiftDate === entry.shiftDate).length === 1,
      );
      for (const entry of removable) {
        const work = entry as StaffingEntry & { startTime: string; endTime: string };
        removables.push({
          index: removables.length,
          person: person.index,
          day: days.indexOf(entry.shiftDate),
          entry,
          ...placed(work, zone),
          worked: workedMinutes({ ...entry, timeOffHours: null, timeOffDays: null }, zone),
          covers: [],
        });
      }
      const ids = new Set(removable.map((entry) => entry.shiftId));
      person.fixedEntries = person.entries.filter((entry) => !ids.has(entry.shiftId));
    }
  }
  const removableIds = new Set(removables.map((r) => r.entry.shiftId));

  const slots: SlotDay[] = [];
  for (const [day, date] of days.entries()) {
    const weekday = isoWeekday(date);
    const daySlots = context.settings.coverage
      .filter((slot) => slot.weekday === weekday)
      .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime));
    for (const slot of daySlots) {
      const slotDay: SlotDay = {
        index: slots.length,
        date,
        day,
        slot,
        ...spanOn(date, slot.startTime, slot.endTime, zone),
        fixedStaff: new Set(),
      };
      for (const person of people) {
        for (const entry of person.entries) {
          if (!shiftCoversSlot(entry, person.staff, slot, date, zone)) continue;
          if (removableIds.has(entry.shiftId)) {
            removables.find((r) => r.entry.shiftId === entry.shiftId)?.covers.push(slotDay.index);
          } else slotDay.fixedStaff.add(person.staff.staffId);
        }
      }
      slots.push(slotDay);
    }
  }

  const candidates: Candidate[] = [];
  for (const [day, date] of days.entries()) {
    const daySlots = slots.filter((slot) => slot.day === day);
    // One candidate per person and distinct shift times of the day; it counts for every slot it covers.
    const times = new Map<string, CoverageSlot>();
    for (const { slot } of daySlots)
      times.set(`${slot.startTime}-${slot.endTime}-${slot.breakMinutes}`, slot);
    for (const person of people) {
      for (const slot of times.values()) {
        const entry = proposedEntry(person.staff.staffId, date, slot);
        const covers = daySlots.filter((s) => shiftCoversSlot(entry, person.staff, s.slot, date, zone));
        if (covers.length === 0 || refusalFor(input, person, person.fixedEntries, entry) !== null) continue;
        candidates.push({
          index: candidates.length,
          person: person.index,
          day,
          entry,
          ...placed(entry, zone),
          worked: workedMinutes(entry, zone),
          preferred: person.availability ? preferenceMinutes(entry, person.availability, zone) : 0,
          covers: covers.map((s) => s.index),
        });
      }
    }
  }

  setTargets(people, slots, days);
  return { input, zone, days, slots, people, candidates, removables };
}

/** The entry a candidate of this slot's times would add (its id only has to be unique in the run). */
export function proposedEntry(
  staffId: string,
  date: string,
  slot: Pick<CoverageSlot, 'startTime' | 'endTime' | 'breakMinutes'>,
): ProposedEntry {
  return {
    shiftId: `new:${staffId}:${date}:${slot.startTime}-${slot.endTime}`,
    staffId,
    shiftDate: date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    breakMinutes: slot.breakMinutes,
    isTimeOff: false,
    timeOffHours: null,
    timeOffDays: null,
  };
}

/**
 * The day before and after a date, remembered: the planner asks for the same few dozen dates tens of
 * thousands of times a run. Emptied when it grows past a year or two of dates.
 */
const neighbours = new Map<string, [string, string]>();
export function aroundDate(date: string): [string, string] {
  let pair = neighbours.get(date);
  if (!pair) {
    if (neighbours.size > 1_000) neighbours.clear();
    pair = [addDays(date, -1), addDays(date, 1)];
    neighbours.set(date, pair);
  }
  return pair;
}

/**
 * Why the person cannot take this shift beside `entries` (those the run keeps), or null if they may:
 * not on the team that day, a locked day, another entry that day (time off or a shift) or one running
 * into it, or a rule adding it would break (the role is the caller's: it depends on the slot).
 */
export function refusalFor(
  input: AgentPlanInput,
  person: Person,
  entries: readonly StaffingEntry[],
  entry: ProposedEntry,
): Refusal | null {
  const { context } = input;
  const date = entry.shiftDate;
  if (!isActive(person.staff, date)) return 'leaving';
  if (isDateLocked(date, context.lockedUntil)) return 'locked';
  const around = aroundDate(date);
  for (const other of entries) {
    if (!mayClash(other, around)) continue;
    const conflict = entriesConflict(entry, {
      ...other,
      timeOffHours: other.timeOffHours ?? null,
      timeOffDays: other.timeOffDays ?? null,
    });
    if (other.shiftDate === date || conflict) return other.isTimeOff ? 'time-off' : 'working';
  }
  const violations = violationsAdding(context, person.staff, entries, entry);
  return violations.length > 0 ? refusalOf(violations.map((v) => v.rule)) : null;
}

/**
 * Fairness aims each person at their contracted minutes, prorated to the days of the period they are on
 * the team; those with none share what the demand leaves over equally.
 */
function setTargets(people: Person[], slots: readonly SlotDay[], days: readonly string[]): void {
  // A slot's window is real minutes (placed in the team's zone): a night slot the clocks go back in asks an hour more.
  const demand = slots.reduce(
    (sum, s) => sum + s.slot.staffCount * Math.max(0, s.end - s.start - s.slot.breakMinutes),
    0,
  );
  const activeShare = (person: Person) =>
    days.filter((date) => isActive(person.staff, date)).length / Math.max(1, days.length);
  let contracted = 0;
  const without: Person[] = [];
  for (const person of people) {
    const share = activeShare(person);
    if (share === 0) continue;
    if (person.contractedMinutes === null) without.push(person);
    else {
      person.targetMinutes = Math.round(person.contractedMinutes * share);
      contracted += person.targetMinutes;
    }
  }
  const left = Math.max(0, demand - contracted);
  const weight = without.reduce((sum, person) => sum + activeShare(person), 0);
  for (const person of without)
    person.targetMinutes = Math.round((left * activeShare(person)) / Math.max(1, weight));
}

/**
 * The shifts a plan adds and the existing shifts it removes: what either solver answers, before the
 * safety net (plan-run.ts) checks it with the rule engine.
 */
export type Selection = { creates: Candidate[]; removes: Removable[] };
