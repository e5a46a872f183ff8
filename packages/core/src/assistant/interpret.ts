import { type AssistantChangeItem, MAX_ASSISTANT_CHANGES } from '../contracts/assistant.ts';
import { MAX_DAY_NOTE_LENGTH } from '../contracts/shifts.ts';
import { addDays, dayOfWeek, WEEKDAY_NAMES } from '../dates/week.ts';
import { textProblem } from '../input/bounds.ts';
import { minutesOfDay, spanMinutes } from '../shifts/times.ts';
import { shiftSpanMinutes } from '../shifts/worked-minutes.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';

/**
 * The assistant's built-in interpreter (issue 26): the everyday instructions in plain English, read with
 * patterns, no model. Pure: the server gives it the week (staff, entries, day notes) and it answers a
 * question, asks which person was meant, says what it did not understand, or lists changes in the shape
 * of the model's propose_changes items, which the server then checks against the rules like the model's.
 * It never guesses: a name two people share gets a question back.
 */

export type AssistantStaff = { staffId: string; firstName: string; lastName: string; role: string };
export type AssistantEntry = {
  shiftId: string;
  staffId: string;
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
  isTimeOff: boolean;
};
export type AssistantDayNote = { date: string; text: string };
/** The week on screen as the interpreter (and the model's get_week) sees it. */
export type AssistantWeek = {
  weekStartDate: string;
  /** The team's today (todayIn its zone), for "today" and "tomorrow". */
  today: string;
  /** The team's IANA zone: hours are real elapsed time there. Absent means UTC. */
  timeZone?: string;
  staff: readonly AssistantStaff[];
  entries: readonly AssistantEntry[];
  dayNotes: readonly AssistantDayNote[];
};

export type Interpretation =
  | { kind: 'answer'; reply: string }
  | { kind: 'clarify'; reply: string }
  | { kind: 'not-understood'; reply: string }
  | { kind: 'changes'; reply: string; changes: AssistantChangeItem[] };

/** What to try, shown when a message is not understood (and by the panel as example prompts). */
export const ASSISTANT_EXAMPLES = [
  'Give Ava Monday and Tuesday 9 to 5',
  "Move Ben's Friday shift to Saturday",
  "Remove Ben's Friday shift",
  'Swap Ava and Ben on Wednesday',
  'Ava is off on Thursday',
  'Copy Monday to Tuesday',
  'Clear Friday',
  'Note on Friday: stocktake',
  'Who works Saturday evening?',
  'How many hours has Ben this week?',
] as const;

/** Ends the reading of a message with a reply and no changes (a question, a clarification, a refusal). */
class Stop {
  constructor(
    readonly kind: 'answer' | 'clarify' | 'not-understood',
    readonly reply: string,
  ) {}
}

// ---- Words ----

const DAY =
  '(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|today|tomorrow|\\d{4}-\\d{2}-\\d{2})';
const DAYS = `${DAY}(?:\\s*(?:,|and|&|to|through|till|until|-)\\s*${DAY})*`;
const TIME = '(?:\\d{1,2}(?:[:.]\\d{2})?\\s*(?:am|pm)?|noon|midday|midnight)';
const RANGE = `(?:from\\s+|between\\s+)?${TIME}\\s*(?:-|–|to|till|until|and)\\s*${TIME}`;
const OWN = "(?:'s|’s|s'|’)?";
const PARTS = {
  morning: [0, 720],
  afternoon: [720, 1020],
  evening: [1020, 1440],
  night: [1260, 1800],
} as const;

const WEEKDAY_PREFIX = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** `pattern` with DAY, DAYS, RANGE and OWN filled in, whole-clause, case-insensitive. */
const form = (pattern: string) =>
  new RegExp(
    `^${pattern.replaceAll('DAYS', DAYS).replaceAll('DAY', DAY).replaceAll('RANGE', RANGE).replaceAll('OWN', OWN)}$`,
    'i',
  );

/** The date a day word means in the week on screen. */
function dateOf(word: string, week: AssistantWeek): string {
  const w = word.toLowerCase();
  if (w === 'today') return week.today;
  if (w === 'tomorrow') return addDays(week.today, 1);
  if (/^\d{4}-\d{2}-\d{2}$/.test(w)) return w;
  const weekday = WEEKDAY_PREFIX.indexOf(w.slice(0, 3));
  for (let i = 0; i < 7; i++) {
    const date = addDays(week.weekStartDate, i);
    if (dayOfWeek(date) === weekday) return date;
  }
  throw new Stop('not-understood', `I don't know which day "${word}" is.`);
}

/** The dates of a day list: "Monday and Tuesday", "Mon, Wed, Fri", "Monday to Friday". */
function datesOf(text: string, week: AssistantWeek): string[] {
  const words = text.match(new RegExp(DAY, 'gi')) ?? [];
  const separators = text.split(new RegExp(DAY, 'i')).slice(1, -1);
  const dates: string[] = [];
  words.forEach((word, i) => {
    const date = dateOf(word, week);
    const range = i > 0 && /^\s*(?:to|through|till|until|-)\s*$/i.test(separators[i - 1] ?? '');
    if (range && dates.length) {
      for (let d = addDays(dates.at(-1)!, 1); d <= date; d = addDays(d, 1)) dates.push(d);
    } else dates.push(date);
  });
  return [...new Set(dates)];
}

/** A day as replies name it: "Friday 4 Dec". */
export function dayName(date: string): string {
  const [, m, d] = date.split('-');
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    Number(m) - 1
  ];
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${Number(d)} ${month}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

/** One time as typed, in minutes after midnight, and whether it said am/pm or used the 24-hour clock. */
function readTime(text: string): { minutes: number; fixed: boolean } {
  const t = text.trim().toLowerCase();
  if (t === 'noon' || t === 'midday') return { minutes: 720, fixed: true };
  if (t === 'midnight') return { minutes: 0, fixed: true };
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?$/.exec(t)!;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (hours > 23 || minutes > 59 || (match[3] && (hours > 12 || hours === 0))) {
    throw new Stop('not-understood', `"${text.trim()}" is not a time of day.`);
  }
  if (match[3] === 'pm' && hours < 12) hours += 12;
  if (match[3] === 'am' && hours === 12) hours = 0;
  return { minutes: hours * 60 + minutes, fixed: Boolean(match[3]) || hours >= 13 || hours === 0 };
}

/**
 * A time range as people say it: "9 to 5" is 09:00–17:00, "2-10" is 14:00–22:00, "22:00-06:00" runs
 * overnight. An hour without am/pm is read as the working day suggests.
 */
export function readRange(text: string): { startTime: string; endTime: string } {
  const cleaned = text.replace(/^\s*(?:from|between)\s+/i, '');
  const parts = cleaned.split(/\s*(?:-|–|\bto\b|\btill\b|\buntil\b|\band\b)\s*/i).filter(Boolean);
  if (parts.length !== 2) throw new Stop('not-understood', `"${text}" is not a time range.`);
  const start = readTime(parts[0]!);
  const end = readTime(parts[1]!);
  if (!start.fixed && start.minutes < 7 * 60 && end.minutes <= 12 * 60 && !end.fixed) start.minutes += 720;
  if (!end.fixed && end.minutes < 720 && end.minutes <= start.minutes && end.minutes + 720 > start.minutes) {
    end.minutes += 720;
  }
  if (start.minutes === end.minutes) {
    throw new Stop(
      'not-understood',
      `A shift from ${clock(start.minutes)} to ${clock(end.minutes)} has no length.`,
    );
  }
  return { startTime: clock(start.minutes), endTime: clock(end.minutes) };
}

const BREAK = /\s*,?\s*with\s+(?:an?\s+)?(\d{1,3})\s*(?:m|min|mins|minute|minutes)\s+break\b/i;
const HOUR_BREAK = /\s*,?\s*with\s+(?:an?\s+)?(?:hour|1\s*hour|one\s+hour)(?:'s|\s+long)?\s+break\b/i;

/** "with a 30 minute break" taken out of a clause, and its minutes (0 when none is said). */
function takeBreak(clause: string): { clause: string; breakMinutes: number } {
  const minutes = BREAK.exec(clause);
  if (minutes) return { clause: clause.replace(BREAK, ''), breakMinutes: Number(minutes[1]) };
  if (HOUR_BREAK.test(clause)) return { clause: clause.replace(HOUR_BREAK, ''), breakMinutes: 60 };
  return { clause, breakMinutes: 0 };
}

// ---- People ----

const fullName = (p: AssistantStaff) => `${p.firstName} ${p.lastName}`.trim();

/** The people a name means: a first name (else last), or a full name (case and 's ignored). */
export function findStaff(name: string, staff: readonly AssistantStaff[]): AssistantStaff[] {
  const wanted = name
    .toLowerCase()
    .replace(/(?:'s|’s|s'|’)$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!wanted) return [];
  const by = (key: (p: AssistantStaff) => string) => staff.filter((p) => key(p).toLowerCase() === wanted);
  // One word is a first (else last) name, so "Pat" finds "Pat" and "Pat Second" alike; more is a full name.
  const keys = wanted.includes(' ')
    ? [fullName, (p: AssistantStaff) => p.firstName]
    : [(p: AssistantStaff) => p.firstName, (p: AssistantStaff) => p.lastName];
  for (const key of keys) {
    const found = by(key);
    if (found.length) return found;
  }
  return [];
}

/** The one person a name means, or a Stop: nobody by that name, or a question naming each candidate. */
function person(name: string, week: AssistantWeek): AssistantStaff {
  const cleaned = name
    .replace(/^(?:a\s+)?(?:shifts?|time\s+off)\s+(?:for|to)\s+/i, '')
    .replace(/^(?:for|to)\s+/i, '')
    .trim();
  const found = findStaff(cleaned, week.staff);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new Stop('answer', `I can't find anyone called "${cleaned}" on this team.`);
  }
  const names = found.map(fullName);
  throw new Stop(
    'clarify',
    `There are ${found.length} people called ${cleaned.replace(/(?:'s|’s)$/, '')}: ${listed(names, 'or')}. Which one do you mean?`,
  );
}

const listed = (items: readonly string[], last = 'and') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;

// ---- The schedule ----

const shiftsOn = (week: AssistantWeek, date: string, staffId?: string) =>
  week.entries.filter(
    (e) => e.shiftDate === date && !e.isTimeOff && (staffId === undefined || e.staffId === staffId),
  );
const entriesOn = (week: AssistantWeek, date: string, staffId?: string) =>
  week.entries.filter((e) => e.shiftDate === date && (staffId === undefined || e.staffId === staffId));
const hm = (time: string | null) => time?.slice(0, 5) ?? '';
const timesOf = (e: AssistantEntry) => `${hm(e.startTime)}–${hm(e.endTime)}`;

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

// ---- The forms ----

type Handler = (match: Record<string, string>, week: AssistantWeek, breakMinutes: number) => Outcome;
type Outcome = { changes: AssistantChangeItem[] } | { answer: string };

const shiftItem = (
  staffId: string,
  shiftDate: string,
  times: { startTime: string; endTime: string },
  breakMinutes: number,
): AssistantChangeItem => ({
  kind: 'create',
  shift: { staffId, shiftDate, ...times, breakMinutes, isTimeOff: false },
});

const add: Handler = (m, week, breakMinutes) => {
  const who = person(m.name!, week);
  const times = readRange(m.time!);
  return { changes: datesOf(m.days!, week).map((date) => shiftItem(who.staffId, date, times, breakMinutes)) };
};

const timeOff: Handler = (m, week) => {
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

const move: Handler = (m, week) => {
  const who = person(m.name!, week);
  const shift = oneShift(week, who, dateOf(m.from!, week));
  const to = dateOf(m.to!, week);
  const times = m.time ? readRange(m.time) : {};
  if (to === shift.shiftDate && !m.time) {
    throw new Stop('answer', `${who.firstName}'s shift is already on ${dayName(to)}.`);
  }
  return { changes: [{ kind: 'update', shiftId: shift.shiftId, shift: { shiftDate: to, ...times } }] };
};

const retime: Handler = (m, week, breakMinutes) => {
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

const remove: Handler = (m, week) => {
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

const swap: Handler = (m, week) => {
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

const copy: Handler = (m, week) => {
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

const clear: Handler = (m, week) => {
  const date = dateOf(m.day!, week);
  const found = entriesOn(week, date);
  if (found.length === 0) throw new Stop('answer', `There is nothing on ${dayName(date)} to clear.`);
  return { changes: found.map((e) => ({ kind: 'remove' as const, shiftId: e.shiftId })) };
};

const note: Handler = (m, week) => {
  const date = dateOf(m.day!, week);
  const text = m.text!.trim().replace(/^["“'](.*)["”']$/, '$1');
  if (text.length > MAX_DAY_NOTE_LENGTH) {
    throw new Stop('answer', `A day note can be at most ${MAX_DAY_NOTE_LENGTH} characters.`);
  }
  if (!text || textProblem(text, { multiline: true }))
    throw new Stop('answer', 'Write the note after the day, for example "Note on Friday: stocktake".');
  return { changes: [{ kind: 'day-note', date, text }] };
};

const who: Handler = (m, week) => {
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

const hours: Handler = (m, week) => {
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
        ? `${fullName(p)} has no shifts this week.`
        : `${fullName(p)} works ${hoursText(minutes)} this week (${shifts.length} ${shifts.length === 1 ? 'shift' : 'shifts'}, breaks taken off).`,
  };
};

const ADD = '(?:give|add|put|schedule|book|assign|rota)';
const FORMS: readonly [RegExp, Handler][] = [
  [
    form(
      "who(?:'s|\\s+is)?\\s+(?:working|works|work|on|in|on\\s+shift|scheduled)?\\s*(?:on\\s+)?(?<day>DAY)(?:\\s+(?:in\\s+the\\s+)?(?<part>morning|afternoon|evening|night))?",
    ),
    who,
  ],
  [
    form(
      'how\\s+many\\s+hours\\s+(?:has|does|is|will|did)\\s+(?<name>.+?)\\s*(?:got|have|work|working|worked|doing|do|done)?\\s*(?:this\\s+week)?',
    ),
    hours,
  ],
  [
    form(
      '(?:add\\s+|put\\s+|set\\s+|write\\s+)?(?:a\\s+)?(?:day\\s+)?note\\s+(?:on\\s+|for\\s+|to\\s+)?(?<day>DAY)\\s*(?::|,|-|–|saying|that\\s+says)?\\s*(?<text>.+)',
    ),
    note,
  ],
  [
    form(
      '(?<name>.+?)\\s+(?:is|will\\s+be)\\s+(?:off|on\\s+leave|on\\s+holiday|away)\\s+(?:on\\s+)?(?<days>DAYS)',
    ),
    timeOff,
  ],
  [
    form(
      '(?:book\\s+|add\\s+|give\\s+)?(?:time\\s+off|a\\s+day\\s+off|day\\s+off|leave|holiday)\\s+for\\s+(?<name>.+?)\\s+(?:on\\s+)?(?<days>DAYS)',
    ),
    timeOff,
  ],
  [form('give\\s+(?<name>.+?)\\s+(?:the\\s+)?(?<days>DAYS)\\s+off'), timeOff],
  [form('give\\s+(?<name>.+?)\\s+(?:a\\s+day|time|the\\s+day)\\s+off\\s+(?:on\\s+)?(?<days>DAYS)'), timeOff],
  [
    form(
      '(?<name>.+?)\\s+(?:has|needs|wants|takes|is\\s+taking)\\s+(?:a\\s+day\\s+off|the\\s+day\\s+off|time\\s+off|leave|a\\s+holiday)\\s+(?:on\\s+)?(?<days>DAYS)',
    ),
    timeOff,
  ],
  [
    form(
      `${ADD}\\s+(?<name>.+?)\\s+(?:on\\s+|for\\s+)?(?:the\\s+)?(?<days>DAYS)\\s*,?\\s*(?:shifts?\\s+)?(?:at\\s+)?(?<time>RANGE)`,
    ),
    add,
  ],
  [form(`${ADD}\\s+(?<name>.+?)\\s+(?<time>RANGE)\\s+(?:on\\s+|for\\s+)?(?:the\\s+)?(?<days>DAYS)`), add],
  [
    form(
      '(?:move|shift)\\s+(?<name>.+?)OWN\\s+(?<from>DAY)\\s+shift\\s+(?:to|onto)\\s+(?<to>DAY)(?:\\s*,?\\s*(?:at\\s+)?(?<time>RANGE))?',
    ),
    move,
  ],
  [
    form(
      '(?:move|shift)\\s+(?<name>.+?)OWN\\s+shift\\s+(?:on|from)\\s+(?<from>DAY)\\s+(?:to|onto)\\s+(?<to>DAY)(?:\\s*,?\\s*(?:at\\s+)?(?<time>RANGE))?',
    ),
    move,
  ],
  [
    form(
      '(?:move|shift)\\s+(?<name>.+?)\\s+from\\s+(?<from>DAY)\\s+to\\s+(?<to>DAY)(?:\\s*,?\\s*(?:at\\s+)?(?<time>RANGE))?',
    ),
    move,
  ],
  [
    form('(?:change|make|set|move)\\s+(?<name>.+?)OWN\\s+(?<day>DAY)\\s+shift\\s+(?:to\\s+)?(?<time>RANGE)'),
    retime,
  ],
  [
    form(
      '(?:change|make|set|move)\\s+(?<name>.+?)OWN\\s+shift\\s+on\\s+(?<day>DAY)\\s+(?:to\\s+)?(?<time>RANGE)',
    ),
    retime,
  ],
  [
    form(
      '(?:remove|delete)\\s+(?:all\\s+(?:the\\s+)?shifts|everyone|everything)\\s+(?:on|from)\\s+(?<day>DAY)',
    ),
    clear,
  ],
  [
    form(
      '(?:remove|delete|cancel|drop|scrap)\\s+(?<name>.+?)OWN\\s+(?<day>DAY)\\s+(?<what>shifts?|time\\s+off)',
    ),
    remove,
  ],
  [
    form(
      '(?:remove|delete|cancel|drop|scrap)\\s+(?<name>.+?)OWN\\s+(?<what>shifts?|time\\s+off)\\s+on\\s+(?<day>DAY)',
    ),
    remove,
  ],
  [form('(?:remove|take)\\s+(?<name>.+?)\\s+off\\s+(?:on\\s+)?(?<day>DAY)'), remove],
  [form('(?:remove|delete)\\s+(?<name>.+?)\\s+(?:on|from)\\s+(?:the\\s+)?(?<day>DAY)'), remove],
  [
    form(
      '(?:swap|switch|exchange)\\s+(?<a>.+?)OWN\\s+(?:and|with|&)\\s+(?<b>.+?)OWN\\s+(?:shifts?\\s+)?on\\s+(?<day>DAY)',
    ),
    swap,
  ],
  [
    form(
      '(?:swap|switch|exchange)\\s+(?<a>.+?)OWN\\s+(?:and|with|&)\\s+(?<b>.+?)OWN\\s+(?<day>DAY)(?:\\s+shifts?)?',
    ),
    swap,
  ],
  [
    form(
      "(?:copy|duplicate|repeat)\\s+(?:all\\s+(?:of\\s+)?)?(?:the\\s+)?(?<from>DAY)(?:'s|’s)?(?:\\s+shifts|\\s+schedule|\\s+rota)?\\s+(?:to|onto|into|on|for)\\s+(?<to>DAYS)",
    ),
    copy,
  ],
  [
    form(
      "(?:clear|empty|wipe)\\s+(?:all\\s+(?:the\\s+)?shifts\\s+(?:on|from)\\s+|everything\\s+on\\s+|the\\s+schedule\\s+(?:on|for)\\s+)?(?<day>DAY)(?:'s|’s)?(?:\\s+shifts|\\s+schedule)?",
    ),
    clear,
  ],
  [form('(?<name>.+?)\\s+off\\s+(?:on\\s+)?(?<days>DAYS)'), timeOff],
];

/** A fragment after "and" that starts a new instruction rather than continuing a list of days or names. */
const STARTS =
  /^(?:please\s+)?(?:give|add|put|schedule|book|assign|rota|move|shift|change|make|set|remove|delete|cancel|drop|scrap|take|swap|switch|exchange|copy|duplicate|repeat|clear|empty|wipe|note|write|who|how|time\s+off|day\s+off)\b|^\S+(?:\s+\S+)?\s+(?:is|will\s+be|has|needs|wants|takes)\s+(?:off|on\s+leave|on\s+holiday|away|a\s+day\s+off|the\s+day\s+off|time\s+off|leave)\b/i;

/** The message cut into instructions: sentences, then "and" where a new instruction begins. */
export function splitInstructions(message: string): string[] {
  const sentences = message
    .split(/[.;!?](?:\s+|$)|\n+|,?\s+then\s+/i)
    .map((s) => s.trim())
    .filter(Boolean);
  const clauses: string[] = [];
  for (const sentence of sentences) {
    const fragments = sentence.split(/\s*,?\s+and\s+/i);
    let current = fragments[0]!;
    for (const fragment of fragments.slice(1)) {
      if (STARTS.test(fragment)) {
        clauses.push(current);
        current = fragment;
      } else current = `${current} and ${fragment}`;
    }
    clauses.push(current);
  }
  return clauses;
}

const POLITE =
  /^(?:please\s+|can\s+you\s+|could\s+you\s+|would\s+you\s+|i\s+want\s+to\s+|i'd\s+like\s+to\s+|let's\s+)+/i;

function notUnderstood(part: string): Stop {
  return new Stop(
    'not-understood',
    `I didn't understand "${part}". I can add, move, change, remove and swap shifts, give time off, copy or clear a day, write a day note, and say who works when or how many hours someone has. For example: ${ASSISTANT_EXAMPLES.map((e) => `"${e}"`).join(', ')}.`,
  );
}

/** Reads one message against the week: an answer, a question back, a refusal with examples, or changes. */
export function interpret(message: string, week: AssistantWeek): Interpretation {
  try {
    const changes: AssistantChangeItem[] = [];
    const answers: string[] = [];
    const clauses = splitInstructions(message);
    if (clauses.length === 0) throw notUnderstood(message.trim());
    for (const raw of clauses) {
      const { clause, breakMinutes } = takeBreak(
        raw
          .replace(POLITE, '')
          .replace(/\s+please$/i, '')
          .replace(/\s+/g, ' ')
          .trim(),
      );
      const found = FORMS.find(([pattern]) => pattern.test(clause));
      if (!found) throw notUnderstood(raw);
      const groups = { ...(found[0].exec(clause)!.groups ?? {}) };
      const outcome = found[1](groups as Record<string, string>, week, breakMinutes);
      if ('answer' in outcome) answers.push(outcome.answer);
      else changes.push(...outcome.changes);
    }
    if (changes.length === 0) return { kind: 'answer', reply: answers.join(' ') };
    if (changes.length > MAX_ASSISTANT_CHANGES) {
      return {
        kind: 'answer',
        reply: `That would be ${changes.length} changes; the assistant proposes at most ${MAX_ASSISTANT_CHANGES} at a time. Ask for fewer days or people at once.`,
      };
    }
    const count = `${changes.length} ${changes.length === 1 ? 'change' : 'changes'}`;
    return {
      kind: 'changes',
      reply: [...answers, `I've proposed ${count}: accept or reject each below.`].join(' '),
      changes,
    };
  } catch (error) {
    if (error instanceof Stop) return { kind: error.kind, reply: error.reply };
    throw error;
  }
}

/** One line saying what a change does, in the week's names: the reason a proposal shows beside it. */
export function describeChange(change: AssistantChangeItem, week: AssistantWeek): string {
  const name = (staffId: string | undefined) => {
    const p = week.staff.find((s) => s.staffId === staffId);
    return p ? fullName(p) : 'someone';
  };
  const entry = (shiftId: string) => week.entries.find((e) => e.shiftId === shiftId);
  switch (change.kind) {
    case 'create': {
      const s = change.shift;
      return s.isTimeOff
        ? `Time off for ${name(s.staffId)} on ${dayName(s.shiftDate)}${s.startTime && s.endTime ? ` ${hm(s.startTime)}–${hm(s.endTime)}` : ''}`
        : `Add ${name(s.staffId)} on ${dayName(s.shiftDate)} ${hm(s.startTime)}–${hm(s.endTime)}`;
    }
    case 'update': {
      const before = entry(change.shiftId);
      const from = before
        ? `${name(before.staffId)}'s ${dayName(before.shiftDate)} shift (${timesOf(before)})`
        : 'a shift';
      const to: string[] = [];
      if (change.shift.staffId) to.push(`to ${name(change.shift.staffId)}`);
      if (change.shift.shiftDate) to.push(`to ${dayName(change.shift.shiftDate)}`);
      if (change.shift.startTime || change.shift.endTime) {
        to.push(
          `${hm(change.shift.startTime ?? before?.startTime ?? null)}–${hm(change.shift.endTime ?? before?.endTime ?? null)}`,
        );
      }
      if (change.shift.breakMinutes !== undefined)
        to.push(`with a ${change.shift.breakMinutes} minute break`);
      return `Move ${from} ${to.join(', ')}`.trim();
    }
    case 'remove': {
      const before = entry(change.shiftId);
      return before
        ? `Remove ${name(before.staffId)}'s ${before.isTimeOff ? 'time off' : 'shift'} on ${dayName(before.shiftDate)}${before.isTimeOff ? '' : ` (${timesOf(before)})`}`
        : 'Remove a shift';
    }
    case 'day-note':
      return `Note on ${dayName(change.date)}: ${change.text}`;
  }
}
