import { zodResolver } from '@hookform/resolvers/zod';
import type { ShiftDto, ShiftInput } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { findConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { AlertTriangle } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useRemoteShiftChange } from '../../../lib/live-updates';
import { formatDuration } from '../../../lib/schedule-grid';
import { showApiError } from '../../../lib/show-api-error';
import { shiftCalls } from '../api/schedule-api';
import { useZoneRules, type ZoneRules } from '../hooks/use-zone-rules';
import {
  checkShiftForm,
  isTimed,
  type ShiftFormValues,
  shiftFormSchema,
  shiftFormValues,
} from '../utils/shift-form';
import { AttendanceAdjustmentsField } from './attendance-adjustments-field';
import { ShiftColourField } from './shift-colour-field';
import { ShiftHistory } from './shift-history';
import { ShiftTimingFields } from './shift-timing-fields';

export type ShiftChange =
  | { kind: 'create'; after: ShiftDto }
  | { kind: 'update'; before: ShiftDto; after: ShiftDto }
  | { kind: 'delete'; before: ShiftDto };

/**
 * Adds, edits or deletes one entry (a shift or time off). While it is typed, the editor shows the
 * hours worked and any clash with the week's other entries (a clash blocks saving), and warns when
 * someone else changes the entry meanwhile.
 */
export function ShiftEditorDialog({
  open,
  onOpenChange,
  teamId,
  shift,
  staffId,
  date,
  staff,
  weekShifts,
  hasAttendance,
  canNotify,
  isOwner,
  lockedUntil,
  timeZone,
  onChanged,
  sickCall = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string;
  shift: ShiftDto | null;
  staffId: string;
  date: string;
  staff: StaffDto[];
  weekShifts: ShiftDto[];
  /** The team's plan includes attendance adjustments. */
  hasAttendance: boolean;
  /** The team's plan emails people about changes to locked days. */
  canNotify: boolean;
  isOwner: boolean;
  lockedUntil: string | null;
  /** The team's zone: lengths are real elapsed time there, and a time the clocks skip is refused. */
  timeZone: string;
  onChanged: (change: ShiftChange) => void;
  /**
   * Recording a sick call for the person (issue 44, Pro): shown on shifts dated `from` on (yesterday:
   * an overnight shift may still be under way; the server refuses one already over, in words).
   */
  sickCall?: { from: string; open: (shift: ShiftDto, personName: string) => void } | null;
}) {
  // The zone rules arrive when the editor first opens (hooks/use-zone-rules.ts).
  const rules = useZoneRules(open);
  const wallClock = useMemo(
    () =>
      rules
        ? (entry: Parameters<ZoneRules['wallClockProblem']>[0]) => rules.wallClockProblem(entry, timeZone)
        : undefined,
    [rules, timeZone],
  );
  const schema = useMemo(() => shiftFormSchema(hasAttendance, wallClock), [hasAttendance, wallClock]);
  const form = useForm<ShiftFormValues, unknown, ShiftInput>({
    resolver: zodResolver(schema),
    defaultValues: shiftFormValues(shift, staffId, date),
  });
  const { errors, isSubmitting } = form.formState;
  const [serverError, setServerError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenedAt(Date.now());
  }
  // Someone else changed this entry while it is open (the live connection says so).
  const remoteChange = useRemoteShiftChange(open ? shift?.shiftId : null, openedAt);
  const id = useId();
  const f = (name: string) => `${id}-${name}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      form.reset(shiftFormValues(shift, staffId, date));
      setServerError(null);
      setConfirmingDelete(false);
    }
  }, [open]);

  // Every change redraws the editor: the clash and the hours worked follow what is typed.
  const values = form.watch();
  const result = checkShiftForm(values, hasAttendance, wallClock);
  const parsed = result.success ? result.parsed : null;
  // A time the clocks skip is said on its field as it is typed, not only once Save is pressed.
  const timed = isTimed(values) && values.startTime && values.endTime;
  const clockProblem =
    timed && wallClock
      ? wallClock({ shiftDate: values.shiftDate, startTime: values.startTime, endTime: values.endTime })
      : null;
  const conflict = parsed ? findConflict({ ...parsed, shiftId: shift?.shiftId ?? null }, weekShifts) : null;
  const conflictName = conflict ? staff.find((m) => m.staffId === conflict.staffId)?.fullName : undefined;
  const conflictText = conflict
    ? `Clashes with ${conflictName ? `${conflictName}'s ` : ''}${conflict.isTimeOff ? 'time off' : 'shift'} on ${describeEntry(conflict).replace(' time off', '')}`
    : null;
  // Real elapsed time on the entry's date in the team's zone: 22:00–06:00 is 9 h the night the clocks go back.
  const worked = parsed && rules ? rules.workedMinutes(parsed, timeZone) : null;
  const person = staff.find((m) => m.staffId === values.staffId);
  const locked =
    isDateLocked(values.shiftDate, lockedUntil) ||
    (shift ? isDateLocked(shift.shiftDate, lockedUntil) : false);
  const calls = shiftCalls(teamId);
  const busy = isSubmitting || deleting;
  const notify = canNotify && locked && values.notify;

  function fail(error: unknown, fallback: string) {
    if (isApiError(error) && (error.status === 409 || error.status === 422 || error.status === 403)) {
      setServerError(errorMessage(error, fallback));
    } else {
      showApiError(error, fallback);
    }
  }

  const onSubmit = form.handleSubmit(async (input) => {
    if (conflict) return;
    setServerError(null);
    try {
      if (shift) {
        const after = await calls.update(shift.shiftId, input, notify);
        onChanged({ kind: 'update', before: shift, after });
      } else {
        const after = await calls.create(input, notify);
        onChanged({ kind: 'create', after });
      }
      onOpenChange(false);
    } catch (error) {
      fail(error, 'Failed to save the shift.');
    }
  });

  async function onDelete() {
    if (!shift) return;
    setDeleting(true);
    setServerError(null);
    try {
      await calls.remove(shift.shiftId, notify);
      onChanged({ kind: 'delete', before: shift });
      onOpenChange(false);
    } catch (error) {
      fail(error, 'Failed to delete the shift.');
    } finally {
      setDeleting(false);
    }
  }

  const described = (name: 'staffId' | 'shiftDate' | 'notes') => ({
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? f(`${name}-error`) : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {shift ? 'Edit' : 'Add'} {values.isTimeOff ? 'time off' : 'shift'}
          </DialogTitle>
          <DialogDescription>
            {shift
              ? `Change or remove ${person?.fullName ?? 'this'}'s entry.`
              : values.isTimeOff
                ? 'Time off for a day or more, some hours, or exact times.'
                : 'A shift, or switch to time off below.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {/* Kept in view: on a phone the dialog scrolls, and the person is mid-edit somewhere in it. */}
          {remoteChange ? (
            // An opaque backing, as the dark warning colour is translucent over the fields beneath.
            <div className="sticky top-0 z-10 rounded-lg bg-card shadow-md">
              <Alert variant="warning" role="status">
                <AlertTriangle aria-hidden="true" className="size-4" />
                <AlertDescription>
                  This shift was just changed by {remoteChange.name}. Saving will overwrite their change.
                </AlertDescription>
              </Alert>
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={f('staff')}>Staff member</Label>
              <Select id={f('staff')} {...described('staffId')} {...form.register('staffId')}>
                {staff.map((member) => (
                  <option key={member.staffId} value={member.staffId}>
                    {member.fullName}
                  </option>
                ))}
              </Select>
              <FieldError id={f('staffId-error')} message={errors.staffId?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={f('date')}>Date</Label>
              <Input id={f('date')} type="date" {...described('shiftDate')} {...form.register('shiftDate')} />
              <FieldError id={f('shiftDate-error')} message={errors.shiftDate?.message} />
            </div>
          </div>

          <ShiftTimingFields form={form} values={values} fieldId={f} clockProblem={clockProblem} />

          <div className="grid gap-2">
            <Label htmlFor={f('notes')}>Notes</Label>
            <Textarea id={f('notes')} rows={2} {...described('notes')} {...form.register('notes')} />
            <FieldError id={f('notes-error')} message={errors.notes?.message} />
            <div className="flex items-center gap-2">
              <Controller
                control={form.control}
                name="notesVisibleToAll"
                render={({ field }) => (
                  <Checkbox
                    id={f('notes-all')}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
              <Label htmlFor={f('notes-all')} className="font-normal">
                Show notes to all staff
              </Label>
            </div>
          </div>

          <ShiftColourField
            name={f('colour')}
            colour={values.colour}
            isTimeOff={values.isTimeOff}
            onChange={(colour) => form.setValue('colour', colour, { shouldDirty: true })}
          />

          {values.isTimeOff ? null : hasAttendance ? (
            <AttendanceAdjustmentsField form={form} rows={values.adjustments} fieldId={f} />
          ) : (
            <p className="text-xs text-muted-foreground">
              <span className="mr-1 rounded bg-primary/10 px-1.5 py-0.5 font-semibold text-primary">Pro</span>
              Attendance adjustments and change emails come with Pro.
            </p>
          )}

          {canNotify && locked ? (
            <div className="flex items-center gap-2">
              <Controller
                control={form.control}
                name="notify"
                render={({ field }) => (
                  <Checkbox
                    id={f('notify')}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
              <Label htmlFor={f('notify')} className="font-normal">
                Email {person?.fullName ?? 'them'} about this change
              </Label>
            </div>
          ) : null}

          {worked !== null ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {formatDuration(worked)} worked
            </p>
          ) : null}

          {conflictText ? (
            <Alert variant="destructive" role="alert">
              <AlertTriangle aria-hidden="true" className="size-4" />
              <AlertDescription>{conflictText}</AlertDescription>
            </Alert>
          ) : null}
          {serverError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          ) : null}
          <FieldError id={f('form-error')} message={errors.root?.message} />

          {confirmingDelete ? (
            <Alert role="alert">
              <AlertDescription className="grid gap-3">
                <span>Delete this entry? You can undo it straight after.</span>
                <span className="flex gap-2">
                  <Button variant="destructive" size="sm" disabled={busy} onClick={onDelete}>
                    Yes, delete
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setConfirmingDelete(false)}>
                    Keep it
                  </Button>
                </span>
              </AlertDescription>
            </Alert>
          ) : null}

          <DialogFooter className="sm:justify-between">
            {shift ? (
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button
                  variant="outline"
                  className="text-destructive"
                  onClick={() => setConfirmingDelete(true)}
                >
                  Delete
                </Button>
                {sickCall && !shift.isTimeOff && shift.shiftDate >= sickCall.from ? (
                  <Button
                    variant="outline"
                    aria-haspopup="dialog"
                    onClick={() => {
                      const name = staff.find((m) => m.staffId === shift.staffId)?.fullName ?? 'This person';
                      onOpenChange(false);
                      sickCall.open(shift, name);
                    }}
                  >
                    Mark off sick
                  </Button>
                ) : null}
              </div>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || Boolean(conflict)}>
                {busy ? <Spinner /> : null}
                Save
              </Button>
            </div>
          </DialogFooter>
        </form>
        {shift ? <ShiftHistory teamId={teamId} shiftId={shift.shiftId} isOwner={isOwner} /> : null}
      </DialogContent>
    </Dialog>
  );
}
