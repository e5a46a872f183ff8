import { addDays, startOfWeek } from '../dates/week.ts';
import { roleFits } from '../open-shifts/open-shifts.ts';
import { findConflict } from '../shifts/conflicts.ts';
import { describeEntry } from '../shifts/describe.ts';
import { hhmm } from '../shifts/times.ts';
import { workedMinutes } from '../shifts/worked-minutes.ts';
import { isActiveOn } from '../staff/staff-rules.ts';
import { availabilityViolations, preferenceMinutes } from '../staffing/availability.ts';
import { firstStrictBreach } from '../staffing/strict.ts';
import { isWorkShift, placeShift, type StaffingEntry } from '../staffing/timeline.ts';
import type { StaffingContext } from '../staffing/validate.ts';
import { formatClockRange } from '../time/format.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';

/**
 * Who can cover a sick call (issue 44), by the rules the schedule already keeps. A colleague can take
 * the place when their role fits, it clashes with nothing of theirs, it breaks no strict staffing rule
 * and they have not said they are unavailable then; among those, the one furthest below their
 * contracted hours that week comes first, then the cheaper hourly rate, then the name. Each comes with
 * the reason in words ("free all day, 16 of 24 contracted hours"); each one left out, with why, so that
 * "nobody fits" can be said in words too. Pure: the server loads the context (staffing-context.ts).
 */

/** The place to cover: the sick shift's date, times, break and role, and whose it was. */
export type CoverSlot = {
  shiftDate: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  role: string | null;
  sickStaffId: string;
};

export type SickCoverInput = {
  slot: CoverSlot;
  /**
   * The team's staffing context: its settings (the strict rules; Free passes the defaults, which are
   * not strict), everyone on the staff list, their entries around the slot's date (its team week and
   * the rules' window), their availability, the week's start and the zone.
   */
  context: StaffingContext;
  /** Contracted hours a week in force on the slot's date, per staffId (none: null or missing). */
  contractedHours: ReadonlyMap<string, number | null>;
  /** Hourly rate in minor units on the slot's date, per staffId (none: null or missing). */
  hourlyRateMinor: ReadonlyMap<string, number | null>;
  /** Who can claim at all (joined the team with an account); missing: everyone. */
  canClaim?: ReadonlySet<string>;
};

/** A colleague who can take it, with why in words and what they were ranked by. */
export type CoverCandidate = {
  staffId: string;
  staffName: string;
  reason: string;
  /** Worked minutes of their shifts in the slot's team week, before this one. */
  weekMinutes: number;
  contractedMinutes: number | null;
  hourlyRateMinor: number | null;
};

/** A colleague who cannot, and why ("has a shift then: 03/12/2026 09:00–17:00"). */
export type CoverRefusal = { staffId: string; staffName: string; why: string };

/** The id the covering shift goes by in the rules (it has none until a claim writes it). */
const COVER_ENTRY_ID = 'sick-cover';

/** Hours for a sentence: 16, 7.5, 7.25 (no trailing zeros). */
export function hoursWords(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/** The entries of one person, as the conflict rule and the rules read them. */
function entriesOf(context: StaffingContext, staffId: string): StaffingEntry[] {
  return context.entries.filter((entry) => entry.staffId === staffId);
}

/** Why this colleague cannot take the slot, or null when they can. */
function refusal(
  input: SickCoverInput,
  person: StaffingContext['staff'][number],
  cover: StaffingEntry & { startTime: string; endTime: string },
  theirs: readonly StaffingEntry[],
): string | null {
  const { slot, context } = input;
  const zone = context.timeZone ?? DEFAULT_TIME_ZONE;
  if (!isActiveOn(person.leavingDate, slot.shiftDate)) return 'leaves the team before then';
  if (input.canClaim && !input.canClaim.has(person.staffId)) return 'has not joined the team yet';
  if (!roleFits(slot.role, person.role))
    return `is ${person.role ? `a ${person.role}` : 'in no role'}, not a ${slot.role}`;
  const asScheduled = (e: StaffingEntry) => ({
    ...e,
    timeOffDays: e.timeOffDays ?? null,
    timeOffHours: e.timeOffHours ?? null,
  });
  const clash = findConflict(asScheduled(cover), theirs.map(asScheduled));
  if (clash) return `${clash.isTimeOff ? 'has time off' : 'works'} then (${describeEntry(clash)})`;
  // Time off of less than a day never clashes by the conflict rule; nobody is asked to cover on it.
  const off = theirs.find((e) => e.isTimeOff && e.shiftDate === slot.shiftDate);
  if (off) return `has time off that day (${describeEntry(asScheduled(off))})`;
  const breach = firstStrictBreach({ ...context, entries: theirs }, [cover]);
  if (breach) return `would break a rule: ${breach.message}`;
  const availability = context.availability.get(person.staffId);
  if (availability) {
    const unavailable = availabilityViolations(person, [placeShift(cover, zone)], availability, zone);
    if (unavailable.length > 0) return `is unavailable then (${unavailable[0]!.message})`;
  }
  return null;
}

/** The colleagues who can cover `input.slot`, best first, and those who cannot, with why. */
export function rankSickCover(input: SickCoverInput): { ranked: CoverCandidate[]; refused: CoverRefusal[] } {
  const { slot, context } = input;
  const zone = context.timeZone ?? DEFAULT_TIME_ZONE;
  const weekStart = startOfWeek(slot.shiftDate, context.weekStartDay);
  const weekEnd = addDays(weekStart, 6);
  const ranked: CoverCandidate[] = [];
  const refused: CoverRefusal[] = [];
  const people = [...context.staff]
    .filter((person) => person.staffId !== slot.sickStaffId)
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const person of people) {
    const cover = {
      shiftId: COVER_ENTRY_ID,
      staffId: person.staffId,
      shiftDate: slot.shiftDate,
      startTime: slot.startTime.slice(0, 5),
      endTime: slot.endTime.slice(0, 5),
      breakMinutes: slot.breakMinutes,
      isTimeOff: false,
      timeOffDays: null,
      timeOffHours: null,
    };
    const theirs = entriesOf(context, person.staffId);
    const why = refusal(input, person, cover, theirs);
    if (why) {
      refused.push({ staffId: person.staffId, staffName: person.name, why });
      continue;
    }
    const work = theirs.filter(isWorkShift);
    const weekMinutes = work
      .filter((e) => e.shiftDate >= weekStart && e.shiftDate <= weekEnd)
      .reduce((sum, e) => sum + workedMinutes({ ...e, timeOffDays: null, timeOffHours: null }, zone), 0);
    const hours = input.contractedHours.get(person.staffId) ?? null;
    const contractedMinutes = hours !== null && hours > 0 ? Math.round(hours * 60) : null;
    const sameDay = work.filter((e) => e.shiftDate === slot.shiftDate);
    const parts = [
      sameDay.length === 0
        ? 'free all day'
        : `free then (also works ${sameDay.map((e) => `${hhmm(e.startTime)}–${hhmm(e.endTime)}`).join(', ')} that day)`,
      contractedMinutes !== null
        ? `${hoursWords(weekMinutes)} of ${hoursWords(contractedMinutes)} contracted hours`
        : `${hoursWords(weekMinutes)} hours that week, no contracted hours`,
    ];
    const availability = context.availability.get(person.staffId);
    if (availability && preferenceMinutes(cover, availability, zone) > 0) parts.push('prefers these hours');
    ranked.push({
      staffId: person.staffId,
      staffName: person.name,
      reason: parts.join(', '),
      weekMinutes,
      contractedMinutes,
      hourlyRateMinor: input.hourlyRateMinor.get(person.staffId) ?? null,
    });
  }
  ranked.sort(compareCandidates);
  return { ranked, refused };
}

/**
 * Fewest hours against contract first: those with a contract by the share of it already worked that
 * week (below it first), then those without one by their hours; then the lower hourly rate (none
 * known last); then the name.
 */
export function compareCandidates(a: CoverCandidate, b: CoverCandidate): number {
  const group = (c: CoverCandidate) => (c.contractedMinutes === null ? 1 : 0);
  if (group(a) !== group(b)) return group(a) - group(b);
  const load = (c: CoverCandidate) =>
    c.contractedMinutes === null ? c.weekMinutes : c.weekMinutes / c.contractedMinutes;
  if (load(a) !== load(b)) return load(a) - load(b);
  const rate = (c: CoverCandidate) => c.hourlyRateMinor ?? Number.POSITIVE_INFINITY;
  if (rate(a) !== rate(b)) return rate(a) < rate(b) ? -1 : 1;
  return a.staffName.localeCompare(b.staffName) || a.staffId.localeCompare(b.staffId);
}

/** How many refusals "nobody fits" names before it counts the rest. */
const NAMED_REFUSALS = 8;

/** Why nobody can cover, in words, for the administrators' email. */
export function nobodyFitsReason(refused: readonly CoverRefusal[]): string {
  if (refused.length === 0) return 'Nobody else is on the staff list to take it.';
  const named = refused.slice(0, NAMED_REFUSALS).map((r) => `${r.staffName} ${r.why}`);
  const more = refused.length - named.length;
  return `Nobody fits: ${named.join('; ')}${more > 0 ? `; and ${more} more cannot` : ''}.`;
}

export const SICK_CALLS_ARE_PRO =
  'Sick calls are part of the Pro plan. The team owner can upgrade to Pro to use them.';

export const SICK_CALL_MESSAGES = {
  notYours: 'You can only call in sick for your own shift',
  notFound: 'Shift not found',
  over: 'This shift is already over: a sick call is for a shift still to come or under way',
  timeOff: 'This is time off, not a shift',
  alreadySick: 'This shift has already been called in sick',
  noTimes: 'This shift has no start and end time to cover',
} as const;

const COVER_DATE_WORDS = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/**
 * What the owner and administrators are told when a sick cover is taken at once (issue 44), in the
 * reader's clock: "Ben Baker is covering Ava Adams's 21:00–01:00 shift on Saturday 28 November,
 * called in sick". The date is the shift's own (an overnight shift is named by the day it starts).
 */
export function sickCoverTakenSentence(
  input: { coverName: string; sickName: string; shiftDate: string; startTime: string; endTime: string },
  hour12: boolean,
): string {
  const times = formatClockRange(input.startTime, input.endTime, hour12);
  const date = COVER_DATE_WORDS.format(Date.parse(`${input.shiftDate}T00:00:00Z`));
  return `${input.coverName} is covering ${input.sickName}'s ${times} shift on ${date}, called in sick`;
}
