import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { chipTimeText } from '../../../lib/schedule-grid';
import type { SickCallResult } from '../../../lib/time-clock';
import { useCallInSick } from '../../../lib/time-clock-api';
import { useHour12 } from '../../../lib/time-format';

/** At most this long, as the server's bound on the note. */
const NOTE_MAX = 500;

/** What happens next, in words, once the sick call is recorded. */
export function sickCallOutcome(result: SickCallResult): string {
  const names = result.offeredTo.map((offer) => offer.staffName);
  if (names.length === 0)
    return 'Nobody free fits this shift, so your managers have been told and will find cover. Get well soon.';
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Your managers have been told, and the shift has been offered to ${list}. The first to claim it takes it. Get well soon.`;
}

/**
 * "Call in sick" on one's own upcoming shift (issue 44): a confirmation with an optional note, then
 * what happens next. The shift becomes time off marked sick and its place an open shift, offered to the
 * colleagues the rule engine ranks first.
 */
export default function SickCallDialog({
  teamId,
  shift,
  open,
  onOpenChange,
}: {
  teamId: string;
  shift: ShiftDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const hour12 = useHour12();
  const sick = useCallInSick(teamId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const noteId = useId();

  useEffect(() => {
    if (open) {
      setNote('');
      setError(null);
      setOutcome(null);
    }
  }, [open]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!shift) return;
    setError(null);
    try {
      setOutcome(sickCallOutcome(await sick.mutateAsync({ shiftId: shift.shiftId, note })));
    } catch (failure) {
      setError(errorMessage(failure, 'Could not record the sick call. Try again, or phone your manager.'));
    }
  }

  const what = shift ? `your ${chipTimeText(shift, hour12)} shift on ${formatLongDate(shift.shiftDate)}` : '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{outcome ? 'Sick call recorded' : 'Call in sick'}</DialogTitle>
          <DialogDescription>
            {outcome ? `You are off sick for ${what}.` : `You will be marked off sick for ${what}.`}
          </DialogDescription>
        </DialogHeader>
        {outcome ? (
          <>
            <p role="status" className="text-sm" data-testid="sick-call-outcome">
              {outcome}
            </p>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <div className="space-y-2">
              <Label htmlFor={noteId}>
                Note for your manager
                <span className="font-normal text-muted-foreground"> (optional)</span>
              </Label>
              <Textarea
                id={noteId}
                value={note}
                maxLength={NOTE_MAX}
                rows={3}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
            {error ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={sick.isPending || !shift}>
                {sick.isPending ? <Spinner className="text-current [&_svg]:size-4" /> : null}
                Call in sick
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
