import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { contentHash } from '../../lib/tokens.ts';
import type { StaffRow } from './staff.repository.ts';

export function toStaffDto(row: StaffRow, ownerId: string): StaffDto {
  return {
    staffId: row.id,
    teamId: row.teamId,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    email: row.email,
    isAdmin: row.isAdmin,
    isOwner: row.userId !== null && row.userId === ownerId,
    inviteStatus: row.inviteStatus,
    leavingDate: row.leavingDate,
    displayOrder: row.displayOrder,
    hash: contentHash([
      row.firstName,
      row.lastName,
      row.role,
      row.email,
      row.isAdmin,
      row.leavingDate,
      row.updatedAt.toISOString(),
    ]),
  };
}
