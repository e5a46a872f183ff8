import type { AssistantChangeItem } from '../contracts/assistant.ts';
import { MAX_DAY_NOTE_LENGTH } from '../contracts/shifts.ts';
import { dayOfWeek, WEEKDAY_NAMES } from '../dates/week.ts';
import { textProblem } from '../input/bounds.ts';
import {
  type AssistantEntry,
  type AssistantStaff,
  type AssistantWeek,
  dayName,
  entriesOn,
  hm,
  shiftsOn,
  timesOf,
} from './assistant-week.ts';
import { type Handler, Stop } from './interpret-outcome.ts';
import { person, someoneFree } from './interpret-people.ts';
import { dateOf, datesOf, listed, readRange } from './interpret-words.ts';

/**
 * The instructions that change the schedule, one handler per kind (add, time off, move, retime, remove,
 * swap, copy, clear, day note): each turns a matched form into items in the shape of the model's
 * propose_changes, which the server then checks against the rules like the model's. Apart from the
 * forms (interpret-forms.ts) so what an instruction does reads without its many phrasings.
 */

/** The person's one shift on a date, or a Stop saying they have none or asking which. */
function oneShift(week: AssistantWeek, who: AssistantStaff, date: string): AssistantEntry {
  const shifts = shiftsOn(week, date, who.staffId);
  if (shifts.length === 1) return shifts[0]!;
  if (shifts.length === 0) throw new Stop('answer', `${who.firstName} has no shift on ${dayName(date)}.`);
  throw new Stop(
    'clarify',
    `${who.firstName} has ${shifts.length} shifts on ${dayName(date)} (${listed(shifts.map(timesOf))}). Which one do you mean? Say it with its times, for example "change ${who.firstName}'s ${WEEKDAY_NAMES[dayOfWeek(date)]} shift to 10 to 6".`,
  );
}

const shiftItem = (
  staffId: string,
  shiftDate: string,
  times: { startTime: string; endTime: string },
  breakMinutes: number,
): AssistantChangeItem => ({
  kind: 'create',
  shift: { staffId, shiftDate, ...times, breakMinutes, isTimeOff: false },
});

export const add: Handler = (m, week, breakMinutes) => {
  const dates = datesOf(m.days!, week);
  const who = someoneFree(m.name!, week, dates) ?? person(m.name!, week);
  const times = readRange(m.time!);
  return { changes: dates.map((date) => shiftItem(who.staffId, date, times, breakMinutes)) };
};

export const timeOff: Handler = (m, week) => {
  const who = person(m.name!, week);
  return {
    changes: datesOf(m.days!, week).map((date) => ({
      kind: 'create' as const,
      shift: {
        staffId: who.staffId,
        shiftDate: date,
        startTime: null,
        endTime: null,
        breakMinutes: 0,
        isTimeOff: true,
      },
    })),
  };
};

export const move: Handler = (m, week) => {
  const who = person(m.name!, week);
  const shift = oneShift(week, who, dateOf(m.from!, week));
  const to = dateOf(m.to!, week);
  const times = m.time ? readRange(m.time) : {};
  if (to === shift.shiftDate && !m.time) {
    throw new Stop('answer', `${who.firstName}'s shift is already on ${dayName(to)}.`);
  }
  return { changes: [{ kind: 'update', shiftId: shift.shiftId, shift: { shiftDate: to, ...times } }] };
};

export const retime: Handler = (m, week, breakMinutes) => {
  const who = person(m.name!, week);
  const shift = oneShift(week, who, dateOf(m.day!, week));
  const times = readRange(m.time!);
  return {
    changes: [
      {
        kind: 'update',
        shiftId: shift.shiftId,
        shift: breakMinutes ? { ...times, breakMinutes } : times,
      },
    ],
  };
};

export const remove: Handler = (m, week) => {
  const who = person(m.name!, week);
  const date = dateOf(m.day!, week);
  const timeOffOnly = /time\s+off/i.test(m.what ?? '');
  const found = entriesOn(week, date, who.staffId).filter((e) => e.isTimeOff === timeOffOnly);
  if (found.length === 0) {
    throw new Stop(
      'answer',
      `${who.firstName} has no ${timeOffOnly ? 'time off' : 'shift'} on ${dayName(date)}.`,
    );
  }
  return { changes: found.map((e) => ({ kind: 'remove' as const, shiftId: e.shiftId })) };
};

export const swap: Handler = (m, week) => {
  const a = person(m.a!, week);
  const b = person(m.b!, week);
  const date = dateOf(m.day!, week);
  if (a.staffId === b.staffId)
    throw new Stop('answer', `Swapping ${a.firstName} with themselves changes nothing.`);
  const mine = shiftsOn(week, date, a.staffId);
  const theirs = shiftsOn(week, date, b.staffId);
  if (mine.length > 1 || theirs.length > 1) {
    throw new Stop(
      'answer',
      `I can swap one shift each; ${mine.length > 1 ? a.firstName : b.firstName} has ${Math.max(mine.length, theirs.length)} on ${dayName(date)}. Move them one at a time instead.`,
    );
  }
  const [x] = mine;
  const [y] = theirs;
  if (!x && !y) {
    throw new Stop('answer', `Neither ${a.firstName} nor ${b.firstName} has a shift on ${dayName(date)}.`);
  }
  // Both working: each keeps their entry and takes the other's hours, so no moment has one person
  // holding both shifts (which the conflict rule would refuse half-way through accepting).
  if (x && y) {
    if (x.startTime === y.startTime && x.endTime === y.endTime && x.breakMinutes === y.breakMinutes) {
      throw new Stop(
        'answer',
        `${a.firstName} and ${b.firstName} already work the same hours on ${dayName(date)}.`,
      );
    }
    const fields = (e: AssistantEntry) => ({
      startTime: hm(e.startTime),
      endTime: hm(e.endTime),
      breakMinutes: e.breakMinutes,
    });
    return {
      changes: [
        { kind: 'update', shiftId: x.shiftId, shift: fields(y) },
        { kind: 'update', shiftId: y.shiftId, shift: fields(x) },
      ],
    };
  }
  const shift = (x ?? y)!;
  return {
    changes: [{ kind: 'update', shiftId: shift.shiftId, shift: { staffId: x ? b.staffId : a.staffId } }],
  };
};

export const copy: Handler = (m, week) => {
  const from = dateOf(m.from!, week);
  const shifts = shiftsOn(week, from);
  if (shifts.length === 0)
    throw new Stop('answer', `Nobody works on ${dayName(from)}, so there is nothing to copy.`);
  const targets = datesOf(m.to!, week).filter((date) => date !== from);
  if (targets.length === 0) throw new Stop('answer', 'Copying a day onto itself changes nothing.');
  return {
    changes: targets.flatMap((date) =>
      shifts.map((e) =>
        shiftItem(e.staffId, date, { startTime: hm(e.startTime), endTime: hm(e.endTime) }, e.breakMinutes),
      ),
    ),
  };
};

export const clear: Handler = (m, week) => {
  const date = dateOf(m.day!, week);
  // Shifts only: time off that day is left as it is (issue 45).
  const found = shiftsOn(week, date);
  if (found.length === 0) {
    const kept = entriesOn(week, date).length ? ' (time off is left as it is)' : '';
    throw new Stop('answer', `There are no shifts on ${dayName(date)} to clear${kept}.`);
  }
  return { changes: found.map((e) => ({ kind: 'remove' as const, shiftId: e.shiftId })) };
};

export const note: Handler = (m, week) => {
  const date = dateOf(m.day!, week);
  const text = m.text!.trim().replace(/^["“'](.*)["”']$/, '$1');
  if (text.length > MAX_DAY_NOTE_LENGTH) {
    throw new Stop('answer', `A day note can be at most ${MAX_DAY_NOTE_LENGTH} characters.`);
  }
  if (!text || textProblem(text, { multiline: true }))
    throw new Stop('answer', 'Write the note after the day, for example "Note on Friday: stocktake".');
  return { changes: [{ kind: 'day-note', date, text }] };
};
