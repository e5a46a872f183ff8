import { formatShortDate } from '../../../lib/dates';

/** 37.5 → '37.5', 40 → '40', 37.25 → '37.25'. */
export function formatHours(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}

/** '37.5 hours a week from 1 Dec 2026' ('1 hour a week …' for one). */
export function describeWeeklyHours(entry: { hoursPerWeek: number; effectiveFrom: string }): string {
  const hours = formatHours(entry.hoursPerWeek);
  return `${hours} ${entry.hoursPerWeek === 1 ? 'hour' : 'hours'} a week from ${formatShortDate(entry.effectiveFrom)}`;
}

/** Newest first: the entry that applies furthest into the future heads the list. */
export function sortWeeklyHours<T extends { effectiveFrom: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
}

/** '37.5 hours a week, 1 Dec 2026': names an entry's Edit and Delete buttons. */
export function weeklyHoursLabel(entry: { hoursPerWeek: number; effectiveFrom: string }): string {
  const hours = formatHours(entry.hoursPerWeek);
  return `${hours} ${entry.hoursPerWeek === 1 ? 'hour' : 'hours'} a week, ${formatShortDate(entry.effectiveFrom)}`;
}
