import type { OpenShiftDto } from '@rotaboard/core/contracts/open-shifts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { formatLongDate } from '../../../lib/dates';
import { OPEN_SHIFTS_ROW } from '../../../lib/schedule-grid';
import type { WeekOpenShifts, WeekOpenShiftsInput } from '../../../lib/schedule-slots';
import { useHour12 } from '../../../lib/time-format';
import { openShiftsQueryOptions, useOpenShiftActions } from '../api/open-shifts-api';
import { openShiftTimes } from '../components/open-shift-card';
import { OpenShiftsList } from '../components/open-shifts-list';
import { OpenShiftsRow } from '../components/open-shifts-row';

// Loaded when first opened: the confirmation's dialog library is not needed to see the week.
const ConfirmDialog = lazyDialog(() =>
  import('../../../components/confirm-dialog').then((module) => module.ConfirmDialog),
);
const PostOpenShiftDialog = lazyDialog(() =>
  import('../components/post-open-shift-dialog').then((module) => module.PostOpenShiftDialog),
);

/**
 * The week's open shifts (Pro teams) in the schedule, its slot `useWeekOpenShifts` (lib/schedule-slots.ts,
 * composed in by the app): the grid's row of them, the list staff see above their agenda on a phone,
 * and the dialogs administrators post and delete with.
 */
export function useWeekOpenShifts({
  teamId,
  enabled,
  isAdmin,
  dates,
  today,
  roles,
}: WeekOpenShiftsInput): WeekOpenShifts {
  const startDate = dates[0]!;
  const endDate = dates[dates.length - 1]!;
  const hour12 = useHour12();
  const query = useQuery({ ...openShiftsQueryOptions(teamId, startDate, endDate), enabled });
  const actions = useOpenShiftActions(teamId);
  const [postDate, setPostDate] = useState<string | null>(null);
  const [lastPostDate, setLastPostDate] = useState(startDate);
  const [deleting, setDeleting] = useState<OpenShiftDto | null>(null);
  const pendingClaims = deleting?.claims?.filter((c) => c.status === 'pending').length ?? 0;

  const dialogs =
    enabled && isAdmin ? (
      <>
        <PostOpenShiftDialog
          open={postDate !== null}
          onOpenChange={(open) => !open && setPostDate(null)}
          date={postDate ?? lastPostDate}
          today={today}
          roles={roles}
          actions={actions}
        />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete this open shift?"
          description={
            deleting
              ? `${openShiftTimes(deleting, hour12)} on ${formatLongDate(deleting.shiftDate)}. ${
                  pendingClaims === 0
                    ? 'No one is waiting on it.'
                    : pendingClaims === 1
                      ? 'The claim waiting on it is rejected and that person is told.'
                      : `The ${pendingClaims} claims waiting on it are rejected and those people are told.`
                } Shifts already approved from it stay on the rota.`
              : ''
          }
          confirmLabel="Delete open shift"
          destructive
          onConfirm={async () => {
            if (!deleting) return;
            try {
              await actions.remove.mutateAsync(deleting.openShiftId);
            } catch {
              // Told by the mutation's toast; the dialog closes as the others do.
            }
          }}
        />
      </>
    ) : null;

  const openShifts = query.data ?? [];
  const status = query.isPending ? 'pending' : query.isError ? 'error' : 'success';
  const post = (date: string) => {
    setLastPostDate(date);
    setPostDate(date);
  };
  return {
    // Administrators always (to post one); staff when there is something to claim.
    gridRow:
      enabled && (isAdmin || openShifts.length > 0)
        ? {
            key: OPEN_SHIFTS_ROW,
            render: (rowIndex) => (
              <OpenShiftsRow
                dates={dates}
                rowIndex={rowIndex}
                openShifts={openShifts}
                status={status}
                isAdmin={isAdmin}
                actions={actions}
                onPost={post}
                onDelete={setDeleting}
              />
            ),
          }
        : null,
    list: isAdmin ? null : <OpenShiftsList openShifts={openShifts} actions={actions} />,
    dialogs,
  };
}
