import { zodResolver } from '@hookform/resolvers/zod';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { addDays } from '@rotaboard/core/dates/week';
import { isFutureDate } from '@rotaboard/core/staff/staff-rules';
import { TriangleAlert } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { teamToday, useTeamTimeZone } from '../../../lib/team-today';
import { toast } from '../../../lib/toast';
import { useRemoveStaff } from '../api/staff-api';

/** A leaving date is a real date after today (core's isFutureDate); one message at a time. */
function leavingDateForm(today: string) {
  return z.object({
    leavingDate: z.string().superRefine((value, ctx) => {
      if (!isIsoDate(value)) ctx.addIssue({ code: 'custom', message: 'Choose their last working day.' });
      else if (!isFutureDate(value, today)) {
        ctx.addIssue({ code: 'custom', message: 'Choose a date after today, or use Remove now.' });
      }
    }),
  });
}

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
  // The team's today (issue 41): the server checks leaving dates and hours against its zone.
  const today = teamToday(useTeamTimeZone(teamId));
  const [pending, setPending] = useState<'leaving' | 'now' | null>(null);
  const ids = { date: useId(), dateError: useId(), dateHint: useId(), nowWarning: useId() };
  const schema = useMemo(() => leavingDateForm(today), [today]);
  const form = useForm<{ leavingDate: string }>({
    resolver: zodResolver(schema),
    defaultValues: { leavingDate: member.leavingDate ?? '' },
  });
  const dateError = form.formState.errors.leavingDate?.message;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) form.reset({ leavingDate: member.leavingDate ?? '' });
  }, [open]);

  const setLeaving = form.handleSubmit(async ({ leavingDate }) => {
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
  });

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
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? `${ids.dateError} ${ids.dateHint}` : ids.dateHint}
              {...form.register('leavingDate')}
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
