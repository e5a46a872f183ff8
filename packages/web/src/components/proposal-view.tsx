import type { ProposalChangeDto, ProposalDto } from '@rotaboard/core/contracts/proposals';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { Bot, Check, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { formatDateRange, formatShortDate } from '../lib/dates';
import { describeChange } from '../lib/proposal-changes';
import { proposalSummary, solverText } from '../lib/proposal-summary';
import { useHour12 } from '../lib/time-format';
import { cn } from '../lib/utils';
import { ConfirmDialog } from './confirm-dialog';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

// Imported, not loaded on demand: the bar is itself loaded on demand, and a dynamic import in a chunk
// that does not also import lib/toast splits the loader's helper out of the entry chunk (a bigger
// first load on every page).

const STATE_TEXT: Record<ProposalChangeDto['state'], string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Failed',
};

/**
 * The open proposal, stuck to the bottom of the screen over the grid: its counts, coverage before and
 * after, how the solver did, Accept all / Reject all / Undo / Close, and in its details every change
 * with its reason (also those outside the week on screen) and the slots left uncovered, with why.
 */
export function ProposalBar({
  proposal,
  loading,
  error,
  staffName,
  shifts,
  onAccept,
  onReject,
  onUndo,
  onClose,
}: {
  proposal: ProposalDto | undefined;
  loading: boolean;
  error: string | null;
  staffName: (staffId: string) => string;
  /** The loaded entries, to describe a removal. */
  shifts: readonly ShiftDto[];
  onAccept: (changeIds: string[]) => Promise<void>;
  onReject: (changeIds: string[]) => Promise<void>;
  onUndo: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const hour12 = useHour12();
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const source = proposal?.source === 'assistant' ? 'Assistant' : 'Agent';
  const frame = (children: React.ReactNode) => (
    <section
      aria-label={`${source} proposal`}
      className="sticky bottom-0 z-30 mt-3 max-w-full rounded-t-xl border border-border bg-card p-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] sm:p-4"
      data-testid="proposal-bar"
    >
      {children}
    </section>
  );

  if (!proposal) {
    return frame(
      <div className="flex flex-wrap items-center justify-between gap-2">
        {loading ? <Spinner label="Loading the proposal…" /> : null}
        {error ? (
          <p className="text-sm text-destructive">This proposal could not be loaded: {error}</p>
        ) : null}
        <Button variant="outline" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>,
    );
  }

  const summary = proposalSummary(proposal);
  const byId = new Map(shifts.map((shift) => [shift.shiftId, shift]));
  const describe = (change: ProposalChangeDto) => describeChange(change, staffName, byId, hour12);
  const overwrites = summary.pendingRemovals + summary.pendingOther;

  return frame(
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex w-full min-w-0 items-start justify-between gap-2 text-sm sm:w-auto sm:flex-1">
          <div className="min-w-0">
            <h2 className="flex items-center gap-1.5 font-semibold">
              <Bot aria-hidden="true" className="size-4 shrink-0" />
              {source} proposal · {formatDateRange(proposal.startDate, proposal.endDate)}
            </h2>
            {/* One paragraph, so the bar stays short on a phone. */}
            <p className="text-muted-foreground">
              <span aria-live="polite">{summary.counts}</span> · Coverage {proposal.coverageBefore.filled}/
              {proposal.coverageBefore.needed} → {proposal.coverageAfter.filled}/
              {proposal.coverageAfter.needed}
              {proposal.solver ? ` · ${solverText(proposal.solver)}` : ''}
            </p>
          </div>
          <Button
            size="icon"
            variant="ghost"
            className="size-8 shrink-0 sm:hidden"
            aria-label="Close the proposal"
            onClick={onClose}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={busy || summary.pendingIds.length === 0}
            onClick={() =>
              overwrites > 0 ? setConfirmAll(true) : void act(() => onAccept(summary.pendingIds))
            }
          >
            <Check aria-hidden="true" />
            Accept all
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy || summary.pendingIds.length === 0}
            onClick={() => void act(() => onReject(summary.pendingIds))}
          >
            <X aria-hidden="true" />
            Reject all
          </Button>
          {summary.accepted > 0 && !proposal.undone ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void act(onUndo)}>
              <Undo2 aria-hidden="true" />
              Undo accepted
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" className="max-sm:hidden" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      <details className="mt-1 text-sm sm:mt-2">
        <summary className="cursor-pointer font-medium text-primary">
          Details: {proposal.changes.length} {proposal.changes.length === 1 ? 'change' : 'changes'},{' '}
          {proposal.uncovered.length} uncovered {proposal.uncovered.length === 1 ? 'slot' : 'slots'}
        </summary>
        <div className="mt-2 grid max-h-[40vh] gap-3 overflow-y-auto pr-1">
          {proposal.uncovered.length > 0 ? (
            <div>
              <h3 className="font-medium">Left uncovered</h3>
              <ul className="mt-1 grid gap-1">
                {proposal.uncovered.map((slot) => (
                  <li key={`${slot.date}${slot.startTime}${slot.endTime}${slot.role ?? ''}`}>
                    {formatShortDate(slot.date)} {slot.startTime}–{slot.endTime}
                    {slot.role ? ` ${slot.role}` : ''}: {slot.missing} missing —{' '}
                    <span className="text-muted-foreground">{slot.reason}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div>
            <h3 className="font-medium">Changes</h3>
            {proposal.changes.length === 0 ? (
              <p className="text-muted-foreground">The {source.toLowerCase()} found nothing to change.</p>
            ) : (
              <ul className="mt-1 grid gap-2">
                {proposal.changes.map((change) => (
                  <li key={change.changeId} className="rounded-md bg-muted/40 px-2 py-1.5">
                    <span className="font-medium">{describe(change)}</span>{' '}
                    <span
                      className={cn(
                        'text-xs font-semibold uppercase',
                        change.state === 'failed' && 'text-destructive',
                      )}
                    >
                      {STATE_TEXT[change.state]}
                    </span>
                    <span className="block text-muted-foreground">{change.reason}</span>
                    {change.failure ? <span className="block text-destructive">{change.failure}</span> : null}
                    {change.state === 'pending' || change.state === 'failed' ? (
                      <span className="mt-1 flex gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          aria-label={`Accept: ${describe(change)}`}
                          onClick={() => void act(() => onAccept([change.changeId]))}
                        >
                          Accept
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          aria-label={`Reject: ${describe(change)}`}
                          onClick={() => void act(() => onReject([change.changeId]))}
                        >
                          Reject
                        </Button>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </details>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Accept every change?"
        description={`This adds ${summary.pendingCreates} ${summary.pendingCreates === 1 ? 'shift' : 'shifts'}, deletes ${summary.pendingRemovals} existing ${summary.pendingRemovals === 1 ? 'shift' : 'shifts'} and makes ${summary.pendingOther} other ${summary.pendingOther === 1 ? 'change' : 'changes'}. Undo puts them back.`}
        confirmLabel="Accept all"
        destructive
        onConfirm={() => act(() => onAccept(summary.pendingIds))}
      />
    </>,
  );
}

export default ProposalBar;
