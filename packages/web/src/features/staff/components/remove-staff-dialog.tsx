import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { isFutureDate } from '@rotaboard/core/staff/staff-rules';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useLayoutEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { formatShortDate, isIsoDate } from '../../../lib/dates';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { useRemoveStaff } from '../api/staff-api';

/**
 * Someone leaves: either on a future date (their last working day; they stay on the schedule until
 * then) or now, which deletes them and their data.
 */
export function RemoveStaffDialog({
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
  const remove = useRemoveStaff(teamId);
  const today = toIsoDate(new Date());
  const [leavingDate, setLeavingDate] = useState(member.leavingDate ?? '');
  const [dateError, setDateError] = useState<string | undefined>();
  const [pending, setPending] = useState<'leaving' | 'now' | null>(null);
  const ids = { date: useId(), dateError: useId(), dateHint: useId(), nowWarning: useId() };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      setLeavingDate(member.leavingDate ?? '');
      setDateError(undefined);
    }
  }, [open]);

  async function setLeaving(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isIsoDate(leavingDate)) {
      setDateError('Choose their last working day.');
      return;
    }
    if (!isFutureDate(leavingDate, today)) {
      setDateError('Choose a date after today, or use Remove now.');
      return;
    }
    setDateError(undefined);
    setPending('leaving');
    try {
      await remove.mutateAsync({ staffId: member.staffId, leavingDate });
      toast.success(`Leaving date set to ${formatShortDate(leavingDate)}`);
      onOpenChange(false);
    } catch (error) {
      showApiError(error, 'Failed to set the leaving date.');
    } finally {
      setPending(null);
    }
  }

  async function removeNow() {
    setPending('now');
    try {
      await remove.mutateAsync({ staffId: member.staffId });
      toast.success('Staff member removed');
      onOpenChange(false);
    } catch (error) {
      showApiError(error, 'Failed to remove the staff member.');
    } finally {
      setPending(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Remove {member.fullName}</DialogTitle>
          <DialogDescription>
            Set the day they leave, or remove them from the team straight away.
          </DialogDescription>
        </DialogHeader>

        <form className="space-y-3 rounded-lg border border-border p-4" onSubmit={setLeaving} noValidate>
          <div className="space-y-2">
            <Label htmlFor={ids.date}>Leaving date</Label>
            <Input
              id={ids.date}
              type="date"
              min={addDays(today, 1)}
              value={leavingDate}
              onChange={(event) => setLeavingDate(event.target.value)}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? `${ids.dateError} ${ids.dateHint}` : ids.dateHint}
            />
            <FieldError id={ids.dateError} message={dateError} />
            <p id={ids.dateHint} className="text-xs text-muted-foreground">
              Their last working day. They stay on the schedule until then and keep their history.
            </p>
          </div>
          <Button type="submit" variant="outline" disabled={pending !== null}>
            {pending === 'leaving' ? <Spinner className="text-current [&_svg]:size-4" /> : null}
            Set leaving date
          </Button>
        </form>

        <div className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-400/30 dark:bg-red-400/10">
          <p id={ids.nowWarning} className="flex gap-2 text-sm text-red-900 dark:text-red-100">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Removing them now deletes their shifts, weekly hours and other data on this team. This cannot be
              undone.
            </span>
          </p>
          <Button
            type="button"
            variant="destructive"
            onClick={removeNow}
            disabled={pending !== null}
            aria-describedby={ids.nowWarning}
          >
            {pending === 'now' ? <Spinner className="text-current [&_svg]:size-4" /> : null}
            Remove now
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
