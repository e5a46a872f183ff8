import { zodResolver } from '@hookform/resolvers/zod';
import { IsoDate } from '@rotaboard/core/contracts/common';
import { ShiftLock } from '@rotaboard/core/contracts/shifts';
import { useId, useLayoutEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { isIsoDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useSaveLock } from '../api/schedule-api';

// Saving sets a lock (removing it is its own button), so the date is required here.
const LockForm = ShiftLock.extend({ lockedUntil: IsoDate });
type LockFormValues = { lockedUntil: string; hideScheduleAfterLock: boolean };

const SAVE_FAILED = 'Failed to save the schedule lock.';

export function LockDialog({
  open,
  onOpenChange,
  teamId,
  lock,
  suggestedDate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string;
  lock: ShiftLock;
  suggestedDate: string;
}) {
  const save = useSaveLock(teamId);
  // The server's reason when it refuses (a date out of range, no longer an administrator…).
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const form = useForm<LockFormValues, unknown, ShiftLock>({
    resolver: zodResolver(LockForm),
    defaultValues: { lockedUntil: suggestedDate, hideScheduleAfterLock: false },
  });
  const date = useWatch({ control: form.control, name: 'lockedUntil' });
  const dateError = form.formState.errors.lockedUntil?.message;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      form.reset({
        lockedUntil: lock.lockedUntil ?? suggestedDate,
        hideScheduleAfterLock: lock.hideScheduleAfterLock,
      });
      setFailure(null);
    }
  }, [open]);

  async function submit(next: ShiftLock) {
    setFailure(null);
    const result = await save.mutateAsync(next);
    if (result.saved) {
      toast.success(next.lockedUntil ? 'Schedule lock saved' : 'Schedule lock removed');
      onOpenChange(false);
      return;
    }
    // A session that ended says so on /login; anything else is said here, in the server's words.
    if (isApiError(result.error) && result.error.sessionEnded) return;
    setFailure(errorMessage(result.error, SAVE_FAILED));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Schedule lock</DialogTitle>
          <DialogDescription>
            Days up to and including the lock date are published; changes to them can be emailed (Pro).
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-date`}>Locked until</Label>
            <Input
              id={`${id}-date`}
              type="date"
              required
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? `${id}-date-error` : undefined}
              {...form.register('lockedUntil')}
            />
            <FieldError id={`${id}-date-error`} message={dateError} />
          </div>
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="hideScheduleAfterLock"
              render={({ field }) => (
                <Checkbox
                  id={`${id}-hide`}
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
              )}
            />
            <Label htmlFor={`${id}-hide`} className="font-normal">
              Hide schedule after lock date from staff
            </Label>
          </div>
          {failure ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter className="sm:justify-between">
            {lock.lockedUntil ? (
              <Button
                variant="outline"
                className="text-destructive"
                disabled={save.isPending}
                onClick={() => submit({ lockedUntil: null, hideScheduleAfterLock: false })}
              >
                Remove lock
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending || !isIsoDate(date)}>
                Save
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
