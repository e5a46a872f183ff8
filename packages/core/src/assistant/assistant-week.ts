import { dayOfWeek, WEEKDAY_NAMES } from '../dates/week.ts';

/**
 * The week on screen as the assistant sees it, in one shape for both of its engines: the built-in
 * interpreter reads it (interpret.ts) and the model gets it from its get_week tool. Kept apart from the
 * interpreter so the server, which builds the week, and the change descriptions need none of the
 * interpreter's patterns. Also the small readings of it that replies and descriptions share.
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
  /**
   * What the rota costs around this week, or why the asker may not know (issue 43): read by the
   * server only for a message about cost (assistant-cost.ts `asksAboutCost`).
   */
  cost?: AssistantCost;
};

/** A day as replies name it: "Friday 4 Dec". */
export function dayName(date: string): string {
  const [, m, d] = date.split('-');
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    Number(m) - 1
  ];
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${Number(d)} ${month}`;
}

/** A person as replies name them: first and last name. */
export const fullName = (p: AssistantStaff) => `${p.firstName} ${p.lastName}`.trim();

/** The week's shifts (not time off) on a date, of one person when `staffId` is given. */
export const shiftsOn = (week: AssistantWeek, date: string, staffId?: string) =>
  week.entries.filter(
    (e) => e.shiftDate === date && !e.isTimeOff && (staffId === undefined || e.staffId === staffId),
  );
/** The week's entries (shifts and time off) on a date, of one person when `staffId` is given. */
export const entriesOn = (week: AssistantWeek, date: string, staffId?: string) =>
  week.entries.filter((e) => e.shiftDate === date && (staffId === undefined || e.staffId === staffId));
/** A stored time ("09:00:00") as replies show it ("09:00"). */
export const hm = (time: string | null) => time?.slice(0, 5) ?? '';
/** An entry's times as replies show them: "09:00–17:00". */
export const timesOf = (e: AssistantEntry) => `${hm(e.startTime)}–${hm(e.endTime)}`;

/** One team week's cost as /labour gives it, and who in it has no pay rate. */
export type AssistantCostWeek = {
  weekStart: string;
  minutes: number;
  costMinor: number;
  budgetMinor: number | null;
  /** People with shifts that week and no rate on their date: their minutes cost 0. */
  missingRates: readonly { name: string; minutes: number }[];
};

/**
 * What the assistant may say about cost: the figures of the weeks before, of and after the week on
 * screen (owners and administrators on a plan with labour cost), or why it may not.
 */
export type AssistantCost =
  | {
      kind: 'figures';
      currency: string;
      /** The team week the week on screen is in ("this week"). */
      thisWeek: string;
      weeks: readonly AssistantCostWeek[];
    }
  | { kind: 'not-admin' }
  | { kind: 'not-on-plan' };
