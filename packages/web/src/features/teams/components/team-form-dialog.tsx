import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_WEEK_START_DAY,
  MAX_TEAM_NAME_LENGTH,
  type TeamDto,
  TimeZone,
  UpdateTeamInput,
} from '@rotaboard/core/contracts/teams';
import { WEEKDAY_NAMES } from '@rotaboard/core/dates/week';
import { planAllows, planOf } from '@rotaboard/core/plans/plan-limits';
import { teamNameOrDefault } from '@rotaboard/core/teams/default-team-name';
import { DEFAULT_TIME_ZONE } from '@rotaboard/core/time/clock';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { Switch } from '../../../components/ui/switch';
import { UpgradeLink } from '../../../components/upgrade-link';
import { isApiError, isPlanLimitError, isStaleHashError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { browserTimeZone } from '../../../lib/region';
import { showApiError } from '../../../lib/show-api-error';
import { setSelectedTeamId, teamsQueryOptions } from '../../../lib/teams';
import { toast } from '../../../lib/toast';
import { useCreateTeam, useUpdateTeam } from '../api/team-mutations';
import { CurrencyInput } from './currency-input';
import { TimeZoneInput } from './time-zone-input';

export const STALE_TEAM_TEXT = 'This team was changed by someone else. Reload to see the latest version.';

// The edit form checks what the server checks (core UpdateTeamInput); a new team's name may be blank.
const EditTeamForm = UpdateTeamInput.pick({ teamName: true, weekStartDay: true }).extend({
  timeZone: TimeZone,
  ownerInStaffList: z.boolean(),
  // Blank on a new team: the server's default (the owner's billing currency, else their region's).
  currency: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, 'Enter a three-letter code such as GBP'),
  ]),
  scheduleAgentEnabled: z.boolean(),
});
const NewTeamForm = EditTeamForm.extend({
  teamName: z
    .string()
    .trim()
    .max(MAX_TEAM_NAME_LENGTH, `Team name can be at most ${MAX_TEAM_NAME_LENGTH} characters`),
});
type TeamFormValues = z.infer<typeof EditTeamForm>;
type TeamFormField = keyof TeamFormValues;
// Every field of the form, which a 400 may name.
const FORM_FIELDS = Object.keys(EditTeamForm.shape) as readonly TeamFormField[];

function valuesOf(team: TeamDto | undefined): TeamFormValues {
  return team
    ? {
        teamName: team.teamName,
        weekStartDay: team.weekStartDay,
        timeZone: team.timeZone,
        ownerInStaffList: team.ownerInStaffList,
        currency: team.currency,
        scheduleAgentEnabled: team.scheduleAgentEnabled,
      }
    : {
        teamName: '',
        weekStartDay: DEFAULT_WEEK_START_DAY,
        // A new team's clocks are the browser's unless the owner says otherwise (issue 41).
        timeZone: browserTimeZone() ?? DEFAULT_TIME_ZONE,
        ownerInStaffList: true,
        currency: '',
        scheduleAgentEnabled: true,
      };
}

type Problem = { kind: 'stale' } | { kind: 'limit'; message: string } | null;

/**
 * 'New team' (no `team`) or 'Edit team'. Only the owner sees 'Include me in the staff list' when
 * editing; a stale edit (409) is explained and offers to reload the team.
 */
export function TeamFormDialog({
  open,
  onOpenChange,
  team,
  isOwner,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  team?: TeamDto;
  isOwner: boolean;
}) {
  const editing = Boolean(team);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const [problem, setProblem] = useState<Problem>(null);
  const [reloading, setReloading] = useState(false);
  const ids = {
    name: useId(),
    nameError: useId(),
    day: useId(),
    zone: useId(),
    zoneHint: useId(),
    zoneError: useId(),
    include: useId(),
    includeHint: useId(),
    currency: useId(),
    currencyHint: useId(),
    currencyError: useId(),
    agent: useId(),
  };
  const form = useForm<TeamFormValues>({
    resolver: zodResolver(editing ? EditTeamForm : NewTeamForm),
    defaultValues: valuesOf(team),
  });
  const { errors, isSubmitting } = form.formState;

  // Each opening starts from the team as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      form.reset(valuesOf(team));
      setProblem(null);
    }
  }, [open]);

  async function reload() {
    if (!team) return;
    setReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: teamsQueryOptions().queryKey });
      const latest = queryClient
        .getQueryData(teamsQueryOptions().queryKey)
        ?.find((item) => item.teamId === team.teamId);
      if (!latest) {
        toast.error('This team no longer exists.');
        onOpenChange(false);
        return;
      }
      form.reset(valuesOf(latest));
      setProblem(null);
    } catch (error) {
      showApiError(error, 'Failed to reload the team.');
    } finally {
      setReloading(false);
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      if (team) {
        // The hash is the one of the latest copy we hold (a reload refreshes it).
        const current =
          queryClient
            .getQueryData(teamsQueryOptions().queryKey)
            ?.find((item) => item.teamId === team.teamId) ?? team;
        await update.mutateAsync({
          teamId: team.teamId,
          input: {
            teamName: values.teamName,
            weekStartDay: values.weekStartDay,
            timeZone: values.timeZone,
            ...(isOwner ? { ownerInStaffList: values.ownerInStaffList } : {}),
            ...(values.currency ? { currency: values.currency.toUpperCase() } : {}),
            ...(agentShown ? { scheduleAgentEnabled: values.scheduleAgentEnabled } : {}),
            hash: current.hash,
          },
        });
        toast.success('Team updated');
      } else {
        const created = await create.mutateAsync({
          teamName: values.teamName || null,
          weekStartDay: values.weekStartDay,
          timeZone: values.timeZone,
          ownerInStaffList: values.ownerInStaffList,
          ...(values.currency ? { currency: values.currency.toUpperCase() } : {}),
        });
        setSelectedTeamId(created.teamId);
        toast.success('Team created');
      }
      onOpenChange(false);
    } catch (error) {
      if (isStaleHashError(error)) setProblem({ kind: 'stale' });
      else if (isPlanLimitError(error)) setProblem({ kind: 'limit', message: error.message });
      else if (fieldErrorsShown(error)) return;
      else showApiError(error, editing ? 'Failed to update the team.' : 'Failed to create the team.');
    }
  });

  /** A 400 naming fields of this form (an unknown time zone): said under each, as the form's own checks are. */
  function fieldErrorsShown(error: unknown): boolean {
    if (!isApiError(error) || error.status !== 400 || !error.errors) return false;
    let shown = false;
    for (const { path, message } of error.errors) {
      const field = FORM_FIELDS.find((name) => name === path);
      if (field) {
        form.setError(field, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
    }
    return shown;
  }

  const limitHint =
    problem?.kind === 'limit' && !/\bPro\b/.test(problem.message)
      ? `Upgrading to Pro lifts this limit: up to ${planOf('pro').ownedTeams} teams.`
      : null;
  const showInclude = !editing || isOwner;
  // The agent is Pro (the staffing rules' feature); a new team keeps the server's default, on.
  const agentShown = Boolean(team && planAllows(team.ownerSubscriptionTier, 'staffingRules'));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit team' : 'New team'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Change the name, the day each week starts on, the time zone and the currency.'
              : 'A team has its own staff list and schedule.'}
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          {problem?.kind === 'stale' ? (
            <Alert variant="warning" role="alert">
              <AlertDescription className="flex flex-col gap-3">
                <p>{STALE_TEAM_TEXT}</p>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="self-start"
                  onClick={reload}
                  disabled={reloading}
                >
                  {reloading ? <Spinner className="text-current [&_svg]:size-4" /> : null}
                  Reload
                </Button>
              </AlertDescription>
            </Alert>
          ) : null}
          {problem?.kind === 'limit' ? (
            <Alert variant="warning" role="alert">
              <AlertDescription>
                <p>{problem.message}</p>
                {limitHint ? <p className="mt-1">{limitHint}</p> : null}
                <UpgradeLink forOwner={!editing || isOwner} />
              </AlertDescription>
            </Alert>
          ) : null}
          <div className="space-y-2">
            <Label htmlFor={ids.name}>
              Team name
              {editing ? null : <span className="font-normal text-muted-foreground"> (optional)</span>}
            </Label>
            <Input
              id={ids.name}
              autoComplete="organization"
              maxLength={MAX_TEAM_NAME_LENGTH}
              placeholder={editing ? undefined : teamNameOrDefault(null, user?.firstName)}
              aria-invalid={errors.teamName ? true : undefined}
              aria-describedby={errors.teamName ? ids.nameError : undefined}
              {...form.register('teamName')}
            />
            <FieldError id={ids.nameError} message={errors.teamName?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.day}>Week starts on</Label>
            <Controller
              control={form.control}
              name="weekStartDay"
              render={({ field }) => (
                <Select
                  id={ids.day}
                  name={field.name}
                  ref={field.ref}
                  value={String(field.value)}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                >
                  {WEEKDAY_NAMES.map((name, index) => (
                    <option key={name} value={index}>
                      {name}
                    </option>
                  ))}
                </Select>
              )}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.zone}>Time zone</Label>
            <TimeZoneInput
              id={ids.zone}
              current={team?.timeZone}
              aria-invalid={errors.timeZone ? true : undefined}
              aria-describedby={errors.timeZone ? `${ids.zoneError} ${ids.zoneHint}` : ids.zoneHint}
              {...form.register('timeZone')}
            />
            <FieldError id={ids.zoneError} message={errors.timeZone?.message} />
            <p id={ids.zoneHint} className="text-xs text-muted-foreground">
              Shift times are the clocks there, and the schedule's "today" is that place's today.
            </p>
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.currency}>Currency</Label>
            <CurrencyInput
              id={ids.currency}
              placeholder={editing ? undefined : 'Your region’s'}
              aria-invalid={errors.currency ? true : undefined}
              aria-describedby={
                errors.currency ? `${ids.currencyError} ${ids.currencyHint}` : ids.currencyHint
              }
              {...form.register('currency')}
            />
            <FieldError id={ids.currencyError} message={errors.currency?.message} />
            <p id={ids.currencyHint} className="text-xs text-muted-foreground">
              Pay rates, the weekly budget and labour cost are in this currency (a code such as GBP, EUR or
              USD).
            </p>
          </div>
          {agentShown ? (
            <div className="flex items-center justify-between gap-3 rounded-lg border border-border bg-muted/40 p-3">
              <Label htmlFor={ids.agent}>Schedule agent: let Fill propose shifts for open cover</Label>
              <Controller
                control={form.control}
                name="scheduleAgentEnabled"
                render={({ field }) => (
                  <Switch
                    id={ids.agent}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
            </div>
          ) : null}
          {showInclude ? (
            <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/40 p-3">
              <Controller
                control={form.control}
                name="ownerInStaffList"
                render={({ field }) => (
                  <Checkbox
                    id={ids.include}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    aria-describedby={ids.includeHint}
                    className="mt-0.5"
                  />
                )}
              />
              <div className="space-y-1">
                <Label htmlFor={ids.include}>Include me in the staff list</Label>
                <p id={ids.includeHint} className="text-xs text-muted-foreground">
                  Turn this off if you manage the rota but don't work shifts yourself.
                </p>
              </div>
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="text-current [&_svg]:size-4" /> : null}
              {editing ? 'Save changes' : 'Create team'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
