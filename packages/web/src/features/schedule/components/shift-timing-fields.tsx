import { TIME_OFF_DAY_CHOICES } from '@rotaboard/core/contracts/shifts';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/utils';
import { isTimed, type ShiftForm, type ShiftFormValues, withTimeOffKind } from '../utils/shift-form';

const KINDS = [
  ['exact', 'Exact times'],
  ['hours', 'Hours'],
  ['days', 'Days'],
] as const;

/**
 * When the entry is: shift or time off, the kind of time off, then its times and break, its hours or
 * its days, whichever the kind asks for.
 */
export function ShiftTimingFields({
  form,
  values,
  fieldId,
  clockProblem = null,
}: {
  form: ShiftForm;
  values: ShiftFormValues;
  fieldId: (name: string) => string;
  /** A start or end the clocks skip in the team's zone, said while it is typed (before any save). */
  clockProblem?: { field: 'startTime' | 'endTime'; message: string } | null;
}) {
  const { errors: formErrors, isSubmitted } = form.formState;
  // The form's own errors come after a save; a skipped time is shown at once on its field.
  const errors = {
    ...formErrors,
    ...(clockProblem && !formErrors[clockProblem.field]
      ? { [clockProblem.field]: { type: 'clock', message: clockProblem.message } }
      : {}),
  } as typeof formErrors;
  // Fields set by code (not typed into) are checked again once a save has shown errors, as typed ones are.
  const setValue = <K extends keyof ShiftFormValues>(name: K, value: ShiftFormValues[K]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted });
  const field = (name: 'startTime' | 'endTime' | 'breakMinutes' | 'timeOffHours' | 'timeOffDays') => ({
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? fieldId(`${name}-error`) : undefined,
    ...form.register(name),
  });

  return (
    <>
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
                values.isTimeOff === option.value ? 'bg-card shadow-sm' : 'text-muted-foreground',
              )}
            >
              <input
                type="radio"
                name={fieldId('type')}
                className="sr-only"
                checked={values.isTimeOff === option.value}
                onChange={() => setValue('isTimeOff', option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      {values.isTimeOff ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Time off kind</legend>
          <div className="flex flex-wrap gap-4">
            {KINDS.map(([kind, label]) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fieldId('kind')}
                  className="size-4 accent-primary"
                  checked={values.kind === kind}
                  onChange={() => {
                    const next = withTimeOffKind(form.getValues(), kind);
                    setValue('timeOffDays', next.timeOffDays);
                    setValue('timeOffHours', next.timeOffHours);
                    setValue('kind', next.kind);
                  }}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {isTimed(values) ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <div className="grid gap-2">
            <Label htmlFor={fieldId('start')}>Start time</Label>
            <Input id={fieldId('start')} type="time" {...field('startTime')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fieldId('end')}>End time</Label>
            <Input id={fieldId('end')} type="time" {...field('endTime')} />
          </div>
          <div className="col-span-2 grid gap-2 sm:col-span-1">
            <Label htmlFor={fieldId('break')}>Break (minutes)</Label>
            <Input
              id={fieldId('break')}
              type="number"
              min={0}
              step={5}
              inputMode="numeric"
              {...field('breakMinutes')}
            />
          </div>
          {errors.startTime || errors.endTime || errors.breakMinutes ? (
            <div className="col-span-full grid gap-1">
              <FieldError id={fieldId('startTime-error')} message={errors.startTime?.message} />
              <FieldError id={fieldId('endTime-error')} message={errors.endTime?.message} />
              <FieldError id={fieldId('breakMinutes-error')} message={errors.breakMinutes?.message} />
            </div>
          ) : null}
        </div>
      ) : null}

      {values.isTimeOff && values.kind === 'hours' ? (
        <div className="grid gap-2">
          <Label htmlFor={fieldId('hours')}>Hours</Label>
          <Input
            id={fieldId('hours')}
            type="number"
            min={0.25}
            max={24}
            step={0.25}
            inputMode="decimal"
            {...field('timeOffHours')}
          />
          <FieldError id={fieldId('timeOffHours-error')} message={errors.timeOffHours?.message} />
        </div>
      ) : null}

      {values.isTimeOff && values.kind === 'days' ? (
        <div className="grid gap-2">
          <Label htmlFor={fieldId('days')}>Days</Label>
          <Select id={fieldId('days')} {...field('timeOffDays')}>
            <option value="">Select…</option>
            {TIME_OFF_DAY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days}
              </option>
            ))}
          </Select>
          <FieldError id={fieldId('timeOffDays-error')} message={errors.timeOffDays?.message} />
        </div>
      ) : null}
    </>
  );
}
