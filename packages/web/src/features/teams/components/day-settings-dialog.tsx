import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
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
import { Switch } from '../../../components/ui/switch';
import { errorMessage, isApiError } from '../../../lib/api-client';
import {
  type DaySettingsErrors,
  type DaySettingsFields,
  type DaySettingsNumberField,
  daySettingsFieldsOf,
  daySettingsFromFields,
  daySettingsServerErrors,
} from '../../../lib/day-settings-form';
import { showApiError } from '../../../lib/show-api-error';
import { daySettingsQueryOptions, useSaveDaySettings } from '../../../lib/time-clock-api';
import { toast } from '../../../lib/toast';

const LABELS: Record<DaySettingsNumberField, { label: string; hint: string }> = {
  clockInEarlyMinutes: {
    label: 'Clock in early (minutes)',
    hint: 'How long before a shift starts a clock-in counts for it.',
  },
  lateAfterMinutes: {
    label: 'Late after (minutes)',
    hint: 'How long after a shift starts with no clock-in before you are told.',
  },
  sickCoverOffers: {
    label: 'Colleagues offered a sick call',
    hint: 'How many of the best-fitting colleagues are offered a shift when someone calls in sick.',
  },
};

/**
 * The team's day settings (issue 44; owner and administrators, Pro), beside Labour cost: the time
 * clock's window, when a missing clock-in is late, and how a sick call's cover is offered. The server's
 * bounds and words: a refusal is shown under the field it names.
 */
export function DaySettingsDialog({
  team,
  open,
  onOpenChange,
}: {
  team: TeamDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useQuery({ ...daySettingsQueryOptions(team.teamId), enabled: open });
  const save = useSaveDaySettings(team.teamId);
  const [fields, setFields] = useState<DaySettingsFields>({
    clockInEarlyMinutes: '',
    lateAfterMinutes: '',
    sickCoverOffers: '',
    autoApproveSickCover: true,
  });
  const [errors, setErrors] = useState<DaySettingsErrors>({});
  const base = useId();

  useEffect(() => {
    if (open && query.data) setFields(daySettingsFieldsOf(query.data));
    if (open) setErrors({});
  }, [open, query.data]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = daySettingsFromFields(fields);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.settings);
      toast.success('Day settings saved');
      onOpenChange(false);
    } catch (error) {
      const shown = daySettingsServerErrors(
        isApiError(error) && error.status === 400 ? (error.errors ?? []) : [],
      );
      if (Object.keys(shown).length > 0) setErrors(shown);
      else showApiError(error, 'Failed to save the day settings.');
    }
  }

  const number = (field: DaySettingsNumberField) => {
    const id = `${base}-${field}`;
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    return (
      <div className="space-y-2" key={field}>
        <Label htmlFor={id}>{LABELS[field].label}</Label>
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={fields[field]}
          onChange={(event) => {
            setFields((current) => ({ ...current, [field]: event.target.value }));
            setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
          }}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={[errors[field] ? errorId : null, hintId].filter(Boolean).join(' ')}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {LABELS[field].hint}
        </p>
        <FieldError id={errorId} message={errors[field]} />
      </div>
    );
  };
  const autoId = `${base}-auto`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Day settings for {team.teamName}</DialogTitle>
          <DialogDescription>
            The time clock, lateness alerts and how sick calls are covered, on the team's clocks.
          </DialogDescription>
        </DialogHeader>
        {query.isPending && open ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading day settings…" />
          </div>
        ) : query.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>
              {errorMessage(query.error, 'Failed to load the day settings.')}
            </AlertDescription>
          </Alert>
        ) : (
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            {number('clockInEarlyMinutes')}
            {number('lateAfterMinutes')}
            {number('sickCoverOffers')}
            <div className="space-y-1">
              <div className="flex items-center justify-between gap-3">
                <Label htmlFor={autoId}>Give a sick call's shift to the first to claim it</Label>
                <Switch
                  id={autoId}
                  checked={fields.autoApproveSickCover}
                  onCheckedChange={(checked) =>
                    setFields((current) => ({ ...current, autoApproveSickCover: checked }))
                  }
                />
              </div>
              <p className="text-xs text-muted-foreground">
                Off: a claim waits for an administrator to approve it.
              </p>
              <FieldError id={`${autoId}-error`} message={errors.autoApproveSickCover} />
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
        )}
      </DialogContent>
    </Dialog>
  );
}
