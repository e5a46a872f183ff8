import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
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
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { showApiError } from '../../../lib/show-api-error';
import type { TimesheetDto } from '../../../lib/time-clock';
import { useTimesheetAction } from '../../../lib/time-clock-api';
import { toast } from '../../../lib/toast';
import {
  EDIT_SERVER_FIELDS,
  editFieldsOf,
  editFromFields,
  type TimesheetEditErrors,
  type TimesheetEditFields,
} from '../utils/timesheet-edit';

/**
 * An administrator corrects a timesheet (issue 44): clock-in and clock-out on the team's wall clocks,
 * the break in minutes, and why, which the audit log keeps with the change.
 */
export function TimesheetEditDialog({
  teamId,
  zone,
  row,
  open,
  onOpenChange,
}: {
  teamId: string;
  zone: string;
  row: TimesheetDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useTimesheetAction(teamId);
  const blank: TimesheetEditFields = {
    inDate: '',
    inTime: '',
    outDate: '',
    outTime: '',
    breakMinutes: '0',
    reason: '',
  };
  const [fields, setFields] = useState<TimesheetEditFields>(blank);
  const [errors, setErrors] = useState<TimesheetEditErrors>({});
  const base = useId();
  const id = (key: keyof TimesheetEditFields) => `${base}-${key}`;
  const errorId = (key: keyof TimesheetEditFields) => `${base}-${key}-error`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened on a row
  useEffect(() => {
    if (open && row) {
      setFields(editFieldsOf(row, zone));
      setErrors({});
    }
  }, [open, row?.timesheetId]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!row) return;
    const parsed = editFromFields(fields, zone);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ action: 'edit', timesheetId: row.timesheetId, edit: parsed.edit });
      toast.success(`Timesheet of ${row.staffName} saved`);
      onOpenChange(false);
    } catch (error) {
      const named = isApiError(error) && error.status === 400 ? (error.errors ?? []) : [];
      const shown: TimesheetEditErrors = {};
      for (const { path, message } of named) {
        const field = EDIT_SERVER_FIELDS[path];
        if (field) shown[field] = message;
      }
      if (Object.keys(shown).length > 0) setErrors(shown);
      else showApiError(error, 'Failed to save the timesheet.');
    }
  }

  // A field's message goes once it is changed (the date's with its time: one message covers both).
  const set = (key: keyof TimesheetEditFields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [key]: event.target.value }));
    const shownUnder = key === 'inDate' ? 'inTime' : key === 'outDate' ? 'outTime' : key;
    setErrors((current) => (current[shownUnder] ? { ...current, [shownUnder]: undefined } : current));
  };
  const input = (key: keyof TimesheetEditFields, label: string, type: 'date' | 'time' | 'number') => (
    <div className="space-y-2">
      <Label htmlFor={id(key)}>{label}</Label>
      <Input
        id={id(key)}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 0 : undefined}
        value={fields[key]}
        onChange={set(key)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? errorId(key) : undefined}
      />
      <FieldError id={errorId(key)} message={errors[key]} />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit timesheet</DialogTitle>
          <DialogDescription>
            {row ? `${row.staffName}, ${formatLongDate(row.date)}. ` : null}Times on the team's clocks ({zone}
            ).
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="grid grid-cols-2 gap-3">
            {input('inDate', 'Clock-in date', 'date')}
            {input('inTime', 'Clock-in time', 'time')}
            {input('outDate', 'Clock-out date', 'date')}
            {input('outTime', 'Clock-out time', 'time')}
          </div>
          {input('breakMinutes', 'Break (minutes)', 'number')}
          <div className="space-y-2">
            <Label htmlFor={id('reason')}>Reason for the change</Label>
            <Textarea
              id={id('reason')}
              rows={2}
              maxLength={500}
              value={fields.reason}
              onChange={set('reason')}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? errorId('reason') : undefined}
            />
            <FieldError id={errorId('reason')} message={errors.reason} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner className="text-current [&_svg]:size-4" /> : null}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
