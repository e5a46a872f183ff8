import type { ShiftLock } from '@rotaboard/core/contracts/shifts';
import { useId, useLayoutEffect, useState } from 'react';
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
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { isIsoDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useSaveLock } from '../api/schedule-api';

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
  const [date, setDate] = useState('');
  const [hide, setHide] = useState(false);
  const save = useSaveLock(teamId);
  const id = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      setDate(lock.lockedUntil ?? suggestedDate);
      setHide(lock.hideScheduleAfterLock);
    }
  }, [open]);

  async function submit(next: ShiftLock) {
    const ok = await save.mutateAsync(next);
    if (ok) {
      toast.success(next.lockedUntil ? 'Schedule lock saved' : 'Schedule lock removed');
      onOpenChange(false);
    } else {
      toast.error('Failed to save the schedule lock.');
    }
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
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (isIsoDate(date)) void submit({ lockedUntil: date, hideScheduleAfterLock: hide });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-date`}>Locked until</Label>
            <Input
              id={`${id}-date`}
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              required
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-hide`} checked={hide} onCheckedChange={(c) => setHide(c === true)} />
            <Label htmlFor={`${id}-hide`} className="font-normal">
              Hide schedule after lock date from staff
            </Label>
          </div>
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
