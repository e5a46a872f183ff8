import type { ParsedShiftInput } from '@rotaboard/core/contracts/shifts';
import type {
  ClaimWithName,
  OpenShiftClaimRow,
  OpenShiftRow,
  OpenShiftWithFilled,
} from './open-shift.repository.ts';

/** The audit fields of an open shift. */
export function openShiftAuditValues(row: OpenShiftRow) {
  return {
    openShiftId: row.id,
    shiftDate: row.shiftDate,
    startTime: row.startTime,
    endTime: row.endTime,
    breakMinutes: row.breakMinutes,
    role: row.role,
    notes: row.notes,
    staffCount: row.staffCount,
  };
}

/** The audit fields of a claim. */
export const claimAuditValues = (claim: OpenShiftClaimRow) => ({
  claimId: claim.id,
  openShiftId: claim.openShiftId,
  staffId: claim.staffId,
  status: claim.status,
  shiftId: claim.shiftId,
});

/** An open shift as everyone sees it (administrators add its claims, staff whether they claimed it). */
export const openShiftFields = (row: OpenShiftWithFilled) => ({
  openShiftId: row.id,
  shiftDate: row.shiftDate,
  startTime: row.startTime,
  endTime: row.endTime,
  breakMinutes: row.breakMinutes,
  role: row.role,
  notes: row.notes,
  staffCount: row.staffCount,
  filled: row.filled,
});

/** A claim as administrators see it. */
export const toClaimDto = (c: ClaimWithName) => ({
  claimId: c.id,
  staffId: c.staffId,
  staffName: `${c.firstName} ${c.lastName}`.trim(),
  status: c.status,
});

/** The shift an approved claim becomes: the open shift's times and notes, for the claimant. */
export function claimantShift(openShift: OpenShiftRow, staffId: string): ParsedShiftInput {
  return {
    staffId,
    shiftDate: openShift.shiftDate,
    startTime: openShift.startTime,
    endTime: openShift.endTime,
    notes: openShift.notes,
    notesVisibleToAll: true,
    isTimeOff: false,
    timeOffDays: null,
    timeOffHours: null,
    colour: null,
    breakMinutes: openShift.breakMinutes,
    attendanceAdjustments: [],
  };
}
