import type { StaffingRules, StaffingSettingsInput } from '@rotaboard/core/contracts/schedule-agent';
import { MAX_PAGE_OFFSET } from '@rotaboard/core/input/bounds';

/**
 * The pure parts of the staffing settings screen: days, copying a day's slots, role suggestions, the
 * mapping of the server's 400 paths onto the form's fields, and the wording of the agent's log.
 */

/** The contract's weekdays: 1 = Monday … 7 = Sunday (not JavaScript's Sunday-first numbering). */
export const WEEKDAYS = [
  { weekday: 1, name: 'Monday', short: 'Mon' },
  { weekday: 2, name: 'Tuesday', short: 'Tue' },
  { weekday: 3, name: 'Wednesday', short: 'Wed' },
  { weekday: 4, name: 'Thursday', short: 'Thu' },
  { weekday: 5, name: 'Friday', short: 'Fri' },
  { weekday: 6, name: 'Saturday', short: 'Sat' },
  { weekday: 7, name: 'Sunday', short: 'Sun' },
] as const;

export const weekdayName = (weekday: number) => WEEKDAYS[weekday - 1]?.name ?? `Day ${weekday}`;

/** A slot as the form holds it (before zod's defaults): what copying and listing work on. */
export type SlotValues = NonNullable<StaffingSettingsInput['coverage']>[number];

/** Where a day's slots can be copied: the rest of Monday to Friday, every other day, or one day. */
export type CopyTarget = 'weekdays' | 'all' | `${1 | 2 | 3 | 4 | 5 | 6 | 7}`;

export function copyTargets(from: number, target: CopyTarget): number[] {
  const days =
    target === 'weekdays' ? [1, 2, 3, 4, 5] : target === 'all' ? [1, 2, 3, 4, 5, 6, 7] : [Number(target)];
  return days.filter((day) => day !== from);
}

/** "Tue–Fri" for a run of days, else "Tue, Thu": what a copy is about to change. */
export function describeDays(days: number[]): string {
  if (days.length === 0) return '';
  const sorted = [...days].sort((a, b) => a - b);
  const isRun = sorted.length > 2 && sorted.every((day, i) => i === 0 || day === sorted[i - 1]! + 1);
  const short = (day: number) => WEEKDAYS[day - 1]?.short ?? String(day);
  return isRun ? `${short(sorted[0]!)}–${short(sorted.at(-1)!)}` : sorted.map(short).join(', ');
}

/**
 * The slots after copying `from`'s slots onto `targets`: each target day's own slots are replaced, not
 * added to, since the same slot twice on one day is refused (raise its staffCount instead).
 */
export function copyDaySlots(slots: SlotValues[], from: number, targets: number[]): SlotValues[] {
  const source = slots.filter((slot) => slot.weekday === from);
  const kept = slots.filter((slot) => !targets.includes(slot.weekday));
  return [...kept, ...targets.flatMap((weekday) => source.map((slot) => ({ ...slot, weekday })))];
}

/** How many slots copying onto `targets` would replace (0: nothing to confirm). */
export function slotsReplaced(slots: SlotValues[], targets: number[]): number {
  return slots.filter((slot) => targets.includes(slot.weekday)).length;
}

/** `HH:MM` end before its start: the slot ends on the next day. */
export function runsPastMidnight(startTime: unknown, endTime: unknown): boolean {
  const time = /^\d{2}:\d{2}$/;
  return (
    typeof startTime === 'string' &&
    typeof endTime === 'string' &&
    time.test(startTime) &&
    time.test(endTime) &&
    endTime < startTime
  );
}

/**
 * The team's roles to suggest for a slot: each once (roles match ignoring case, as the rules compare
 * them), in the spelling first seen, alphabetical.
 */
export function roleSuggestions(staff: readonly { role: string }[]): string[] {
  const byKey = new Map<string, string>();
  for (const { role } of staff) {
    const trimmed = role.trim();
    const key = trimmed.toLowerCase();
    if (trimmed && !byKey.has(key)) byKey.set(key, trimmed);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en-GB'));
}

export const RULE_KEYS = [
  'minRestHours',
  'maxWeeklyHours',
  'maxConsecutiveDays',
  'minShiftHours',
  'maxShiftHours',
] as const satisfies readonly (keyof StaffingRules)[];
export type RuleKey = (typeof RULE_KEYS)[number];

const SLOT_FIELDS = ['weekday', 'startTime', 'endTime', 'breakMinutes', 'staffCount', 'role'];
const RULE_FIELDS = ['value', 'strict'];

/**
 * The form field a 400's error path names (`coverage.3.endTime`, `rules.minRestHours.value`), or null
 * when it names none the screen draws (the message then goes in the toast alone).
 */
export function formFieldOf(path: string, slotCount: number): string | null {
  const parts = path.split('.');
  if (parts[0] === 'coverage' && parts.length >= 2 && parts.length <= 3) {
    const index = Number(parts[1]);
    if (!Number.isInteger(index) || index < 0 || index >= slotCount) return null;
    if (parts.length === 2 || SLOT_FIELDS.includes(parts[2]!)) return path;
    return null;
  }
  if (parts[0] === 'rules' && (RULE_KEYS as readonly string[]).includes(parts[1] ?? '')) {
    if (parts.length === 2) return `${path}.value`;
    if (parts.length === 3 && RULE_FIELDS.includes(parts[2]!)) return path;
  }
  return null;
}

/** '12 of 40' → '38 of 40': the slots filled before and after a run. */
export function coverageChange(
  before: { needed: number; filled: number },
  after: { needed: number; filled: number },
): string {
  return `${before.filled} of ${before.needed} → ${after.filled} of ${after.needed}`;
}

/** A solver's time as people read it: '850 ms', '1.2 s', '61 s'. */
export function formatSolverTime(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

export const SOLVER_STATUS_LABELS = {
  optimal: 'Optimal',
  'time-limit': 'Best found in the time limit',
  fallback: 'Quick fill (fallback)',
} as const;

export const RUN_MODE_LABELS = { fill: 'Fill gaps', rebuild: 'Rebuild' } as const;

/** Entries on one page of the agent's log (the API's default page). */
export const AGENT_LOG_PAGE_SIZE = 20;

/**
 * The page of the agent's log from `?logPage=`: a whole number from 1, anything else the first, and
 * never past the furthest offset the API reads (a hand-typed page must not become a 400).
 */
export function logPageOf(value: string | null): number {
  const page = Math.floor(Number(value ?? 1));
  const last = Math.floor(MAX_PAGE_OFFSET / AGENT_LOG_PAGE_SIZE) + 1;
  return Number.isFinite(page) && page >= 1 ? Math.min(page, last) : 1;
}
