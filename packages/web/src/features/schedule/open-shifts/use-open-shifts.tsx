import type { OpenShiftDto } from '@rotaboard/core/contracts/open-shifts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { lazyDialog } from '../../../components/lazy-dialog';
import { formatLongDate } from '../../../lib/dates';
import { useHour12 } from '../../../lib/time-format';
import { openShiftTimes } from './open-shift-card';
import { openShiftsQueryOptions, useOpenShiftActions } from './open-shifts-api';

const PostOpenShiftDialog = lazyDialog(() =>
  import('./post-open-shift-dialog').then((module) => module.PostOpenShiftDialog),
);

/**
 * The week's open shifts (Pro teams) and what the schedule page needs to show and change them: the
 * list, its state, the actions, and the dialogs administrators post and delete with.
 */
export function useOpenShifts({
  teamId,
  enabled,
  isAdmin,
  startDate,
  endDate,
  today,
  roles,
}: {
  teamId: string;
  enabled: boolean;
  isAdmin: boolean;
  startDate: string;
  endDate: string;
  today: string;
  roles: readonly string[];
}) {
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

  return {
    openShifts: query.data ?? [],
    status: query.isPending
      ? ('pending' as const)
      : query.isError
        ? ('error' as const)
        : ('success' as const),
    actions,
    post: (date: string) => {
      setLastPostDate(date);
      setPostDate(date);
    },
    askDelete: setDeleting,
    dialogs,
  };
}
