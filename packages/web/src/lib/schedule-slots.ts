import type { ProposalDto } from '@rotaboard/core/contracts/proposals';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import type { ReactNode } from 'react';

/**
 * What the schedule page (features/schedule) is handed by the app for the parts other features draw
 * in its week: the staffing rules, availability and the agent's proposals (features/staffing), and the
 * open shifts (features/open-shifts), what the week costs (features/labour), and the time clock and
 * sick calls (features/time-clock). Features never import each other: each slot is a hook of the
 * feature, composed in by `app/schedule-route.tsx`, which the schedule calls once per render (the
 * same hook every time) and whose answer it draws where the grid has room for it. The assistant's
 * slot is `assistant-slot.ts`.
 */

/** A row of the grid's own drawn by another feature under the day headings, a `<tbody>` of its own. */
export type GridRowSlot = {
  /** The row's `data-cell` key for the arrow keys (`COVERAGE_ROW`, `OPEN_SHIFTS_ROW` in schedule-grid). */
  key: string;
  /** Draws the row; `rowIndex` is its `aria-rowindex`. */
  render: (rowIndex: number) => ReactNode;
};

/** What another feature adds to one shift's chip: an outline, a strike-through, and a mark under it. */
export type ShiftMarks = {
  /** The shift breaks a strict rule, or another rule (the chip is outlined and says so). */
  flag?: 'strict' | 'warning';
  /** A proposal would remove it, or move it elsewhere (struck through, and said). */
  removing?: 'remove' | 'move';
  /** Drawn under the chip (why, and Accept / Reject). */
  under?: ReactNode;
};

/** What another feature adds to one person's day in the grid. */
export type CellMarks = {
  /** Extra background classes (the person's availability that day). */
  tone?: string;
  /** Drawn at the top of the cell, before its shifts (broken rules, availability in words). */
  above?: ReactNode;
  /** Drawn after its shifts (proposed new shifts). */
  below?: ReactNode;
};

/**
 * One person's marks for the week: per day in the order of the week's dates, and per shift id. The
 * rows are memoised on it: a feature keeps it the same object while nothing in it changed.
 */
export type StaffRowMarks = {
  cells: readonly (CellMarks | undefined)[];
  shifts: Readonly<Record<string, ShiftMarks>>;
};

/** What the week tools show of the staffing rules and the agent: Pro; a Free team is shown what Pro adds. */
export type StaffingTools =
  | {
      pro: true;
      /** Broken rules in the week, and how many of them strict; null while the week is checked. */
      violations: number | null;
      strict: number;
      onRules: () => void;
      /** Opens the agent's run; null while the team's "Schedule agent" switch is off (no Fill button). */
      onAgent: (() => void) | null;
    }
  | { pro: false; isOwner: boolean };

export type WeekStaffingInput = {
  teamId: string;
  /** The viewer administers the team (nothing is drawn or fetched for staff). */
  admin: boolean;
  /** The team's plan has the staffing rules and the agent. */
  pro: boolean;
  /** The team's "Schedule agent" switch (issue 43): off, nothing offers a run. */
  agentEnabled: boolean;
  /** The team's currency (ISO 4217), for the proposal's cost. */
  currency: string;
  isOwner: boolean;
  /** The week on screen. */
  dates: readonly string[];
  /** The loaded shifts (the week and a day either side), and when they were last fetched. */
  shifts: readonly ShiftDto[];
  shiftsFetchedAt: number;
  staff: readonly StaffDto[];
  /** The open proposal (`?proposal=`), and how to open another or close it. */
  proposalId: string | null;
  onOpenProposal: (proposalId: string, date?: string) => void;
  onCloseProposal: () => void;
  /** Opens the shift editor on a shift (from the Rules panel). */
  onShowShift: (shift: ShiftDto) => void;
  /** The assistant's panel is open: it lists its own proposal, so the proposal bar stays away. */
  assistantOpen: boolean;
};

/** What the staffing feature gives the week: the grid's marks and rows, the tools, its panels. */
export type WeekStaffing = {
  /** Per staff id (administrators). */
  rowMarks: ReadonlyMap<string, StaffRowMarks> | null;
  /** Drawn under a day's heading (the open proposal's day notes); null when there is nothing. */
  dayMarks: ((date: string) => ReactNode) | null;
  /** The coverage row, when the team has coverage set (administrators of Pro teams). */
  coverageRow: GridRowSlot | null;
  tools: StaffingTools | null;
  /** The open proposal, for the assistant's panel. */
  proposal: { data: ProposalDto | undefined; loading: boolean; error: string | null };
  accept: (changeIds: string[]) => Promise<void>;
  reject: (changeIds: string[]) => Promise<void>;
  undo: () => Promise<void>;
  /** The Rules panel, the agent's dialog and the proposal bar (each loaded when first shown). */
  panels: ReactNode;
};

export type WeekOpenShiftsInput = {
  teamId: string;
  /** The team's plan has open shifts. */
  enabled: boolean;
  isAdmin: boolean;
  dates: readonly string[];
  today: string;
  /** The team's roles, offered when posting one. */
  roles: readonly string[];
};

/** What the open-shifts feature gives the week. */
export type WeekOpenShifts = {
  /** The grid's row of open shifts (administrators always, staff when there is one to claim). */
  gridRow: GridRowSlot | null;
  /** Staff on a phone, above their agenda: the open shifts they may claim. */
  list: ReactNode;
  /** Post and delete (administrators). */
  dialogs: ReactNode;
};

export type WeekLabourInput = {
  teamId: string;
  /** The viewer administers a Pro team (staff and Free teams are shown nothing of cost). */
  enabled: boolean;
  /** The week on screen. */
  dates: readonly string[];
  /** When the week's shifts were last read: the cost is read again after them. */
  shiftsFetchedAt: number;
};

/** What the labour feature gives the week: the cost bar above the grid, the day costs in it. */
export type WeekLabour = {
  bar: ReactNode;
  row: GridRowSlot | null;
};

export type ScheduleSlots = {
  useWeekStaffing: (input: WeekStaffingInput) => WeekStaffing;
  useWeekOpenShifts: (input: WeekOpenShiftsInput) => WeekOpenShifts;
  useWeekLabour: (input: WeekLabourInput) => WeekLabour;
  useWeekTimeClock: (input: WeekTimeClockInput) => WeekTimeClock;
};

export type WeekTimeClockInput = {
  teamId: string;
  /** The team's plan has the time clock and sick calls (Pro). */
  enabled: boolean;
  isAdmin: boolean;
  /** The team's time zone: clock times are shown on its wall clocks. */
  zone: string;
  myStaffId: string | null;
  today: string;
  /** The week's shifts, and the day either side the schedule reads with them. */
  shifts: readonly ShiftDto[];
  /** The week shows today (the clock is today's). */
  showsToday: boolean;
};

/** What the time clock (issue 44) gives the week. */
export type WeekTimeClock = {
  /**
   * A member's clock for today (Clock in / Start break / End break / Clock out), drawn first above
   * their agenda or week.
   */
  todayPanel: ReactNode;
  /** Under one of the member's own shifts in the agenda ("Call in sick"); null when not offered. */
  shiftAction: ((shift: ShiftDto) => ReactNode) | null;
  /** Beside a person's name in the grid (administrators): clocked in now, or on a break. */
  nameMarks: ReadonlyMap<string, ReactNode> | null;
  /**
   * Opens the sick call for a shift: a member's own (from the swap dialog on a wider screen), or, for an
   * administrator, anyone's (from the shift editor: "Ava phoned in sick"). `personName` is whose it is
   * when not the caller's own; null when the time clock is not on the team's plan.
   */
  callInSick: ((shift: ShiftDto, personName: string | null) => void) | null;
  /** The sick call's dialog. */
  dialogs: ReactNode;
};
