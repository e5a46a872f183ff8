import { DEFAULT_STAFFING_SETTINGS, StaffingSettings } from '@rotaboard/core/contracts/schedule-agent';
import { contractedHoursOn } from '@rotaboard/core/staff/weekly-hours';
import type { StaffingEntry, StaffingStaff } from '@rotaboard/core/staffing/timeline';
import type { StaffingContext } from '@rotaboard/core/staffing/validate';
import { staffingWindow } from '@rotaboard/core/staffing/validate';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { memoFor } from '../../db/read-memo.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import type { StaffRow, TeamRow } from '../../db/rows.ts';
import { type shifts, teamStaffingSettings } from '../../db/schema.ts';
import { memoTags } from '../../db/shared-read-memo.ts';
import { availabilityReads } from '../availability/availability-reads.ts';
import { staffDirectory } from '../staff/staff-directory.ts';

/**
 * Everything the staffing rules (core staffing/) read about a team, loaded in a few queries: the team's
 * saved settings (or the defaults), every member of staff (leavers too: their past shifts still count),
 * the entries of the rules' window around from..to, availability, and contracted weekly hours.
 * Used by validate-period, the strict-rule check of hand edits and the agent's runs. The entries are
 * the schedule's (the shifts module, which stands above staffing and runs the strict check on its
 * writes): every caller passes their reads in (ScheduleEntriesOf: createShiftRepository).
 */

export type TeamStaffingContext = StaffingContext & {
  /** The window the entries were loaded for (staffingWindow of from..to). */
  window: { from: string; to: string };
  /** Dates up to and including this are locked (the team's lock), else null. */
  lockedUntil: string | null;
  /** Contracted hours per week in force on `from`, per staffId (null: none recorded). */
  contractedHours: ReadonlyMap<string, number | null>;
};

/** The team's saved settings, or the defaults when it has saved none. */
// Read by every shift write (strict rules): built and planned once (reusable-statement.ts).
const settingsOfTeam = reusableStatement((db) =>
  db
    .select({ settings: teamStaffingSettings.settings })
    .from(teamStaffingSettings)
    .where(eq(teamStaffingSettings.teamId, sql.placeholder('teamId')))
    .prepare('team_staffing_settings_of_team'),
);

// Every shift write on Pro asks for them (strict rules), and they change when an administrator saves
// them: remembered (read-memo.ts) under a tag of their own, which only their save and the team's
// deletion name. A team that saved none is remembered too, as the defaults (the memo keeps no empty
// answer). Inside a transaction (its own handle) the database is always asked.
type RememberedSettings = { teamId: string; settings: StaffingSettings };
const settingsMemo = {
  name: 'staffing-settings',
  tagsOf: (s: RememberedSettings) => [memoTags.teamSettings(s.teamId)],
};
const settingsMemos = new WeakMap<Db, ReturnType<typeof memoFor<RememberedSettings>>>();

export async function loadStaffingSettings(db: Db, teamId: string): Promise<StaffingSettings> {
  const remembered = await memoFor(
    settingsMemos,
    db,
    settingsMemo,
  )(teamId, async () => {
    const [row] = await settingsOfTeam(db).execute({ teamId });
    // Stored as parsed; parsing again fills defaults a later version may have added.
    return { teamId, settings: row ? StaffingSettings.parse(row.settings) : DEFAULT_STAFFING_SETTINGS };
  });
  return remembered!.settings;
}

/** A member of staff as the rules read them. */
export function toStaffingStaff(row: StaffRow): StaffingStaff {
  return {
    staffId: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    leavingDate: row.leavingDate,
  };
}

/** What of a shift the rules read (besides its id): of a stored row, or of one about to be written. */
export type StaffingEntryField =
  | 'staffId'
  | 'shiftDate'
  | 'startTime'
  | 'endTime'
  | 'breakMinutes'
  | 'isTimeOff'
  | 'timeOffHours'
  | 'timeOffDays'
  | 'attendanceAdjustments';

/** What of a shift row the rules read. */
export type StaffingEntryRow = Pick<typeof shifts.$inferSelect, 'id' | StaffingEntryField>;

/** What the rules read of the schedule: a team's or one person's entries from startDate to endDate. */
export type ScheduleEntries = {
  listForTeam(teamId: string, startDate: string, endDate: string): Promise<StaffingEntryRow[]>;
  listForStaff(staffId: string, startDate: string, endDate: string): Promise<StaffingEntryRow[]>;
};
/** The schedule's reads over a handle (a transaction or the root): createShiftRepository, passed in. */
export type ScheduleEntriesOf = (db: Db) => ScheduleEntries;

/** A shift row as the rules read it. */
export function toStaffingEntry(row: StaffingEntryRow): StaffingEntry {
  return {
    shiftId: row.id,
    staffId: row.staffId,
    shiftDate: row.shiftDate,
    startTime: row.startTime?.slice(0, 5) ?? null,
    endTime: row.endTime?.slice(0, 5) ?? null,
    breakMinutes: row.breakMinutes ?? 0,
    isTimeOff: row.isTimeOff,
    timeOffHours: row.timeOffHours,
    timeOffDays: row.timeOffDays,
    // Weekly hours count worked minutes, which the adjustments (late, left early) take from.
    attendanceAdjustments: row.attendanceAdjustments,
  };
}

export async function loadStaffingContext(
  db: Db,
  schedule: ScheduleEntriesOf,
  team: Pick<TeamRow, 'id' | 'weekStartDay' | 'lockedUntil' | 'timeZone'>,
  from: string,
  to: string,
  settings?: StaffingSettings,
): Promise<TeamStaffingContext> {
  const teamSettings = settings ?? (await loadStaffingSettings(db, team.id));
  const window = staffingWindow(from, to, teamSettings, team.weekStartDay);
  const staffRepo = staffDirectory(db);
  const [staffRows, shiftRows, availability, hoursRows] = await Promise.all([
    staffRepo.listForTeam(team.id, null),
    schedule(db).listForTeam(team.id, window.from, window.to),
    // Dated entries of the window are all the rules can meet.
    availabilityReads(db).listForTeam(team.id, window.from, window.to),
    staffRepo.listWeeklyHours(team.id, undefined),
  ]);

  const contractedHours = new Map<string, number | null>();
  for (const person of staffRows) {
    contractedHours.set(
      person.id,
      contractedHoursOn(
        hoursRows.filter((row) => row.staffId === person.id),
        from,
      ),
    );
  }

  return {
    settings: teamSettings,
    staff: staffRows.map(toStaffingStaff),
    entries: shiftRows.map(toStaffingEntry),
    availability,
    weekStartDay: team.weekStartDay,
    timeZone: team.timeZone,
    window,
    lockedUntil: team.lockedUntil,
    contractedHours,
  };
}
