import type { ProposalDto } from '@rotaboard/core/contracts/proposals';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { Check, TriangleAlert, Undo2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { changesSomethingExisting, describeChange, isOpenChange } from '../../../lib/proposal-changes';
import { useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';

const STATE_TEXT = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Failed',
} as const;

/**
 * The assistant's proposal as a list: each change in words with its reason and what the rules said,
 * Accept / Reject each, Accept all (asked first when it changes or deletes what is there), Reject all,
 * and Undo for what was accepted. The same changes are dashed in the grid, where they can be taken too.
 */
export function AssistantProposal({
  proposal,
  loading,
  error,
  staffName,
  shifts,
  onAccept,
  onReject,
  onUndo,
}: {
  proposal: ProposalDto | undefined;
  loading: boolean;
  error: string | null;
  staffName: (staffId: string) => string;
  shifts: readonly ShiftDto[];
  onAccept: (changeIds: string[]) => Promise<void>;
  onReject: (changeIds: string[]) => Promise<void>;
  onUndo: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const hour12 = useHour12();
  // A change's buttons go once it is decided: focus moves to the list's heading rather than the page.
  const act = async (work: () => Promise<void>, refocus = true) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
      if (refocus) heading.current?.focus();
    }
  };

  if (!proposal) {
    return (
      <section aria-label="Proposed changes" className="rounded-lg border border-border p-3 text-sm">
        {loading ? <Spinner label="Loading the proposed changes…" /> : null}
        {error ? <p className="text-destructive">The proposed changes could not be loaded: {error}</p> : null}
      </section>
    );
  }

  const byId = new Map(shifts.map((shift) => [shift.shiftId, shift]));
  const pending = proposal.changes.filter((change) => change.state === 'pending');
  const pendingIds = pending.map((change) => change.changeId);
  const overwrites = pending.filter(changesSomethingExisting).length;
  const accepted = proposal.changes.filter((change) => change.state === 'accepted').length;

  return (
    <section
      aria-labelledby="assistant-proposal-heading"
      className="rounded-lg border border-dashed border-primary/60 bg-primary/5 p-3 text-sm"
      data-testid="assistant-proposal"
    >
      <h3 id="assistant-proposal-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Proposed changes ({proposal.changes.length})
      </h3>
      <p className="text-muted-foreground">
        Checked against the team's rules; any rule a change breaks is named under it. Nothing changes until
        you accept it, and the week shows each one dashed.
      </p>
      {proposal.changes.length === 0 ? (
        <p className="mt-2 text-muted-foreground">Nothing to change.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {proposal.changes.map((change) => {
            const what = describeChange(change, staffName, byId, hour12);
            return (
              <li
                key={change.changeId}
                className="rounded-md bg-card px-2 py-1.5"
                data-assistant-change={change.state}
              >
                <span className="font-medium break-words">{what}</span>{' '}
                <span
                  className={cn(
                    'text-xs font-semibold uppercase',
                    change.state === 'failed' && 'text-destructive',
                    change.state === 'accepted' && 'text-emerald-700 dark:text-emerald-300',
                  )}
                >
                  {STATE_TEXT[change.state]}
                </span>
                {change.reason ? (
                  <span className="block break-words text-muted-foreground">{change.reason}</span>
                ) : null}
                {change.violations && change.violations.length > 0 ? (
                  <ul
                    className="mt-0.5 grid gap-0.5 text-amber-800 dark:text-amber-200"
                    aria-label="Rules it breaks"
                  >
                    {change.violations.map((violation) => (
                      <li key={violation} className="flex gap-1 break-words">
                        <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                        {violation}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {change.failure ? (
                  <span className="block break-words text-destructive">{change.failure}</span>
                ) : null}
                {isOpenChange(change) ? (
                  <span className="mt-1 flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={`Accept: ${what}`}
                      onClick={() => void act(() => onAccept([change.changeId]))}
                    >
                      <Check aria-hidden="true" />
                      Accept
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      aria-label={`Reject: ${what}`}
                      onClick={() => void act(() => onReject([change.changeId]))}
                    >
                      <X aria-hidden="true" />
                      Reject
                    </Button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {pendingIds.length > 0 ? (
          <>
            <Button
              size="sm"
              disabled={busy}
              onClick={() => (overwrites > 0 ? setConfirmAll(true) : void act(() => onAccept(pendingIds)))}
            >
              <Check aria-hidden="true" />
              Accept all
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => void act(() => onReject(pendingIds))}
            >
              <X aria-hidden="true" />
              Reject all
            </Button>
          </>
        ) : null}
        {accepted > 0 && !proposal.undone ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void act(onUndo)}>
            <Undo2 aria-hidden="true" />
            Undo accepted
          </Button>
        ) : null}
        {proposal.undone ? <p className="text-muted-foreground">The accepted changes were undone.</p> : null}
      </div>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Accept every change?"
        description={`${overwrites} of the ${pendingIds.length} changes move, replace or delete what is on the schedule now. Undo puts them back.`}
        confirmLabel="Accept all"
        destructive
        onConfirm={() => act(() => onAccept(pendingIds), false)}
      />
    </section>
  );
}
