import { toIsoDate } from '@rotaboard/core/dates/week';
import {
  defaultRequestFields,
  MAX_REQUEST_DETAILS,
  normaliseRequest,
  type RequestFields,
  requestProblem,
  setDateRange,
} from '@rotaboard/core/requests/requests';
import {
  TIME_OFF_DAY_CHOICES,
  TIME_OFF_HOURS,
  type TimeOffKind,
  timeOffKind,
} from '@rotaboard/core/shifts/time-off';
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
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useCreateRequest } from '../api/requests';

/** The local calendar date: the earliest a request may ask for. */
function localToday(): string {
  const now = new Date();
  return toIsoDate(new Date(now.getTime() - now.getTimezoneOffset() * 60_000));
}

/**
 * The request form of spec 2 §2/§4, titled 'for {team}': Time Off or Other, a date or a date range,
 * the kind of time off, details with a live counter. Checked with core's requestProblem, the rule the
 * server applies; on success it resets, tells the caller and closes.
 */
export function RequestFormDialog({
  open,
  onOpenChange,
  teamId,
  teamName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string;
  teamName: string;
}) {
  const id = useId();
  const [fields, setFields] = useState<RequestFields>(defaultRequestFields);
  const [range, setRange] = useState(false);
  const [error, setError] = useState<{ field: keyof RequestFields; message: string } | null>(null);
  const create = useCreateRequest(teamId);
  const today = localToday();

  useLayoutEffect(() => {
    if (!open) return;
    setFields(defaultRequestFields());
    setRange(false);
    setError(null);
  }, [open]);

  const update = (patch: Partial<RequestFields>) => {
    setFields((current) => {
      const next = { ...current, ...patch };
      // A single date: the end is the start.
      if (!range && 'startDate' in patch) next.endDate = patch.startDate ?? null;
      return next;
    });
    setError(null);
  };
  const kind: TimeOffKind = timeOffKind(fields);
  const setKind = (next: TimeOffKind) =>
    update(
      next === 'days'
        ? { timeOffDays: fields.timeOffDays ?? 1, timeOffHours: null }
        : next === 'hours'
          ? { timeOffDays: null, timeOffHours: fields.timeOffHours ?? 1 }
          : { timeOffDays: null, timeOffHours: null },
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = requestProblem(fields, today);
    if (problem) {
      setError(problem);
      document.getElementById(`${id}-${problem.field}`)?.focus();
      return;
    }
    const body = normaliseRequest(fields);
    create.mutate(body, {
      onSuccess: () => {
        toast.success('Request sent');
        setFields(defaultRequestFields());
        onOpenChange(false);
      },
      onError: (err) => showApiError(err, 'Failed to submit request'),
    });
  };

  const errorFor = (field: keyof RequestFields) => (error?.field === field ? error.message : undefined);
  const fieldProps = (field: keyof RequestFields) => ({
    id: `${id}-${field}`,
    'aria-invalid': error?.field === field ? true : undefined,
    'aria-describedby': error?.field === field ? `${id}-${field}-error` : undefined,
  });
  const busy = create.isPending;
  const isTimeOff = fields.requestType === 'time_off';

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New request for {teamName}</DialogTitle>
          <DialogDescription>Your administrators are told at once and reply here.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Type</legend>
            <div className="inline-flex w-fit rounded-md border border-input p-0.5">
              {(['time_off', 'other'] as const).map((type) => (
                <label
                  key={type}
                  className={cn(
                    'cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    fields.requestType === type
                      ? 'bg-primary text-primary-foreground'
                      : 'text-muted-foreground hover:bg-accent',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={type}
                    checked={fields.requestType === type}
                    onChange={() => update({ requestType: type })}
                    className="sr-only"
                  />
                  {type === 'time_off' ? 'Time Off' : 'Other'}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-range`}
              checked={range}
              onCheckedChange={(checked) => {
                const on = checked === true;
                setRange(on);
                setFields((current) => setDateRange(current, on));
                setError(null);
              }}
            />
            <Label htmlFor={`${id}-range`} className="font-normal">
              More than one day
            </Label>
          </div>

          <div className={cn('grid gap-4', range && 'sm:grid-cols-2')}>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-startDate`}>{range ? 'From' : 'Date'}</Label>
              <Input
                type="date"
                min={today}
                value={fields.startDate ?? ''}
                onChange={(e) => update({ startDate: e.target.value || null })}
                {...fieldProps('startDate')}
              />
              <FieldError id={`${id}-startDate-error`} message={errorFor('startDate')} />
            </div>
            {range ? (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-endDate`}>To</Label>
                <Input
                  type="date"
                  min={fields.startDate ?? today}
                  value={fields.endDate ?? ''}
                  onChange={(e) => update({ endDate: e.target.value || null })}
                  {...fieldProps('endDate')}
                />
                <FieldError id={`${id}-endDate-error`} message={errorFor('endDate')} />
              </div>
            ) : null}
          </div>

          {isTimeOff && !range ? (
            <div className="grid gap-3">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-kind`}>Time off</Label>
                <Select
                  id={`${id}-kind`}
                  value={kind}
                  onChange={(e) => setKind(e.target.value as TimeOffKind)}
                >
                  <option value="exact">Between two times</option>
                  <option value="hours">A number of hours</option>
                  <option value="days">Part or all of the day</option>
                </Select>
              </div>
              {kind === 'exact' ? (
                <div className="grid grid-cols-3 gap-3">
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-startTime`}>Start</Label>
                    <Input
                      type="time"
                      value={fields.startTime ?? ''}
                      onChange={(e) => update({ startTime: e.target.value || null })}
                      {...fieldProps('startTime')}
                    />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-endTime`}>End</Label>
                    <Input
                      type="time"
                      value={fields.endTime ?? ''}
                      onChange={(e) => update({ endTime: e.target.value || null })}
                      {...fieldProps('endTime')}
                    />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor={`${id}-breakMinutes`}>Break (min)</Label>
                    <Input
                      type="number"
                      min={0}
                      step={5}
                      inputMode="numeric"
                      value={fields.breakMinutes || ''}
                      onChange={(e) =>
                        update({ breakMinutes: Math.max(0, Math.round(Number(e.target.value) || 0)) })
                      }
                      {...fieldProps('breakMinutes')}
                    />
                  </div>
                  <div className="col-span-3">
                    <FieldError id={`${id}-startTime-error`} message={errorFor('startTime')} />
                    <FieldError id={`${id}-endTime-error`} message={errorFor('endTime')} />
                    <FieldError id={`${id}-breakMinutes-error`} message={errorFor('breakMinutes')} />
                  </div>
                </div>
              ) : kind === 'hours' ? (
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-timeOffHours`}>Hours</Label>
                  <Input
                    type="number"
                    min={TIME_OFF_HOURS.min}
                    max={TIME_OFF_HOURS.max}
                    step={TIME_OFF_HOURS.step}
                    inputMode="decimal"
                    value={fields.timeOffHours ?? ''}
                    onChange={(e) =>
                      update({ timeOffHours: e.target.value === '' ? 0 : Number(e.target.value) })
                    }
                    {...fieldProps('timeOffHours')}
                  />
                  <FieldError id={`${id}-timeOffHours-error`} message={errorFor('timeOffHours')} />
                </div>
              ) : (
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-timeOffDays`}>Days</Label>
                  <Select
                    value={String(fields.timeOffDays ?? '')}
                    onChange={(e) => update({ timeOffDays: Number(e.target.value) })}
                    {...fieldProps('timeOffDays')}
                  >
                    {TIME_OFF_DAY_CHOICES.map((d) => (
                      <option key={d} value={d}>
                        {d === 1 ? 'The whole day' : `${d * 100}% of the day`}
                      </option>
                    ))}
                  </Select>
                  <FieldError id={`${id}-timeOffDays-error`} message={errorFor('timeOffDays')} />
                </div>
              )}
            </div>
          ) : null}
          {isTimeOff && range ? (
            <p className="text-sm text-muted-foreground">Each day of the range is a whole day off.</p>
          ) : null}

          <div className="grid gap-2">
            <div className="flex items-baseline justify-between">
              <Label htmlFor={`${id}-description`}>Details{isTimeOff ? ' (optional)' : ''}</Label>
              <span
                className={cn(
                  'text-xs tabular-nums',
                  fields.description.length > MAX_REQUEST_DETAILS
                    ? 'text-destructive'
                    : 'text-muted-foreground',
                )}
                aria-live="polite"
              >
                {fields.description.length}/{MAX_REQUEST_DETAILS}
              </span>
            </div>
            <Textarea
              rows={3}
              value={fields.description}
              onChange={(e) => update({ description: e.target.value })}
              {...fieldProps('description')}
            />
            <FieldError id={`${id}-description-error`} message={errorFor('description')} />
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4" /> : null}
              Submit Request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
