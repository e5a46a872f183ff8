import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { planAllows, planOf } from '@rotaboard/core/plans/plan-limits';
import { matchesStaffSearch } from '@rotaboard/core/staff/staff-rules';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { SearchBox } from '../../../components/search-box';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { showApiError } from '../../../lib/show-api-error';
import { readStorage, removeStorage } from '../../../lib/storage';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { toast } from '../../../lib/toast';
import {
  staffLimitsQueryOptions,
  useCancelLeaving,
  useReorderStaff,
  useResendInvite,
  useRevokeInvite,
  useUpdateStaff,
} from '../api/staff-api';
import { AvailabilityDialog } from '../components/availability-dialog';
import { InviteDialog } from '../components/invite-dialog';
import { PayRatesDialog } from '../components/pay-rates-dialog';
import { RemoveAccessDialog } from '../components/remove-access-dialog';
import { RemoveStaffDialog } from '../components/remove-staff-dialog';
import { StaffFormDialog } from '../components/staff-form-dialog';
import { StaffList } from '../components/staff-list';
import { StaffWelcomeAlert } from '../components/staff-welcome-alert';
import { WeeklyHoursDialog } from '../components/weekly-hours-dialog';
import type { StaffAction } from '../utils/staff-actions';

type DialogKind =
  | 'add'
  | 'edit'
  | 'invite'
  | 'removeAccess'
  | 'remove'
  | 'weeklyHours'
  | 'availability'
  | 'payRates';

export function StaffPage() {
  const { team, isLoading: teamLoading, isOwner } = useSelectedTeam();
  const teamId = team?.teamId ?? '';
  const queryClient = useQueryClient();
  const [showWelcome, setShowWelcome] = useState(
    () => readStorage(STORAGE_KEYS.showStaffWelcomeAlert) === 'true',
  );
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  // The member a dialog is about; kept while the dialog closes.
  const [subject, setSubject] = useState<StaffDto | null>(null);
  const staffQuery = useQuery({ ...teamStaffQueryOptions(teamId), enabled: Boolean(team) });
  const limitsQuery = useQuery({ ...staffLimitsQueryOptions(teamId), enabled: Boolean(team) });
  const reorder = useReorderStaff(teamId);
  const update = useUpdateStaff(teamId);
  const resend = useResendInvite(teamId);
  const revoke = useRevokeInvite(teamId);
  const cancelLeaving = useCancelLeaving(teamId);

  const tier = limitsQuery.data?.tier ?? team?.ownerSubscriptionTier ?? 'free';
  const adminsAvailable = planOf(tier).extraAdminsPerTeam > 0;
  // Labour cost is Pro (issue 43): the menu offers pay rates, and the week's "No pay rate: Sam"
  // links here with ?payRates=<staffId> to open that person's rates.
  const payRatesAvailable = planAllows(tier, 'labourCost');
  const [searchParams, setSearchParams] = useSearchParams();
  const payRatesFor = searchParams.get('payRates');
  // biome-ignore lint/correctness/useExhaustiveDependencies: openDialog only sets state
  useEffect(() => {
    if (!payRatesFor || !payRatesAvailable) return;
    const member = staffQuery.data?.find((m) => m.staffId === payRatesFor);
    if (!member) return;
    openDialog('payRates', member);
    setSearchParams(
      (params) => {
        params.delete('payRates');
        return params;
      },
      { replace: true },
    );
  }, [payRatesFor, payRatesAvailable, staffQuery.data, setSearchParams]);
  const reloadStaff = () =>
    void queryClient.refetchQueries({ queryKey: teamStaffQueryOptions(teamId).queryKey });

  function dismissWelcome() {
    removeStorage(STORAGE_KEYS.showStaffWelcomeAlert);
    setShowWelcome(false);
  }

  function openDialog(kind: DialogKind, member: StaffDto | null = null) {
    setSubject(member);
    setDialog(kind);
  }
  const onOpenChange = (open: boolean) => {
    if (!open) setDialog(null);
  };

  async function toggleAdmin(member: StaffDto) {
    const makeAdmin = !member.isAdmin;
    try {
      await update.mutateAsync({
        staffId: member.staffId,
        input: {
          firstName: member.firstName,
          lastName: member.lastName,
          role: member.role,
          email: member.email,
          isAdmin: makeAdmin,
          hash: member.hash,
        },
      });
      toast.success(
        makeAdmin
          ? `${member.fullName} is now an administrator`
          : `${member.fullName} is no longer an administrator`,
      );
    } catch (error) {
      showApiError(error, 'Failed to change administrator rights.', { onReload: reloadStaff });
    }
  }

  async function run(action: () => Promise<unknown>, success: string, fallback: string) {
    try {
      await action();
      toast.success(success);
    } catch (error) {
      showApiError(error, fallback, { onReload: reloadStaff });
    }
  }

  function onAction(action: StaffAction, member: StaffDto) {
    switch (action) {
      case 'edit':
      case 'invite':
      case 'removeAccess':
      case 'remove':
      case 'weeklyHours':
      case 'availability':
      case 'payRates':
        // Focus goes back to the row's ⋯ button first, so the dialog returns it there when it closes.
        setTimeout(() => {
          document.querySelector<HTMLElement>(`[data-staff-actions="${member.staffId}"]`)?.focus();
          openDialog(action, member);
        }, 0);
        return;
      case 'resendInvite':
        void run(
          () => resend.mutateAsync(member.staffId),
          `Invitation resent to ${member.email ?? member.fullName}`,
          'Failed to resend the invitation.',
        );
        return;
      case 'revokeInvite':
        void run(
          () => revoke.mutateAsync(member.staffId),
          'Invitation revoked',
          'Failed to revoke the invitation.',
        );
        return;
      case 'makeAdmin':
      case 'removeAdmin':
        void toggleAdmin(member);
        return;
      case 'cancelLeaving':
        void run(
          () => cancelLeaving.mutateAsync(member.staffId),
          'Leaving date cancelled',
          'Failed to cancel the leaving date.',
        );
        return;
    }
  }

  function onReorder(ordered: StaffDto[]) {
    reorder.mutate(ordered, {
      onError: (error) => showApiError(error, 'Failed to save the new order. The previous order is back.'),
    });
  }

  const staff = staffQuery.data ?? [];
  const searching = search.trim().length > 0;
  const visible = searching ? staff.filter((member) => matchesStaffSearch(member, search)) : staff;
  const limits = limitsQuery.data;

  const addButton = (
    <Button onClick={() => openDialog('add')} disabled={!team}>
      <Plus aria-hidden="true" />
      Add staff
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageMeta title="Staff" description="The people on your team's staff list." />
      <PageHeader
        title="Staff"
        description={team ? `Everyone on the staff list of ${team.teamName}.` : 'Everyone on your team.'}
        actions={staff.length > 0 ? addButton : null}
      />
      {showWelcome ? <StaffWelcomeAlert onDismiss={dismissWelcome} /> : null}
      {teamLoading || (team && staffQuery.isPending) ? <PageSpinner label="Loading staff…" /> : null}
      {staffQuery.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {errorMessage(staffQuery.error, 'Failed to load the staff list.')}
          </AlertDescription>
        </Alert>
      ) : null}
      {staffQuery.data ? (
        staff.length > 0 ? (
          <>
            <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <SearchBox
                label="Search staff"
                placeholder="Search by name or role"
                value={search}
                onChange={setSearch}
              />
              {limits ? (
                <p className="text-sm text-muted-foreground">
                  <span>
                    {limits.currentStaff} of {limits.maxStaff} staff
                  </span>
                  {planOf(limits.tier).extraAdminsPerTeam > 0 ? (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span className="max-sm:block">
                        {limits.currentAdmins} of {limits.maxAdmins} administrators
                      </span>
                    </>
                  ) : null}
                </p>
              ) : null}
            </div>
            {searching ? (
              <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
                {visible.length === 0
                  ? `No staff match “${search.trim()}”.`
                  : `${visible.length} of ${staff.length} shown. Clear the search to reorder.`}
              </p>
            ) : null}
            {visible.length > 0 ? (
              <StaffList
                staff={visible}
                canReorder={!searching}
                viewerIsOwner={isOwner}
                adminsAvailable={adminsAvailable}
                payRatesAvailable={payRatesAvailable}
                onAction={onAction}
                onReorder={onReorder}
              />
            ) : null}
          </>
        ) : (
          <EmptyState icon={UsersRound} title="No staff yet">
            <p>Add the people who work on this team's rota. You can invite them by email afterwards.</p>
            <div className="mt-5 flex justify-center">{addButton}</div>
          </EmptyState>
        )
      ) : null}

      {team ? (
        <>
          <StaffFormDialog
            teamId={team.teamId}
            open={dialog === 'add'}
            onOpenChange={onOpenChange}
            viewerIsOwner={isOwner}
            adminsAvailable={adminsAvailable}
          />
          {subject ? (
            <>
              <StaffFormDialog
                teamId={team.teamId}
                member={subject}
                open={dialog === 'edit'}
                onOpenChange={onOpenChange}
                viewerIsOwner={isOwner}
                adminsAvailable={adminsAvailable}
              />
              <InviteDialog
                teamId={team.teamId}
                teamName={team.teamName}
                member={subject}
                open={dialog === 'invite'}
                onOpenChange={onOpenChange}
              />
              <RemoveAccessDialog
                teamId={team.teamId}
                member={subject}
                open={dialog === 'removeAccess'}
                onOpenChange={onOpenChange}
              />
              <RemoveStaffDialog
                teamId={team.teamId}
                member={subject}
                open={dialog === 'remove'}
                onOpenChange={onOpenChange}
              />
              <WeeklyHoursDialog
                teamId={team.teamId}
                member={subject}
                open={dialog === 'weeklyHours'}
                onOpenChange={onOpenChange}
              />
              <AvailabilityDialog
                teamId={team.teamId}
                member={subject}
                open={dialog === 'availability'}
                onOpenChange={onOpenChange}
              />
              {payRatesAvailable ? (
                <PayRatesDialog
                  teamId={team.teamId}
                  currency={team.currency}
                  member={subject}
                  open={dialog === 'payRates'}
                  onOpenChange={onOpenChange}
                />
              ) : null}
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export default StaffPage;
