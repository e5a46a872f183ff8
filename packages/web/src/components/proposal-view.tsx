import type { ProposalChangeDto, ProposalDto } from '@rotaboard/core/contracts/proposals';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { Bot, Check, TriangleAlert, Undo2, X } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { formatDateRange, formatShortDate } from '../lib/dates';
import { describeChange, isOpenChange } from '../lib/proposal-changes';
import { costText, proposalSummary, solverText } from '../lib/proposal-summary';
import { useHour12 } from '../lib/time-format';
import { cn } from '../lib/utils';
import { ConfirmDialog } from './confirm-dialog';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

// Imported, not loaded on demand: the view is itself loaded on demand (with the proposal bar, or the
// assistant's panel), and a dynamic import in a chunk that does not also import lib/toast splits the
// loader's helper out of the entry chunk (a bigger first load on every page).

const STATE_TEXT: Record<ProposalChangeDto['state'], string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  failed: 'Failed',
};

export type ProposalViewProps = {
  /**
   * `bar`: stuck to the bottom of the screen over the grid (the agent's proposal, or the assistant's
   * while its panel is closed): the counts, coverage before and after, how the solver did, Close, and
   * every change and the slots left uncovered in its details. `list`: in the assistant's panel, every
   * change listed with what the rules said of it; focus goes back to its heading after each decision.
   */
  layout: 'bar' | 'list';
  proposal: ProposalDto | undefined;
  loading: boolean;
  error: string | null;
  staffName: (staffId: string) => string;
  /** The loaded entries, to describe a removal or a move. */
  shifts: readonly ShiftDto[];
  onAccept: (changeIds: string[]) => Promise<void>;
  onReject: (changeIds: string[]) => Promise<void>;
  onUndo: () => Promise<void>;
  /** The bar's Close (the list has none: the panel closes). */
  onClose?: () => void;
  /** The team's currency (ISO 4217): the agent's proposal shows its cost in it (issue 43). */
  currency?: string;
};

/**
 * An open proposal of the schedule agent or the assistant, the one view of both: each change in
 * words with its reason and state, Accept / Reject each, Accept all (asked first when it changes or
 * deletes what is there), Reject all, and Undo for what was accepted. The same changes are dashed in
 * the grid, where they can be taken too.
 */
export function ProposalView({
  layout,
  proposal,
  loading,
  error,
  staffName,
  shifts,
  onAccept,
  onReject,
  onUndo,
  onClose = () => {},
  currency,
}: ProposalViewProps) {
  const [busy, setBusy] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const hour12 = useHour12();
  const bar = layout === 'bar';
  // In the list a change's buttons go once it is decided: focus moves to the list's heading rather
  // than the page.
  const act = async (work: () => Promise<void>, refocus = true) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
      if (refocus && !bar) heading.current?.focus();
    }
  };
  const source = proposal?.source === 'assistant' ? 'Assistant' : 'Agent';

  if (!proposal) {
    return bar ? (
      <BarFrame label={`${source} proposal`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {loading ? <Spinner label="Loading the proposal…" /> : null}
          {error ? (
            <p className="text-sm text-destructive">This proposal could not be loaded: {error}</p>
          ) : null}
          <Button variant="outline" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </BarFrame>
    ) : (
      <section aria-label="Proposed changes" className="rounded-lg border border-border p-3 text-sm">
        {loading ? <Spinner label="Loading the proposed changes…" /> : null}
        {error ? <p className="text-destructive">The proposed changes could not be loaded: {error}</p> : null}
      </section>
    );
  }

  const summary = proposalSummary(proposal);
  const overwrites = summary.pendingRemovals + summary.pendingOther;
  const byId = new Map(shifts.map((shift) => [shift.shiftId, shift]));
  const describe = (change: ProposalChangeDto) => describeChange(change, staffName, byId, hour12);
  const acceptAll = () =>
    overwrites > 0 ? setConfirmAll(true) : void act(() => onAccept(summary.pendingIds));
  const rejectAll = () => void act(() => onReject(summary.pendingIds));
  const undoButton =
    summary.accepted > 0 && !proposal.undone ? (
      <Button size="sm" variant="outline" disabled={busy} onClick={() => void act(onUndo)}>
        <Undo2 aria-hidden="true" />
        Undo accepted
      </Button>
    ) : null;
  const changes = (
    <ul className={cn('grid gap-2', bar ? 'mt-1' : 'mt-2')}>
      {proposal.changes.map((change) => (
        <ChangeItem
          key={change.changeId}
          layout={layout}
          change={change}
          what={describe(change)}
          busy={busy}
          onAccept={() => void act(() => onAccept([change.changeId]))}
          onReject={() => void act(() => onReject([change.changeId]))}
        />
      ))}
    </ul>
  );
  const confirm = (
    <ConfirmDialog
      open={confirmAll}
      onOpenChange={setConfirmAll}
      title="Accept every change?"
      description={
        bar
          ? `This adds ${summary.pendingCreates} ${summary.pendingCreates === 1 ? 'shift' : 'shifts'}, deletes ${summary.pendingRemovals} existing ${summary.pendingRemovals === 1 ? 'shift' : 'shifts'} and makes ${summary.pendingOther} other ${summary.pendingOther === 1 ? 'change' : 'changes'}. Undo puts them back.`
          : `${overwrites} of the ${summary.pendingIds.length} changes move, replace or delete what is on the schedule now. Undo puts them back.`
      }
      confirmLabel="Accept all"
      destructive
      onConfirm={() => act(() => onAccept(summary.pendingIds), false)}
    />
  );

  if (!bar) {
    return (
      <section
        aria-labelledby="assistant-proposal-heading"
        className="rounded-lg border border-dashed border-primary/60 bg-primary/5 p-3 text-sm"
        data-testid="assistant-proposal"
      >
        <h3
          id="assistant-proposal-heading"
          ref={heading}
          tabIndex={-1}
          className="font-semibold outline-none"
        >
          Proposed changes ({proposal.changes.length})
        </h3>
        <p className="text-muted-foreground">
          Checked against the team's rules; any rule a change breaks is named under it. Nothing changes until
          you accept it, and the week shows each one dashed.
        </p>
        {proposal.changes.length === 0 ? (
          <p className="mt-2 text-muted-foreground">Nothing to change.</p>
        ) : (
          changes
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {summary.pendingIds.length > 0 ? (
            <>
              <Button size="sm" disabled={busy} onClick={acceptAll}>
                <Check aria-hidden="true" />
                Accept all
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={rejectAll}>
                <X aria-hidden="true" />
                Reject all
              </Button>
            </>
          ) : null}
          {undoButton}
          {proposal.undone ? (
            <p className="text-muted-foreground">The accepted changes were undone.</p>
          ) : null}
        </div>
        {confirm}
      </section>
    );
  }

  return (
    <BarFrame label={`${source} proposal`}>
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
            {proposal.cost && currency ? <CostLine cost={costText(proposal.cost, currency)} /> : null}
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
          <Button size="sm" disabled={busy || summary.pendingIds.length === 0} onClick={acceptAll}>
            <Check aria-hidden="true" />
            Accept all
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy || summary.pendingIds.length === 0}
            onClick={rejectAll}
          >
            <X aria-hidden="true" />
            Reject all
          </Button>
          {undoButton}
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
              changes
            )}
          </div>
        </div>
      </details>
      {confirm}
    </BarFrame>
  );
}

/** The bar's frame: stuck to the bottom of the screen, over the grid. */
function BarFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="sticky bottom-0 z-30 mt-3 max-w-full rounded-t-xl border border-border bg-card p-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] sm:p-4"
      data-testid="proposal-bar"
    >
      {children}
    </section>
  );
}

/**
 * One change: what it does, its state, why, what it failed on, and Accept / Reject while it is open.
 * The list also names the rules it breaks (the assistant checks each change against them).
 */
function ChangeItem({
  layout,
  change,
  what,
  busy,
  onAccept,
  onReject,
}: {
  layout: ProposalViewProps['layout'];
  change: ProposalChangeDto;
  what: string;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}) {
  const list = layout === 'list';
  return (
    <li
      className={cn('rounded-md px-2 py-1.5', list ? 'bg-card' : 'bg-muted/40')}
      data-assistant-change={list ? change.state : undefined}
    >
      <span className={cn('font-medium', list && 'break-words')}>{what}</span>{' '}
      <span
        className={cn(
          'text-xs font-semibold uppercase',
          change.state === 'failed' && 'text-destructive',
          list && change.state === 'accepted' && 'text-emerald-700 dark:text-emerald-300',
        )}
      >
        {STATE_TEXT[change.state]}
      </span>
      {change.reason || !list ? (
        <span className={cn('block text-muted-foreground', list && 'break-words')}>{change.reason}</span>
      ) : null}
      {list && change.violations && change.violations.length > 0 ? (
        <ul className="mt-0.5 grid gap-0.5 text-amber-800 dark:text-amber-200" aria-label="Rules it breaks">
          {change.violations.map((violation) => (
            <li key={violation} className="flex gap-1 break-words">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {violation}
            </li>
          ))}
        </ul>
      ) : null}
      {change.failure ? (
        <span className={cn('block text-destructive', list && 'break-words')}>{change.failure}</span>
      ) : null}
      {isOpenChange(change) ? (
        <span className={cn('mt-1 flex gap-2', list && 'flex-wrap')}>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Accept: ${what}`}
            onClick={onAccept}
          >
            {list ? <Check aria-hidden="true" /> : null}
            Accept
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Reject: ${what}`}
            onClick={onReject}
          >
            {list ? <X aria-hidden="true" /> : null}
            Reject
          </Button>
        </span>
      ) : null}
    </li>
  );
}

/** The proposal's cost against the budget; over it, in the danger colour and said in words too. */
function CostLine({ cost }: { cost: { text: string; over: boolean } }) {
  return (
    <p
      className={cn('text-muted-foreground', cost.over && 'font-medium text-destructive')}
      data-proposal-cost=""
      data-over-budget={cost.over ? '' : undefined}
    >
      {cost.text}
      {cost.over ? ' · over budget' : ''}
    </p>
  );
}

export default ProposalView;
