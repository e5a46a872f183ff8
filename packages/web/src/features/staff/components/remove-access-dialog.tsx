import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { useRemoveAccess } from '../api/staff-api';

/** Takes away a member's sign-in access; they stay on the staff list and the schedule. */
export function RemoveAccessDialog({
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
  const removeAccess = useRemoveAccess(teamId);

  async function confirm() {
    try {
      await removeAccess.mutateAsync(member.staffId);
      toast.success('Access removed');
      onOpenChange(false);
    } catch (error) {
      showApiError(error, 'Failed to remove access.');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove access for {member.fullName}?</DialogTitle>
          <DialogDescription>
            They will no longer see this team when they log in. They stay on the staff list and the schedule,
            and you can invite them again later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" onClick={confirm} disabled={removeAccess.isPending}>
            {removeAccess.isPending ? <Spinner className="text-current [&_svg]:size-4" /> : null}
            Remove access
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
