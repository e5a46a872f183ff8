import { zodResolver } from '@hookform/resolvers/zod';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { UpdateWeeklyHoursInput, type WeeklyHoursEntryDto } from '@rotaboard/core/contracts/weekly-hours';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/show-api-error';
import { teamToday, useTeamTimeZone } from '../../../lib/team-today';
import { toast } from '../../../lib/toast';
import {
  useAddWeeklyHours,
  useDeleteWeeklyHours,
  useUpdateWeeklyHours,
  weeklyHoursQueryOptions,
} from '../api/staff-api';
import { describeWeeklyHours, sortWeeklyHours, weeklyHoursLabel } from '../utils/weekly-hours';

type FormValues = { hoursPerWeek: number; effectiveFrom: string };

/** The entry in force today: the latest starting on or before it. */
function currentEntryId(entries: readonly WeeklyHoursEntryDto[], today: string): string | null {
  let best: WeeklyHoursEntryDto | null = null;
  for (const entry of entries) {
    if (entry.effectiveFrom <= today && (!best || entry.effectiveFrom > best.effectiveFrom)) best = entry;
  }
  return best?.entryId ?? null;
}

/** Contracted hours per week over time: each entry applies from its date until the next one. */
export function WeeklyHoursDialog({
  teamId,
  member,
  open,
  onOpenChange,
}: {
  teamId: string;
  member: StaffDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // The team's today (issue 41): the server checks leaving dates and hours against its zone.
  const today = teamToday(useTeamTimeZone(teamId));
  const query = useQuery({ ...weeklyHoursQueryOptions(teamId, member.staffId), enabled: open });
  const add = useAddWeeklyHours(teamId, member.staffId);
  const update = useUpdateWeeklyHours(teamId, member.staffId);
  const remove = useDeleteWeeklyHours(teamId, member.staffId);
  const [editing, setEditing] = useState<WeeklyHoursEntryDto | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const ids = { hours: useId(), from: useId(), errors: useId(), formTitle: useId() };
  const blank: FormValues = { hoursPerWeek: Number.NaN, effectiveFrom: today };
  const form = useForm<FormValues>({
    resolver: zodResolver(UpdateWeeklyHoursInput),
    defaultValues: blank,
  });
  const { errors, isSubmitting } = form.formState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      setEditing(null);
      form.reset(blank);
    }
  }, [open]);

  function startEdit(entry: WeeklyHoursEntryDto) {
    setEditing(entry);
    form.reset({ hoursPerWeek: entry.hoursPerWeek, effectiveFrom: entry.effectiveFrom });
    form.setFocus('hoursPerWeek');
  }

  function stopEdit() {
    setEditing(null);
    form.reset(blank);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (editing) {
        await update.mutateAsync({ entryId: editing.entryId, input: values });
        toast.success('Weekly hours updated');
        stopEdit();
      } else {
        await add.mutateAsync({ staffId: member.staffId, ...values });
        toast.success('Weekly hours added');
        form.reset(blank);
      }
    } catch (error) {
      // An entry on that date already exists (409): the date is the field to change.
      if (isApiError(error) && error.status === 409) {
        form.setError('effectiveFrom', { message: error.message }, { shouldFocus: true });
      } else {
        showApiError(error, 'Failed to save the weekly hours.');
      }
    }
  });

  async function deleteEntry(entry: WeeklyHoursEntryDto) {
    setDeletingId(entry.entryId);
    try {
      await remove.mutateAsync(entry.entryId);
      if (editing?.entryId === entry.entryId) stopEdit();
      toast.success('Weekly hours deleted');
    } catch (error) {
      showApiError(error, 'Failed to delete the weekly hours.');
    } finally {
      setDeletingId(null);
    }
  }

  const entries = sortWeeklyHours(query.data ?? []);
  const currentId = currentEntryId(entries, today);
  const describedBy = (key: keyof FormValues) => (errors[key] ? `${ids.errors}-${key}` : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Weekly hours for {member.fullName}</DialogTitle>
          <DialogDescription>
            Contracted hours per week. Each entry applies from its date until the next one.
          </DialogDescription>
        </DialogHeader>

        {query.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading weekly hours…" />
          </div>
        ) : query.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>
              {errorMessage(query.error, 'Failed to load the weekly hours.')}
            </AlertDescription>
          </Alert>
        ) : entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            No weekly hours yet.
          </p>
        ) : (
          <ul
            aria-label="Weekly hours entries"
            className="divide-y divide-border rounded-lg border border-border"
          >
            {entries.map((entry) => {
              const text = describeWeeklyHours(entry);
              return (
                <li
                  key={entry.entryId}
                  className={
                    editing?.entryId === entry.entryId
                      ? 'flex items-center gap-2 bg-highlight px-3 py-2'
                      : 'flex items-center gap-2 px-3 py-2'
                  }
                >
                  <span className="min-w-0 flex-1 text-sm">
                    {text}
                    {entry.entryId === currentId ? (
                      <Badge variant="success" className="ml-2 align-middle">
                        Current
                      </Badge>
                    ) : null}
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Edit ${weeklyHoursLabel(entry)}`}
                    onClick={() => startEdit(entry)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                    aria-label={`Delete ${weeklyHoursLabel(entry)}`}
                    onClick={() => deleteEntry(entry)}
                    disabled={deletingId === entry.entryId}
                  >
                    {deletingId === entry.entryId ? (
                      <Spinner className="text-current [&_svg]:size-4" />
                    ) : (
                      <Trash2 aria-hidden="true" />
                    )}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}

        <form
          className="space-y-3 rounded-lg border border-border bg-muted/40 p-4"
          onSubmit={onSubmit}
          noValidate
          aria-labelledby={ids.formTitle}
        >
          <h3 id={ids.formTitle} className="text-sm font-semibold">
            {editing ? `Change ${describeWeeklyHours(editing)}` : 'Add hours'}
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.hours}>Hours per week</Label>
              <Input
                id={ids.hours}
                type="number"
                inputMode="decimal"
                step={0.25}
                min={0}
                max={168}
                aria-invalid={errors.hoursPerWeek ? true : undefined}
                aria-describedby={describedBy('hoursPerWeek')}
                {...form.register('hoursPerWeek', { valueAsNumber: true })}
              />
              <FieldError id={`${ids.errors}-hoursPerWeek`} message={errors.hoursPerWeek?.message} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.from}>From</Label>
              <Input
                id={ids.from}
                type="date"
                aria-invalid={errors.effectiveFrom ? true : undefined}
                aria-describedby={describedBy('effectiveFrom')}
                {...form.register('effectiveFrom')}
              />
              <FieldError id={`${ids.errors}-effectiveFrom`} message={errors.effectiveFrom?.message} />
            </div>
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="text-current [&_svg]:size-4" /> : null}
              {editing ? 'Save' : 'Add'}
            </Button>
            {editing ? (
              <Button type="button" variant="outline" onClick={stopEdit}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
