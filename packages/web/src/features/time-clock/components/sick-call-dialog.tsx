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

/**
 * What happens next, in words, once the sick call is recorded: to the member who called, or to the
 * manager who recorded it for them (`personName`).
 */
export function sickCallOutcome(result: SickCallResult, personName: string | null = null): string {
  const names = result.offeredTo.map((offer) => offer.staffName);
  if (names.length === 0)
    return personName
      ? 'Nobody free fits this shift: it is in the open shifts row for you to fill.'
      : 'Nobody free fits this shift, so your managers have been told and will find cover. Get well soon.';
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return personName
    ? `The shift has been offered to ${list}. The first to claim it takes it.`
    : `Your managers have been told, and the shift has been offered to ${list}. The first to claim it takes it. Get well soon.`;
}

/**
 * "Call in sick" on one's own upcoming shift, or an administrator recording it for someone who phoned
 * (issue 44): a confirmation with an optional note, then what happens next. The shift becomes time off
 * marked sick and its place an open shift, offered to the colleagues the rule engine ranks first.
 */
export default function SickCallDialog({
  teamId,
  shift,
  personName = null,
  open,
  onOpenChange,
}: {
  teamId: string;
  shift: ShiftDto | null;
  /** Whose shift it is, when an administrator records the call for them; null: the caller's own. */
  personName?: string | null;
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
      setOutcome(sickCallOutcome(await sick.mutateAsync({ shiftId: shift.shiftId, note }), personName));
    } catch (failure) {
      setError(errorMessage(failure, 'Could not record the sick call. Try again, or phone your manager.'));
    }
  }

  const whose = personName ? 'the' : 'your';
  const what = shift
    ? `${whose} ${chipTimeText(shift, hour12)} shift on ${formatLongDate(shift.shiftDate)}`
    : '';
  const who = personName ?? 'You';
  const action = personName ? 'Mark off sick' : 'Call in sick';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{outcome ? 'Sick call recorded' : action}</DialogTitle>
          <DialogDescription>
            {outcome
              ? `${who} ${personName ? 'is' : 'are'} off sick for ${what}.`
              : `${who} will be marked off sick for ${what}.`}
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
                {personName ? 'Note' : 'Note for your manager'}
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
                {action}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
