import { zodResolver } from '@hookform/resolvers/zod';
import { CreateStaffInput, MAX_ROLE_LENGTH, type StaffDto } from '@rotaboard/core/contracts/staff';
import { MAX_NAME_LENGTH } from '@rotaboard/core/contracts/users';
import { planOf } from '@rotaboard/core/plans/plan-limits';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useState } from 'react';
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
import { Spinner } from '../../../components/ui/spinner';
import { UpgradeLink } from '../../../components/upgrade-link';
import { isApiError, isPlanLimitError, isStaleHashError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/show-api-error';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { toast } from '../../../lib/toast';
import { useAddStaff, useUpdateStaff } from '../api/staff-api';
import { viewerMay } from '../utils/staff-actions';
import { StaleAlert } from './stale-alert';

type FormValues = { firstName: string; lastName: string; role: string; email: string; isAdmin: boolean };

function valuesOf(member: StaffDto | undefined): FormValues {
  return {
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    role: member?.role ?? '',
    email: member?.email ?? '',
    isAdmin: member?.isAdmin ?? false,
  };
}

type Problem = { kind: 'stale' } | { kind: 'limit'; message: string } | null;

/**
 * 'Add staff' (no `member`) or 'Edit {name}'. The 'Administrator' box is the owner's alone, and only
 * usable when the plan has administrators (Pro).
 */
export function StaffFormDialog({
  teamId,
  member,
  open,
  onOpenChange,
  viewerIsOwner,
  adminsAvailable,
}: {
  teamId: string;
  member?: StaffDto | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewerIsOwner: boolean;
  adminsAvailable: boolean;
}) {
  const queryClient = useQueryClient();
  const add = useAddStaff(teamId);
  const update = useUpdateStaff(teamId);
  const [problem, setProblem] = useState<Problem>(null);
  const [reloading, setReloading] = useState(false);
  const ids = {
    first: useId(),
    last: useId(),
    role: useId(),
    email: useId(),
    admin: useId(),
    adminHint: useId(),
    errors: useId(),
  };
  const selected = useSelectedTeam();
  const form = useForm<FormValues>({
    // Checked as the server checks it (core CreateStaffInput); the values sent are the parsed ones.
    resolver: zodResolver(CreateStaffInput) as never,
    defaultValues: valuesOf(member),
  });
  const { errors, isSubmitting } = form.formState;
  const showAdmin = viewerIsOwner && !member?.isOwner;
  // Core's permission table: only the owner changes an administrator's address (it decides who can join).
  const emailLocked = Boolean(member && !viewerMay(viewerIsOwner, 'editEmail', member));

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      form.reset(valuesOf(member));
      setProblem(null);
    }
  }, [open]);

  const latest = () =>
    queryClient
      .getQueryData(teamStaffQueryOptions(teamId).queryKey)
      ?.find((item) => item.staffId === member?.staffId);

  async function reload() {
    setReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: teamStaffQueryOptions(teamId).queryKey, exact: true });
      const fresh = latest();
      if (!fresh) {
        toast.error('This staff member is no longer on the team.');
        onOpenChange(false);
        return;
      }
      form.reset(valuesOf(fresh));
      setProblem(null);
    } catch (error) {
      showApiError(error, 'Failed to reload the staff list.');
    } finally {
      setReloading(false);
    }
  }

  const onSubmit = form.handleSubmit(async (raw) => {
    const values = CreateStaffInput.parse(raw);
    setProblem(null);
    try {
      if (member) {
        const current = latest() ?? member;
        await update.mutateAsync({
          staffId: member.staffId,
          input: {
            firstName: values.firstName,
            lastName: values.lastName,
            role: values.role,
            email: values.email,
            ...(showAdmin && adminsAvailable ? { isAdmin: values.isAdmin } : {}),
            hash: current.hash,
          },
        });
        toast.success('Staff member updated');
      } else {
        await add.mutateAsync({
          firstName: values.firstName,
          lastName: values.lastName,
          role: values.role,
          email: values.email,
          ...(showAdmin && adminsAvailable ? { isAdmin: values.isAdmin } : {}),
        });
        toast.success('Staff member added');
      }
      onOpenChange(false);
    } catch (error) {
      if (isStaleHashError(error)) setProblem({ kind: 'stale' });
      else if (isPlanLimitError(error)) setProblem({ kind: 'limit', message: error.message });
      else if (isApiError(error) && error.status === 409) {
        form.setError('email', { message: error.message }, { shouldFocus: true });
      } else {
        showApiError(
          error,
          member ? 'Failed to update the staff member.' : 'Failed to add the staff member.',
        );
      }
    }
  });

  const field = (key: keyof FormValues) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${ids.errors}-${key}` : undefined,
  });
  const limitHint =
    problem?.kind === 'limit' && !/\bPro\b/.test(problem.message)
      ? `Upgrading to Pro lifts this limit: up to ${planOf('pro').staffPerTeam} staff per team.`
      : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{member ? `Edit ${member.fullName}` : 'Add staff'}</DialogTitle>
          <DialogDescription>
            {member
              ? 'Change their details on the staff list.'
              : 'Add someone to the staff list. You can invite them by email later.'}
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          {problem?.kind === 'stale' ? <StaleAlert onReload={reload} reloading={reloading} /> : null}
          {problem?.kind === 'limit' ? (
            <Alert variant="warning" role="alert">
              <AlertDescription>
                <p>{problem.message}</p>
                {limitHint ? <p className="mt-1">{limitHint}</p> : null}
                <UpgradeLink forOwner={selected.isOwner} />
              </AlertDescription>
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.first}>First name</Label>
              <Input
                id={ids.first}
                autoComplete="off"
                maxLength={MAX_NAME_LENGTH}
                aria-required="true"
                {...field('firstName')}
                {...form.register('firstName')}
              />
              <FieldError id={`${ids.errors}-firstName`} message={errors.firstName?.message} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.last}>Last name</Label>
              <Input
                id={ids.last}
                autoComplete="off"
                maxLength={MAX_NAME_LENGTH}
                {...field('lastName')}
                {...form.register('lastName')}
              />
              <FieldError id={`${ids.errors}-lastName`} message={errors.lastName?.message} />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.role}>Role</Label>
            <Input
              id={ids.role}
              autoComplete="off"
              placeholder="e.g. Barista"
              maxLength={MAX_ROLE_LENGTH}
              {...field('role')}
              {...form.register('role')}
            />
            <FieldError id={`${ids.errors}-role`} message={errors.role?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.email}>
              Email <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id={ids.email}
              type="email"
              autoComplete="off"
              inputMode="email"
              readOnly={emailLocked}
              {...field('email')}
              {...form.register('email')}
            />
            {emailLocked ? (
              <p className="text-muted-foreground text-xs">
                Only the team owner can change {member?.isOwner ? 'the owner’s' : 'an administrator’s'} email
                address.
              </p>
            ) : null}
            <FieldError id={`${ids.errors}-email`} message={errors.email?.message} />
          </div>
          {showAdmin ? (
            <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/40 p-3">
              <Controller
                control={form.control}
                name="isAdmin"
                render={({ field: checkbox }) => (
                  <Checkbox
                    id={ids.admin}
                    ref={checkbox.ref}
                    checked={adminsAvailable ? checkbox.value : false}
                    onCheckedChange={(checked) => checkbox.onChange(checked === true)}
                    disabled={!adminsAvailable}
                    aria-describedby={ids.adminHint}
                    className="mt-0.5"
                  />
                )}
              />
              <div className="space-y-1">
                <Label htmlFor={ids.admin} className={adminsAvailable ? undefined : 'opacity-60'}>
                  Administrator
                </Label>
                <p id={ids.adminHint} className="text-xs text-muted-foreground">
                  {adminsAvailable
                    ? 'Administrators can manage the staff list and build schedules.'
                    : `Administrators are a Pro feature. Pro allows up to ${planOf('pro').extraAdminsPerTeam} per team.`}
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
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
