import { zodResolver } from '@hookform/resolvers/zod';
import { type DayNoteDto, DayNoteInput } from '@rotaboard/core/contracts/day-notes';
import { useId, useLayoutEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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

function valuesOf(date: string, note: DayNoteDto | null): DayNoteInput {
  return { noteDate: date, noteText: note?.noteText ?? '', showToAllStaff: note?.showToAllStaff ?? true };
}

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
  const [busy, setBusy] = useState(false);
  const id = useId();
  const form = useForm<DayNoteInput, unknown, DayNoteInput>({
    // Checked as the server checks it (core DayNoteInput); what is sent is the parsed (trimmed) note.
    resolver: zodResolver(DayNoteInput),
    defaultValues: valuesOf(date, note),
  });
  const { errors } = form.formState;
  // The date is not a field here (it is the day clicked), but say so if it is out of range.
  const error = errors.noteText?.message ?? errors.noteDate?.message;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) form.reset(valuesOf(date, note));
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

  const onSubmit = form.handleSubmit((input) =>
    run(() => (note ? calls.update(note.noteId, input) : calls.create(input)), 'Failed to save the note.'),
  );

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
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register('noteText')}
            />
            <FieldError id={`${id}-error`} message={error} />
          </div>
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="showToAllStaff"
              render={({ field }) => (
                <Checkbox
                  id={`${id}-all`}
                  ref={field.ref}
                  checked={field.value ?? true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
              )}
            />
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
