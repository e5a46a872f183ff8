import type { StaffDto } from '@rotaboard/core/contracts/staff';
import type { WeeklyHoursEntryDto } from '@rotaboard/core/contracts/weekly-hours';
import { contentHash } from '../../lib/tokens.ts';
import type { StaffRow, WeeklyHoursRow } from './staff.repository.ts';

export function staffHash(row: StaffRow): string {
  return contentHash([
    row.firstName,
    row.lastName,
    row.role,
    row.email,
    row.isAdmin,
    row.leavingDate,
    row.updatedAt.toISOString(),
  ]);
}

/** A staff row as the client sees it; addresses only for the team's owner and administrators. */
export function toStaffDto(row: StaffRow, viewer: { ownerId: string; isAdmin: boolean }): StaffDto {
  return {
    staffId: row.id,
    teamId: row.teamId,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    email: viewer.isAdmin ? row.email : null,
    isAdmin: row.isAdmin,
    isOwner: row.userId !== null && row.userId === viewer.ownerId,
    inviteStatus: row.inviteStatus,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    joinedAt: row.joinedAt?.toISOString() ?? null,
    leavingDate: row.leavingDate,
    displayOrder: row.displayOrder,
    hash: staffHash(row),
  };
}

/** The staff fields as audit rows name them (spec 2 §3, "staff"). */
export function staffAuditValues(row: StaffRow): Record<string, unknown> {
  return {
    staffName: `${row.firstName} ${row.lastName}`.trim(),
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    isAdmin: row.isAdmin,
    inviteStatus: row.inviteStatus,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    joinedAt: row.joinedAt?.toISOString() ?? null,
    leavingDate: row.leavingDate,
    displayOrder: row.displayOrder,
    email: row.email,
  };
}

export function toWeeklyHoursDto(row: WeeklyHoursRow): WeeklyHoursEntryDto {
  return {
    entryId: row.id,
    staffId: row.staffId,
    hoursPerWeek: row.hoursPerWeek,
    effectiveFrom: row.effectiveFrom,
  };
}
