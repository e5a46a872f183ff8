import { addDays } from '../dates/week.ts';
import { minutesOfDay, spanMinutes } from '../shifts/times.ts';
import { shiftSpanMinutes } from '../shifts/worked-minutes.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';
import { type AssistantEntry, dayName, fullName, shiftsOn, timesOf } from './assistant-week.ts';
import type { Handler } from './interpret-outcome.ts';
import { person } from './interpret-people.ts';
import { dateOf, listed } from './interpret-words.ts';

/**
 * The questions the interpreter answers from the week without changing it: who works a day (or part
 * of one), and how many hours someone has this week. Apart from the changes because they only read.
 */

/** The parts of a day "who works Saturday evening?" means, in minutes after midnight (night runs past it). */
export const PARTS = {
  morning: [0, 720],
  afternoon: [720, 1020],
  evening: [1020, 1440],
  night: [1260, 1800],
} as const;

/** Worked minutes of a shift: its real span in the team's zone (an hour more or less the night the clocks change) less its break. */
const workedMinutes = (e: AssistantEntry, zone: string) =>
  e.startTime && e.endTime
    ? Math.max(
        0,
        shiftSpanMinutes({ shiftDate: e.shiftDate, startTime: e.startTime, endTime: e.endTime }, zone) -
          e.breakMinutes,
      )
    : 0;

const hoursText = (minutes: number) => {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};

export const who: Handler = (m, week) => {
  const date = dateOf(m.day!, week);
  const part = m.part?.toLowerCase() as keyof typeof PARTS | undefined;
  const window = part ? PARTS[part] : null;
  const working = shiftsOn(week, date).filter((e) => {
    if (!window || !e.startTime || !e.endTime) return true;
    const start = minutesOfDay(e.startTime);
    const end = start + spanMinutes(e.startTime, e.endTime);
    return start < window[1] && window[0] < end;
  });
  const when = `${dayName(date)}${part ? ` ${part}` : ''}`;
  if (working.length === 0) return { answer: `Nobody works on ${when}.` };
  const names = working.map((e) => {
    const p = week.staff.find((s) => s.staffId === e.staffId);
    return `${p ? fullName(p) : 'Someone who has left'} (${timesOf(e)})`;
  });
  return { answer: `On ${when}: ${listed(names)}.` };
};

export const hours: Handler = (m, week) => {
  const p = person(m.name!, week);
  const end = addDays(week.weekStartDate, 6);
  const shifts = week.entries.filter(
    (e) => e.staffId === p.staffId && !e.isTimeOff && e.shiftDate >= week.weekStartDate && e.shiftDate <= end,
  );
  const zone = week.timeZone ?? DEFAULT_TIME_ZONE;
  const minutes = shifts.reduce((sum, e) => sum + workedMinutes(e, zone), 0);
  return {
    answer:
      shifts.length === 0
        ? `${fullName(p)} has no shifts ${m.weekLabel ?? 'this week'}.`
        : `${fullName(p)} works ${hoursText(minutes)} ${m.weekLabel ?? 'this week'} (${shifts.length} ${shifts.length === 1 ? 'shift' : 'shifts'}, breaks taken off).`,
  };
};
