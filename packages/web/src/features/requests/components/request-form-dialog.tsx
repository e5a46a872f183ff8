import { zodResolver } from '@hookform/resolvers/zod';
import { RequestInput } from '@rotaboard/core/contracts/requests';
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
import { useId, useLayoutEffect, useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { teamToday } from '../../../lib/team-today';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useCreateRequest } from '../api/requests';

/**
 * The form's schema for the zod resolver: core's RequestInput (what the server parses), then the
 * rule the server checks against its own today (not in the past); out comes the body to send, with
 * only the chosen kind of time off's fields (normaliseRequest).
 */
function requestFormSchema(today: string) {
  return z.custom<RequestFields>().transform((fields, ctx): RequestFields => {
    const parsed = RequestInput.safeParse(fields);
    const problems = parsed.success
      ? [requestProblem(fields, today)].filter((problem) => problem !== null)
      : parsed.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? 'description'),
          message: issue.message,
        }));
    if (problems.length === 0) return normaliseRequest(fields);
    for (const { field, message } of problems) ctx.addIssue({ code: 'custom', message, path: [field] });
    return z.NEVER;
  });
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
  timeZone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string;
  teamName: string;
  /** The team's zone: the earliest date a request may ask for is the team's today, as the server checks. */
  timeZone: string;
}) {
  const id = useId();
  const [range, setRange] = useState(false);
  const create = useCreateRequest(teamId);
  const today = teamToday(timeZone);
  const schema = useMemo(() => requestFormSchema(today), [today]);
  const form = useForm<RequestFields, unknown, RequestFields>({
    resolver: zodResolver(schema),
    defaultValues: defaultRequestFields(),
  });
  // The inputs are controlled (dates and numbers are converted as typed): every change redraws.
  const fields = form.watch();
  const { errors } = form.formState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (!open) return;
    form.reset(defaultRequestFields());
    setRange(false);
  }, [open]);

  const setFields = (next: RequestFields) => {
    for (const key of Object.keys(next) as (keyof RequestFields)[]) {
      if (next[key] !== fields[key]) form.setValue(key, next[key] as never, { shouldDirty: true });
    }
    // A problem shown is about what was sent: any change puts it away until the next submit.
    form.clearErrors();
  };
  const update = (patch: Partial<RequestFields>) => {
    const next = { ...fields, ...patch };
    // A single date: the end is the start.
    if (!range && 'startDate' in patch) next.endDate = patch.startDate ?? null;
    setFields(next);
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

  // The inputs are not registered (they are controlled), so focus goes to the first problem here.
  const focusProblem = (problems: FieldErrors<RequestFields>) => {
    const first = (Object.keys(fields) as (keyof RequestFields)[]).find((key) => problems[key]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  const submit = form.handleSubmit(
    (body) =>
      new Promise<void>((resolve) => {
        create.mutate(body, {
          onSuccess: () => {
            toast.success('Request sent');
            form.reset(defaultRequestFields());
            onOpenChange(false);
          },
          onError: (err) => showApiError(err, 'Failed to submit request'),
          onSettled: () => resolve(),
        });
      }),
    focusProblem,
  );

  const errorFor = (field: keyof RequestFields) => errors[field]?.message;
  const fieldProps = (field: keyof RequestFields) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
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
                setFields(setDateRange(fields, on));
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
