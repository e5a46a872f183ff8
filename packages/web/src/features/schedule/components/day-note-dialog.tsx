import { type DayNoteDto, DayNoteInput } from '@rotaboard/core/contracts/day-notes';
import { type FormEvent, useId, useLayoutEffect, useState } from 'react';
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
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { formatLongDate } from '../../../lib/dates';
import { showApiError } from '../../../lib/show-api-error';
import { dayNoteCalls } from '../api/schedule-api';

export function DayNoteDialog({
  open,
  onOpenChange,
  teamId,
  date,
  note,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string;
  date: string;
  note: DayNoteDto | null;
  onSaved: () => void;
}) {
  const [text, setText] = useState('');
  const [showAll, setShowAll] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      setText(note?.noteText ?? '');
      setShowAll(note?.showToAllStaff ?? true);
      setError(undefined);
    }
  }, [open]);

  const calls = dayNoteCalls(teamId);

  async function run(action: () => Promise<unknown>, fallback: string) {
    setBusy(true);
    try {
      await action();
      onSaved();
      onOpenChange(false);
    } catch (err) {
      showApiError(err, fallback);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = DayNoteInput.safeParse({ noteDate: date, noteText: text, showToAllStaff: showAll });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    const input = parsed.data;
    void run(
      () => (note ? calls.update(note.noteId, input) : calls.create(input)),
      'Failed to save the note.',
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{note ? 'Edit note' : 'Add note'}</DialogTitle>
          <DialogDescription>{formatLongDate(date)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-text`}>Note</Label>
            <Textarea
              id={`${id}-text`}
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} message={error} />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-all`} checked={showAll} onCheckedChange={(c) => setShowAll(c === true)} />
            <Label htmlFor={`${id}-all`} className="font-normal">
              Show to all staff
            </Label>
          </div>
          <DialogFooter className="sm:justify-between">
            {note ? (
              <Button
                variant="outline"
                className="text-destructive"
                disabled={busy}
                onClick={() => run(() => calls.remove(note.noteId), 'Failed to delete the note.')}
              >
                Delete
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                Save
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
