import {
  ADJUSTMENT_COMMENT_MAX,
  type ShiftDto,
  ShiftInput,
  TIME_OFF_DAY_CHOICES,
} from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import {
  chooseColour,
  effectiveColour,
  SHIFT_COLOURS,
  type ShiftColour,
} from '@rotaboard/core/shifts/colours';
import { findConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import {
  parseBreakMinutes,
  switchTimeOffKind,
  type TimeOffKind,
  timeOffHoursError,
  timeOffKind,
} from '@rotaboard/core/shifts/time-off';
import { hhmm } from '@rotaboard/core/shifts/times';
import {
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  normaliseAdjustment,
  workedMinutes,
} from '@rotaboard/core/shifts/worked-minutes';
import { AlertTriangle, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useLayoutEffect, useState } from 'react';
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
import { formatDuration, isDateLocked, swatchClass } from '../../../lib/schedule-grid';
import { showApiError } from '../../../lib/show-api-error';
import { cn } from '../../../lib/utils';
import { shiftCalls } from '../api/schedule-api';
import { ShiftHistory } from './shift-history';

type AdjustmentRow = { key: number; minutes: string; reason: AdjustmentReason; comment: string };

type FormState = {
  staffId: string;
  shiftDate: string;
  isTimeOff: boolean;
  kind: TimeOffKind;
  startTime: string;
  endTime: string;
  breakMinutes: string;
  timeOffHours: string;
  timeOffDays: number | null;
  notes: string;
  notesVisibleToAll: boolean;
  colour: number | null;
  adjustments: AdjustmentRow[];
  notify: boolean;
};

let rowKey = 0;

function initialState(shift: ShiftDto | null, staffId: string, date: string): FormState {
  return {
    staffId: shift?.staffId ?? staffId,
    shiftDate: shift?.shiftDate ?? date,
    isTimeOff: shift?.isTimeOff ?? false,
    kind: shift ? timeOffKind(shift) : 'exact',
    startTime: shift ? hhmm(shift.startTime) : '09:00',
    endTime: shift ? hhmm(shift.endTime) : '17:00',
    breakMinutes: shift ? String(shift.breakMinutes) : '0',
    timeOffHours: shift?.timeOffHours != null ? String(shift.timeOffHours) : '',
    timeOffDays: shift?.timeOffDays ?? null,
    notes: shift?.notes ?? '',
    notesVisibleToAll: shift?.notesVisibleToAll ?? true,
    colour: shift?.colour ?? null,
    adjustments: (shift?.attendanceAdjustments ?? []).map((a) => ({
      key: ++rowKey,
      minutes: String(a.minutes),
      reason: a.reason,
      comment: a.comment,
    })),
    notify: false,
  };
}

type Errors = Partial<Record<string, string>>;

/** The form as the API's input, or the field errors (core rules: ShiftInput, parseBreakMinutes…). */
function toInput(
  form: FormState,
  isPro: boolean,
): { input: ShiftInput; parsed: ReturnType<typeof ShiftInput.parse> } | { errors: Errors } {
  const errors: Errors = {};
  const timed = !form.isTimeOff || form.kind === 'exact';
  const breakResult = timed ? parseBreakMinutes(form.breakMinutes) : { value: 0 };
  if ('error' in breakResult) errors.breakMinutes = breakResult.error;
  let hours: number | null = null;
  if (form.isTimeOff && form.kind === 'hours') {
    hours = form.timeOffHours.trim() === '' ? Number.NaN : Number(form.timeOffHours);
    const error = timeOffHoursError(hours);
    if (error) errors.timeOffHours = error;
  }
  if (form.isTimeOff && form.kind === 'days' && form.timeOffDays === null) {
    errors.timeOffDays = 'Please select the number of days';
  }
  const input: ShiftInput = {
    staffId: form.staffId,
    shiftDate: form.shiftDate,
    startTime: timed ? form.startTime || null : null,
    endTime: timed ? form.endTime || null : null,
    notes: form.notes,
    notesVisibleToAll: form.notesVisibleToAll,
    isTimeOff: form.isTimeOff,
    timeOffDays: form.isTimeOff && form.kind === 'days' ? form.timeOffDays : null,
    timeOffHours: form.isTimeOff && form.kind === 'hours' ? hours : null,
    colour: form.colour,
    breakMinutes: 'value' in breakResult ? breakResult.value : 0,
    // Time off has no attendance: its editor shows no adjustments and sends none.
    ...(isPro
      ? {
          attendanceAdjustments: (form.isTimeOff ? [] : form.adjustments).map((a) =>
            normaliseAdjustment({ minutes: a.minutes, reason: a.reason, comment: a.comment }),
          ),
        }
      : {}),
  };
  const result = ShiftInput.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0] === undefined ? 'form' : String(issue.path[0]);
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { errors };
  return { input, parsed: result.data };
}

export type ShiftChange =
  | { kind: 'create'; after: ShiftDto }
  | { kind: 'update'; before: ShiftDto; after: ShiftDto }
  | { kind: 'delete'; before: ShiftDto };

export function ShiftEditorDialog({
  open,
  onOpenChange,
  teamId,
  shift,
  staffId,
  date,
  staff,
  weekShifts,
  isPro,
  isOwner,
  lockedUntil,
  onChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string;
  shift: ShiftDto | null;
  staffId: string;
  date: string;
  staff: StaffDto[];
  weekShifts: ShiftDto[];
  isPro: boolean;
  isOwner: boolean;
  lockedUntil: string | null;
  onChanged: (change: ShiftChange) => void;
}) {
  const [form, setForm] = useState<FormState>(() => initialState(shift, staffId, date));
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      setForm(initialState(shift, staffId, date));
      setErrors({});
      setServerError(null);
      setConfirmingDelete(false);
    }
  }, [open]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const result = toInput(form, isPro);
  const parsed = 'parsed' in result ? result.parsed : null;
  const conflict = parsed ? findConflict({ ...parsed, shiftId: shift?.shiftId ?? null }, weekShifts) : null;
  const conflictName = conflict ? staff.find((m) => m.staffId === conflict.staffId)?.fullName : undefined;
  const conflictText = conflict
    ? `Clashes with ${conflictName ? `${conflictName}'s ` : ''}${conflict.isTimeOff ? 'time off' : 'shift'} on ${describeEntry(conflict).replace(' time off', '')}`
    : null;
  const worked = parsed
    ? workedMinutes({ ...parsed, attendanceAdjustments: parsed.attendanceAdjustments })
    : null;
  const person = staff.find((m) => m.staffId === form.staffId);
  const locked =
    isDateLocked(form.shiftDate, lockedUntil) || (shift ? isDateLocked(shift.shiftDate, lockedUntil) : false);
  const calls = shiftCalls(teamId);
  const timed = !form.isTimeOff || form.kind === 'exact';
  const colourValue = effectiveColour(form.colour, form.isTimeOff);

  function fail(error: unknown, fallback: string) {
    if (isApiError(error) && (error.status === 409 || error.status === 422 || error.status === 403)) {
      setServerError(errorMessage(error, fallback));
    } else {
      showApiError(error, fallback);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (conflict) return;
    setBusy(true);
    setServerError(null);
    const notify = isPro && locked && form.notify;
    try {
      if (shift) {
        const after = await calls.update(shift.shiftId, result.input, notify);
        onChanged({ kind: 'update', before: shift, after });
      } else {
        const after = await calls.create(result.input, notify);
        onChanged({ kind: 'create', after });
      }
      onOpenChange(false);
    } catch (error) {
      fail(error, 'Failed to save the shift.');
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    if (!shift) return;
    setBusy(true);
    setServerError(null);
    try {
      await calls.remove(shift.shiftId, isPro && locked && form.notify);
      onChanged({ kind: 'delete', before: shift });
      onOpenChange(false);
    } catch (error) {
      fail(error, 'Failed to delete the shift.');
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (name: string) => (errors[name] ? f(`${name}-error`) : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {shift ? 'Edit' : 'Add'} {form.isTimeOff ? 'time off' : 'shift'}
          </DialogTitle>
          <DialogDescription>
            {shift
              ? `Change or remove ${person?.fullName ?? 'this'}'s entry.`
              : form.isTimeOff
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
              <Select
                id={f('staff')}
                value={form.staffId}
                onChange={(e) => set('staffId', e.target.value)}
                aria-invalid={Boolean(errors.staffId)}
                aria-describedby={describedBy('staffId')}
              >
                {staff.map((member) => (
                  <option key={member.staffId} value={member.staffId}>
                    {member.fullName}
                  </option>
                ))}
              </Select>
              <FieldError id={f('staffId-error')} message={errors.staffId} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={f('date')}>Date</Label>
              <Input
                id={f('date')}
                type="date"
                value={form.shiftDate}
                onChange={(e) => set('shiftDate', e.target.value)}
                aria-invalid={Boolean(errors.shiftDate)}
                aria-describedby={describedBy('shiftDate')}
              />
              <FieldError id={f('shiftDate-error')} message={errors.shiftDate} />
            </div>
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Type</legend>
            <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
              {[
                { value: false, label: 'Shift' },
                { value: true, label: 'Time off' },
              ].map((option) => (
                <label
                  key={option.label}
                  className={cn(
                    'flex cursor-pointer items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    form.isTimeOff === option.value ? 'bg-card shadow-sm' : 'text-muted-foreground',
                  )}
                >
                  <input
                    type="radio"
                    name={f('type')}
                    className="sr-only"
                    checked={form.isTimeOff === option.value}
                    onChange={() => set('isTimeOff', option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>

          {form.isTimeOff ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Time off kind</legend>
              <div className="flex flex-wrap gap-4">
                {(
                  [
                    ['exact', 'Exact times'],
                    ['hours', 'Hours'],
                    ['days', 'Days'],
                  ] as const
                ).map(([kind, label]) => (
                  <label key={kind} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={f('kind')}
                      className="size-4 accent-primary"
                      checked={form.kind === kind}
                      onChange={() =>
                        setForm((current) => {
                          const hoursNumber =
                            current.timeOffHours.trim() === '' ? null : Number(current.timeOffHours);
                          const next = switchTimeOffKind(
                            {
                              timeOffDays: current.timeOffDays,
                              timeOffHours: hoursNumber,
                              startTime: current.startTime,
                              endTime: current.endTime,
                              breakMinutes: 0,
                            },
                            kind,
                          );
                          return {
                            ...current,
                            kind,
                            timeOffDays: next.timeOffDays,
                            timeOffHours: next.timeOffHours === null ? '' : String(next.timeOffHours),
                          };
                        })
                      }
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {timed ? (
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <div className="grid gap-2">
                <Label htmlFor={f('start')}>Start time</Label>
                <Input
                  id={f('start')}
                  type="time"
                  value={form.startTime}
                  onChange={(e) => set('startTime', e.target.value)}
                  aria-invalid={Boolean(errors.startTime)}
                  aria-describedby={describedBy('startTime')}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={f('end')}>End time</Label>
                <Input
                  id={f('end')}
                  type="time"
                  value={form.endTime}
                  onChange={(e) => set('endTime', e.target.value)}
                  aria-invalid={Boolean(errors.endTime)}
                  aria-describedby={describedBy('endTime')}
                />
              </div>
              <div className="col-span-2 grid gap-2 sm:col-span-1">
                <Label htmlFor={f('break')}>Break (minutes)</Label>
                <Input
                  id={f('break')}
                  type="number"
                  min={0}
                  step={5}
                  inputMode="numeric"
                  value={form.breakMinutes}
                  onChange={(e) => set('breakMinutes', e.target.value)}
                  aria-invalid={Boolean(errors.breakMinutes)}
                  aria-describedby={describedBy('breakMinutes')}
                />
              </div>
              {errors.startTime || errors.endTime || errors.breakMinutes ? (
                <div className="col-span-full grid gap-1">
                  <FieldError id={f('startTime-error')} message={errors.startTime} />
                  <FieldError id={f('endTime-error')} message={errors.endTime} />
                  <FieldError id={f('breakMinutes-error')} message={errors.breakMinutes} />
                </div>
              ) : null}
            </div>
          ) : null}

          {form.isTimeOff && form.kind === 'hours' ? (
            <div className="grid gap-2">
              <Label htmlFor={f('hours')}>Hours</Label>
              <Input
                id={f('hours')}
                type="number"
                min={0.25}
                max={24}
                step={0.25}
                inputMode="decimal"
                value={form.timeOffHours}
                onChange={(e) => set('timeOffHours', e.target.value)}
                aria-invalid={Boolean(errors.timeOffHours)}
                aria-describedby={describedBy('timeOffHours')}
              />
              <FieldError id={f('timeOffHours-error')} message={errors.timeOffHours} />
            </div>
          ) : null}

          {form.isTimeOff && form.kind === 'days' ? (
            <div className="grid gap-2">
              <Label htmlFor={f('days')}>Days</Label>
              <Select
                id={f('days')}
                value={form.timeOffDays === null ? '' : String(form.timeOffDays)}
                onChange={(e) => set('timeOffDays', e.target.value === '' ? null : Number(e.target.value))}
                aria-invalid={Boolean(errors.timeOffDays)}
                aria-describedby={describedBy('timeOffDays')}
              >
                <option value="">Select…</option>
                {TIME_OFF_DAY_CHOICES.map((days) => (
                  <option key={days} value={days}>
                    {days}
                  </option>
                ))}
              </Select>
              <FieldError id={f('timeOffDays-error')} message={errors.timeOffDays} />
            </div>
          ) : null}

          <div className="grid gap-2">
            <Label htmlFor={f('notes')}>Notes</Label>
            <Textarea
              id={f('notes')}
              rows={2}
              value={form.notes}
              onChange={(e) => set('notes', e.target.value)}
              aria-invalid={Boolean(errors.notes)}
              aria-describedby={describedBy('notes')}
            />
            <FieldError id={f('notes-error')} message={errors.notes} />
            <div className="flex items-center gap-2">
              <Checkbox
                id={f('notes-all')}
                checked={form.notesVisibleToAll}
                onCheckedChange={(checked) => set('notesVisibleToAll', checked === true)}
              />
              <Label htmlFor={f('notes-all')} className="font-normal">
                Show notes to all staff
              </Label>
            </div>
          </div>

          <fieldset>
            <legend className="mb-2 text-sm font-medium">Colour</legend>
            <div className="grid grid-cols-3 gap-2">
              {SHIFT_COLOURS.map((colour) => (
                <label
                  key={colour.value}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md border px-2 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    colourValue === colour.value ? 'border-primary bg-accent' : 'border-border',
                  )}
                >
                  <input
                    type="radio"
                    name={f('colour')}
                    className="sr-only"
                    checked={colourValue === colour.value}
                    onChange={() => set('colour', chooseColour(colour.value as ShiftColour, form.isTimeOff))}
                  />
                  <span
                    aria-hidden="true"
                    className={cn(
                      'size-4 shrink-0 rounded-full',
                      swatchClass({ colour: colour.value, isTimeOff: false }),
                    )}
                  />
                  {colour.name}
                </label>
              ))}
            </div>
          </fieldset>

          {form.isTimeOff ? null : isPro ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Attendance adjustments</legend>
              {form.adjustments.map((row, index) => (
                <div
                  key={row.key}
                  className="grid grid-cols-[5rem_1fr_auto] items-end gap-2 rounded-md border p-2"
                >
                  <div className="grid gap-1">
                    <Label htmlFor={f(`adj-min-${row.key}`)} className="text-xs">
                      Minutes
                    </Label>
                    <Input
                      id={f(`adj-min-${row.key}`)}
                      type="number"
                      min={0}
                      value={row.minutes}
                      onChange={(e) =>
                        set(
                          'adjustments',
                          form.adjustments.map((a) =>
                            a.key === row.key ? { ...a, minutes: e.target.value } : a,
                          ),
                        )
                      }
                    />
                  </div>
                  <div className="grid gap-1">
                    <Label htmlFor={f(`adj-reason-${row.key}`)} className="text-xs">
                      Reason
                    </Label>
                    <Select
                      id={f(`adj-reason-${row.key}`)}
                      value={row.reason}
                      onChange={(e) =>
                        set(
                          'adjustments',
                          form.adjustments.map((a) =>
                            a.key === row.key ? { ...a, reason: e.target.value as AdjustmentReason } : a,
                          ),
                        )
                      }
                    >
                      {Object.entries(ADJUSTMENT_REASONS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove adjustment ${index + 1}`}
                    onClick={() =>
                      set(
                        'adjustments',
                        form.adjustments.filter((a) => a.key !== row.key),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                  <div className="col-span-full grid gap-1">
                    <Label htmlFor={f(`adj-comment-${row.key}`)} className="text-xs">
                      Comment
                    </Label>
                    <Input
                      id={f(`adj-comment-${row.key}`)}
                      maxLength={ADJUSTMENT_COMMENT_MAX}
                      value={row.comment}
                      aria-describedby={f(`adj-count-${row.key}`)}
                      onChange={(e) =>
                        set(
                          'adjustments',
                          form.adjustments.map((a) =>
                            a.key === row.key ? { ...a, comment: e.target.value } : a,
                          ),
                        )
                      }
                    />
                    <p id={f(`adj-count-${row.key}`)} className="text-right text-xs text-muted-foreground">
                      {row.comment.length}/{ADJUSTMENT_COMMENT_MAX}
                    </p>
                  </div>
                </div>
              ))}
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() =>
                  set('adjustments', [
                    ...form.adjustments,
                    { key: ++rowKey, minutes: '0', reason: 'lateness', comment: '' },
                  ])
                }
              >
                <Plus aria-hidden="true" />
                Add adjustment
              </Button>
            </fieldset>
          ) : (
            <p className="text-xs text-muted-foreground">
              <span className="mr-1 rounded bg-primary/10 px-1.5 py-0.5 font-semibold text-primary">Pro</span>
              Attendance adjustments and change emails come with Pro.
            </p>
          )}

          {isPro && locked ? (
            <div className="flex items-center gap-2">
              <Checkbox
                id={f('notify')}
                checked={form.notify}
                onCheckedChange={(checked) => set('notify', checked === true)}
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
          {errors.form ? <FieldError id={f('form-error')} message={errors.form} /> : null}

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
              <Button
                variant="outline"
                className="text-destructive"
                onClick={() => setConfirmingDelete(true)}
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
