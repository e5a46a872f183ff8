import type { ApprovedTimesheet } from '@rotaboard/core/time-clock/approved-time';
import type { Db } from '../../db/db.ts';
import { createTimeClockRepository } from './time-clock.repository.ts';

/**
 * What other modules may read of the time clock (issue 44): the approved timesheets of a team's
 * dates, which the payroll report and labour cost put in their shifts' place (core's
 * time-clock/approved-time.ts). Every change goes through the time clock's service; the repository
 * stays this module's.
 */
export const timesheetReads = (db: Db) => ({
  async approvedForTeam(teamId: string, startDate: string, endDate: string): Promise<ApprovedTimesheet[]> {
    const rows = await createTimeClockRepository(db).approvedForTeam(teamId, startDate, endDate);
    return rows.flatMap((row) =>
      // An approved entry is closed (approving needs a clock-out); one without is not counted.
      row.clockOutAt
        ? [
            {
              timesheetId: row.timesheetId,
              staffId: row.staffId,
              shiftId: row.shiftId,
              workDate: row.workDate,
              clockInAt: row.clockInAt.getTime(),
              clockOutAt: row.clockOutAt.getTime(),
              breakSeconds: row.breakSeconds,
            },
          ]
        : [],
    );
  },
});
export type TimesheetReads = ReturnType<typeof timesheetReads>;
