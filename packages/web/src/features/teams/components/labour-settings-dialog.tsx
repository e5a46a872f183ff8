import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { DEFAULT_OVERTIME_MULTIPLIER } from '@rotaboard/core/labour/money';
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
import { errorMessage, isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { labourSettingsQueryOptions, useSaveLabourSettings } from '../api/labour-settings-api';
import {
  fieldsOf,
  type LabourSettingsErrors,
  type LabourSettingsFields,
  settingsFromFields,
} from '../utils/labour-settings-form';

/** Which form field a 400 from the server names. */
const SERVER_FIELDS: Record<string, keyof LabourSettingsFields> = {
  weeklyBudgetMinor: 'budget',
  overtimeAfterMinutes: 'overtimeAfterHours',
  overtimeMultiplier: 'multiplier',
};

/**
 * The team's labour settings (issue 43; owner and administrators, Pro), beside the team's other
 * settings as Deputy and RotaCloud keep them: the weekly budget the schedule's cost bar measures
 * against, and overtime (paid hours in a team week past a threshold, at a multiple of the rate).
 */
export function LabourSettingsDialog({
  team,
  open,
  onOpenChange,
}: {
  team: TeamDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { currency } = team;
  const query = useQuery({ ...labourSettingsQueryOptions(team.teamId), enabled: open });
  const save = useSaveLabourSettings(team.teamId);
  const blank = { budget: '', overtimeAfterHours: '', multiplier: String(DEFAULT_OVERTIME_MULTIPLIER) };
  const [fields, setFields] = useState<LabourSettingsFields>(blank);
  const [errors, setErrors] = useState<LabourSettingsErrors>({});
  const ids = { budget: useId(), after: useId(), multiplier: useId(), errors: useId() };

  // Each opening starts from the settings as saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened or first read
  useEffect(() => {
    if (open && query.data) setFields(fieldsOf(query.data, currency));
    if (open) setErrors({});
  }, [open, query.data]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = settingsFromFields(fields, currency);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.settings);
      toast.success('Labour settings saved');
      onOpenChange(false);
    } catch (error) {
      const named = isApiError(error) && error.status === 400 ? (error.errors ?? []) : [];
      const shown: LabourSettingsErrors = {};
      for (const { path, message } of named) {
        const field = SERVER_FIELDS[path];
        if (field) shown[field] = message;
      }
      if (Object.keys(shown).length > 0) setErrors(shown);
      else showApiError(error, 'Failed to save the labour settings.');
    }
  }

  const set = (key: keyof LabourSettingsFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));
  const describedBy = (key: keyof LabourSettingsFields, hint?: string) =>
    [errors[key] ? `${ids.errors}-${key}` : null, hint ?? null].filter(Boolean).join(' ') || undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Labour cost for {team.teamName}</DialogTitle>
          <DialogDescription>
            The weekly budget the schedule measures its cost against, and when overtime starts. Amounts in{' '}
            {currency}; pay rates are set per person on the Staff page.
          </DialogDescription>
        </DialogHeader>
        {query.isPending && open ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading labour settings…" />
          </div>
        ) : query.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>
              {errorMessage(query.error, 'Failed to load the labour settings.')}
            </AlertDescription>
          </Alert>
        ) : (
          <form className="space-y-4" onSubmit={onSubmit} noValidate>
            <div className="space-y-2">
              <Label htmlFor={ids.budget}>
                Weekly budget ({currency})
                <span className="font-normal text-muted-foreground"> (optional)</span>
              </Label>
              <Input
                id={ids.budget}
                inputMode="decimal"
                autoComplete="off"
                placeholder="No budget"
                value={fields.budget}
                onChange={set('budget')}
                aria-invalid={errors.budget ? true : undefined}
                aria-describedby={describedBy('budget')}
              />
              <FieldError id={`${ids.errors}-budget`} message={errors.budget} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor={ids.after}>
                  Overtime after (hours a week)
                  <span className="font-normal text-muted-foreground"> (optional)</span>
                </Label>
                <Input
                  id={ids.after}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="No overtime"
                  value={fields.overtimeAfterHours}
                  onChange={set('overtimeAfterHours')}
                  aria-invalid={errors.overtimeAfterHours ? true : undefined}
                  aria-describedby={describedBy('overtimeAfterHours')}
                />
                <FieldError id={`${ids.errors}-overtimeAfterHours`} message={errors.overtimeAfterHours} />
              </div>
              <div className="space-y-2">
                <Label htmlFor={ids.multiplier}>Overtime rate (× pay)</Label>
                <Input
                  id={ids.multiplier}
                  inputMode="decimal"
                  autoComplete="off"
                  value={fields.multiplier}
                  onChange={set('multiplier')}
                  aria-invalid={errors.multiplier ? true : undefined}
                  aria-describedby={describedBy('multiplier')}
                />
                <FieldError id={`${ids.errors}-multiplier`} message={errors.multiplier} />
              </div>
            </div>
            <p className="text-xs text-muted-foreground">
              A person's paid hours in one team week beyond the threshold, counted in time order, cost the
              overtime rate times their pay.
            </p>
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
