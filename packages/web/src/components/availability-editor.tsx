import { zodResolver } from '@hookform/resolvers/zod';
import { Availability, type AvailabilityInput } from '@rotaboard/core/contracts/availability';
import { toIsoDate } from '@rotaboard/core/dates/week';
import { useQuery } from '@tanstack/react-query';
import { CalendarX, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type FieldErrors, type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { errorMessage } from '../lib/api-client';
import { availabilityQueryOptions, useSaveAvailability } from '../lib/availability';
import { showApiError } from '../lib/show-api-error';
import { toast } from '../lib/toast';
import { Alert, AlertDescription } from './ui/alert';
import { Button } from './ui/button';
import { FieldError } from './ui/field-error';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Select } from './ui/select';
import { Spinner } from './ui/spinner';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
type Values = AvailabilityInput;
type List = 'weekly' | 'dates';

/** An empty time input is "no time": both empty means the whole day. */
const timeOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The first message among one entry's fields, so each row shows one line under it. */
function rowError(errors: FieldErrors<Values>, list: List, index: number): string | undefined {
  const row = errors[list]?.[index] as Record<string, { message?: string }> | undefined;
  if (!row) return undefined;
  return (
    row.weekday?.message ??
    row.date?.message ??
    row.startTime?.message ??
    row.endTime?.message ??
    row.kind?.message ??
    (row as { root?: { message?: string } }).root?.message
  );
}

/**
 * One person's availability: repeating weekdays and one-off dates, each unavailable or preferred, for
 * the whole day or between two times. Saved as a whole (the PUT replaces the set).
 */
export function AvailabilityEditor({
  teamId,
  staffId,
  label,
}: {
  teamId: string;
  staffId: string;
  /** The form's accessible name: whose availability it is ("Your availability"). */
  label: string;
}) {
  const query = useQuery(availabilityQueryOptions(teamId, staffId));
  const save = useSaveAvailability(teamId, staffId);
  const form = useForm<Values, unknown, Availability>({
    resolver: zodResolver(Availability),
    defaultValues: { weekly: [], dates: [] },
  });
  const weekly = useFieldArray({ control: form.control, name: 'weekly' });
  const dates = useFieldArray({ control: form.control, name: 'dates' });
  const id = useId();
  const { errors, isSubmitting, isDirty } = form.formState;

  useEffect(() => {
    if (query.data) form.reset(query.data);
  }, [query.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      toast.success('Availability saved');
    } catch (error) {
      showApiError(error, 'Failed to save the availability.');
    }
  });

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {errorMessage(query.error, 'The availability could not be loaded.')}
        </AlertDescription>
      </Alert>
    );
  }

  const empty = weekly.fields.length === 0 && dates.fields.length === 0;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={label}>
      {empty ? (
        <p className="flex items-center gap-2 rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
          <CalendarX aria-hidden="true" className="size-4 shrink-0" />
          No availability set — you're treated as available any time
        </p>
      ) : null}

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold">Every week</legend>
        {weekly.fields.map((field, index) => (
          <EntryRow
            key={field.id}
            list="weekly"
            index={index}
            idPrefix={`${id}-w${index}`}
            register={form.register}
            error={rowError(errors, 'weekly', index)}
            onRemove={() => weekly.remove(index)}
          />
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => weekly.append({ weekday: 1, startTime: null, endTime: null, kind: 'unavailable' })}
        >
          <Plus aria-hidden="true" /> Add a weekday
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold">On dates</legend>
        {dates.fields.map((field, index) => (
          <EntryRow
            key={field.id}
            list="dates"
            index={index}
            idPrefix={`${id}-d${index}`}
            register={form.register}
            error={rowError(errors, 'dates', index)}
            onRemove={() => dates.remove(index)}
          />
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            dates.append({
              // The person's own today (not UTC's): availability is theirs, whichever team reads it.
              date: toIsoDate(new Date()),
              startTime: null,
              endTime: null,
              kind: 'unavailable',
            })
          }
        >
          <Plus aria-hidden="true" /> Add a date
        </Button>
      </fieldset>

      <FieldError id={`${id}-form`} message={errors.weekly?.message ?? errors.dates?.message} />
      <p className="text-xs text-muted-foreground">
        Leave both times empty for the whole day; an end before the start runs past midnight.
      </p>
      <Button type="submit" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? <Spinner /> : null}
        Save availability
      </Button>
    </form>
  );
}

function EntryRow({
  list,
  index,
  idPrefix,
  register,
  error,
  onRemove,
}: {
  list: List;
  index: number;
  idPrefix: string;
  register: UseFormRegister<Values>;
  error: string | undefined;
  onRemove: () => void;
}) {
  const errorId = `${idPrefix}-error`;
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
  const number = index + 1;
  return (
    <div className="rounded-md border border-border p-3" data-availability-row={list}>
      {/* Two columns on a phone (day or date across, then the times, then kind); one line from sm. */}
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[minmax(8rem,1fr)_7.5rem_7.5rem_minmax(8rem,1fr)_auto]">
        {list === 'weekly' ? (
          <div className="col-span-2 space-y-1 sm:col-span-1">
            <Label htmlFor={`${idPrefix}-day`}>Day</Label>
            <Select
              id={`${idPrefix}-day`}
              {...register(`weekly.${index}.weekday`, { valueAsNumber: true })}
              {...described}
            >
              {WEEKDAYS.map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </Select>
          </div>
        ) : (
          <div className="col-span-2 space-y-1 sm:col-span-1">
            <Label htmlFor={`${idPrefix}-date`}>Date</Label>
            <Input id={`${idPrefix}-date`} type="date" {...register(`dates.${index}.date`)} {...described} />
          </div>
        )}
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${idPrefix}-from`}>From</Label>
          <Input
            id={`${idPrefix}-from`}
            type="time"
            {...register(`${list}.${index}.startTime`, { setValueAs: timeOrNull })}
            {...described}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${idPrefix}-to`}>To</Label>
          <Input
            id={`${idPrefix}-to`}
            type="time"
            {...register(`${list}.${index}.endTime`, { setValueAs: timeOrNull })}
            {...described}
          />
        </div>
        {/* Kind and remove share the last line on a phone; from sm they are cells of the row. */}
        <div className="col-span-2 flex items-end gap-2 sm:contents">
          <div className="min-w-0 flex-1 space-y-1">
            <Label htmlFor={`${idPrefix}-kind`}>Kind</Label>
            <Select id={`${idPrefix}-kind`} {...register(`${list}.${index}.kind`)} {...described}>
              <option value="unavailable">Unavailable</option>
              <option value="preferred">Preferred</option>
            </Select>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="justify-self-start"
            aria-label={`Remove ${list === 'weekly' ? 'weekday' : 'date'} ${number}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <FieldError id={errorId} message={error} className="mt-2" />
    </div>
  );
}
