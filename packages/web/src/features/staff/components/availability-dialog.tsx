import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { AvailabilityEditor } from '../../../components/availability-editor';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

/** An administrator's view of one person's availability: the same editor the person has in Settings. */
export function AvailabilityDialog({
  teamId,
  member,
  open,
  onOpenChange,
}: {
  teamId: string;
  member: StaffDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Availability — {member.fullName}</DialogTitle>
          <DialogDescription>
            When {member.firstName} can't work, or would rather work. Saving replaces what was set.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <AvailabilityEditor
            teamId={teamId}
            staffId={member.staffId}
            label={`Availability of ${member.fullName}`}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
