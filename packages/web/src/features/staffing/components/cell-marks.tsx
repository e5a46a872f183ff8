import type { StaffingViolation } from '@rotaboard/core/contracts/schedule-agent';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { Check, TriangleAlert, X } from 'lucide-react';
import { formatLongDate } from '../../../lib/dates';
import { proposedTime } from '../../../lib/proposal-changes';
import { chipTimeText } from '../../../lib/schedule-grid';
import { useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';
import {
  type AvailabilityMark,
  availabilityText,
  type ProposedChip,
  type ProposedNote,
  type ProposedRemoval,
} from '../utils/grid-marks';

/**
 * What the staffing rules, availability and an open proposal draw inside the week grid's cells and
 * under its day headings (handed to the grid through the schedule's slots, lib/schedule-slots.ts).
 * Small on purpose: this is in the schedule's first load (the panels and the agent's dialog are not).
 */

/** Accept or reject one proposed change (stable between renders, like the grid's other actions). */
export type ProposalActions = {
  accept: (changeId: string) => void;
  reject: (changeId: string) => void;
};

/** Unavailable all day hatches the cell; part of the day hatches it lighter; a preference tints it. */
export function availabilityTone(marks: readonly AvailabilityMark[]): string | undefined {
  const unavailable = marks.filter((mark) => mark.kind === 'unavailable');
  if (unavailable.some((mark) => mark.startTime === null))
    return 'bg-[repeating-linear-gradient(135deg,var(--muted)_0_5px,transparent_5px_10px)]';
  if (unavailable.length > 0)
    return 'bg-[repeating-linear-gradient(135deg,color-mix(in_oklab,var(--muted)_60%,transparent)_0_3px,transparent_3px_12px)]';
  if (marks.length > 0) return 'bg-emerald-50/70 dark:bg-emerald-950/30';
  return undefined;
}

/** The availability of the day in words, small at the top of the cell (so it is read, not only seen). */
export function AvailabilityNote({ marks }: { marks: readonly AvailabilityMark[] }) {
  const hour12 = useHour12();
  if (marks.length === 0) return null;
  return (
    <p className="text-[11px] leading-tight text-muted-foreground">
      {marks.map((mark) => (
        <span key={`${mark.kind}${mark.startTime}${mark.endTime}`} className="block">
          {availabilityText(mark, hour12)}
        </span>
      ))}
    </p>
  );
}

/** A mark on the cell naming each broken rule: red when one is strict, amber otherwise. */
export function ViolationBadge({ violations }: { violations: readonly StaffingViolation[] }) {
  if (violations.length === 0) return null;
  const strict = violations.some((violation) => violation.strict);
  const label = violations
    .map((violation) => `${violation.strict ? 'Strict rule' : 'Rule'}: ${violation.message}`)
    .join('. ');
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-violation={strict ? 'strict' : 'warning'}
      className={cn(
        'inline-flex w-fit items-center gap-0.5 rounded px-1 text-[11px] font-semibold',
        strict
          ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
      )}
    >
      <TriangleAlert aria-hidden="true" className="size-3" />
      {violations.length}
    </span>
  );
}

export function ChangeButtons({
  changeId,
  what,
  actions,
}: {
  changeId: string;
  /** What the change is, for the buttons' names ("the 07:00–15:00 shift proposed for Ana on …"). */
  what: string;
  actions: ProposalActions;
}) {
  const button =
    'inline-flex size-6 items-center justify-center rounded border border-border bg-card hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <span className="flex gap-1">
      <button
        type="button"
        tabIndex={-1}
        data-grid-item=""
        aria-label={`Accept ${what}`}
        title="Accept"
        className={cn(button, 'text-emerald-700 dark:text-emerald-300')}
        onClick={() => actions.accept(changeId)}
      >
        <Check aria-hidden="true" className="size-3.5" />
      </button>
      <button
        type="button"
        tabIndex={-1}
        data-grid-item=""
        aria-label={`Reject ${what}`}
        title="Reject"
        className={cn(button, 'text-red-700 dark:text-red-300')}
        onClick={() => actions.reject(changeId)}
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </span>
  );
}

/** A shift the agent proposes: dashed, its reason on hover and in its description, Accept / Reject. */
export function ProposedChipView({
  chip,
  name,
  dateText,
  actions,
}: {
  chip: ProposedChip;
  name: string;
  dateText: string;
  actions: ProposalActions | null;
}) {
  const hour12 = useHour12();
  const time = proposedTime(chip.shift, hour12);
  const what = chip.movedFrom
    ? `proposed move of ${name}'s shift from ${chip.movedFrom} to ${time} on ${dateText}`
    : `proposed shift ${time} for ${name} on ${dateText}`;
  return (
    <div
      data-proposed-change={chip.changeId}
      title={chip.failure ?? chip.reason}
      className={cn(
        'rounded-md border-2 border-dashed px-1.5 py-1 text-xs leading-tight',
        chip.state === 'failed'
          ? 'border-red-500 bg-red-50 dark:bg-red-950/40'
          : 'border-primary/70 bg-primary/5',
      )}
    >
      <span className="block font-semibold tabular-nums first-letter:uppercase">{time}</span>
      {chip.movedFrom ? (
        <span className="block text-[11px] font-medium break-words">Moved from {chip.movedFrom}</span>
      ) : null}
      <span className="block text-[11px] break-words text-muted-foreground">
        <span className="sr-only">Proposed: </span>
        {chip.reason}
      </span>
      {chip.failure ? (
        <span className="block text-[11px] font-medium text-red-700 dark:text-red-300">
          Not added: {chip.failure}
        </span>
      ) : null}
      {actions ? (
        <span className="mt-1 block">
          <ChangeButtons changeId={chip.changeId} what={what} actions={actions} />
        </span>
      ) : null}
    </div>
  );
}

/**
 * Under a shift the agent proposes to remove: why, and Accept (remove it) / Reject (keep it). Under a
 * shift the assistant proposes to move: where it goes (the chip there has Accept / Reject).
 */
export function RemovalControls({
  removal,
  what,
  actions,
}: {
  removal: ProposedRemoval;
  what: string;
  actions: ProposalActions | null;
}) {
  return (
    <div
      // A move's old place is marked apart: the change itself is the chip at its new place.
      {...(removal.movedTo
        ? { 'data-proposed-move': removal.changeId }
        : { 'data-proposed-change': removal.changeId })}
      title={removal.failure ?? removal.reason}
      className="rounded-md border border-dashed border-red-400 px-1.5 py-1 text-[11px] leading-tight"
    >
      <span className="block font-medium text-red-800 dark:text-red-200">
        {removal.movedTo ? `Proposed move to ${removal.movedTo}` : 'Proposed removal'}
      </span>
      <span className="block break-words text-muted-foreground">{removal.reason}</span>
      {removal.failure ? (
        <span className="block font-medium text-red-700 dark:text-red-300">
          {removal.movedTo ? 'Not moved' : 'Not removed'}: {removal.failure}
        </span>
      ) : null}
      {actions && !removal.movedTo ? (
        <span className="mt-1 block">
          <ChangeButtons changeId={removal.changeId} what={`removal of ${what}`} actions={actions} />
        </span>
      ) : null}
    </div>
  );
}

/** Under a shift a proposal removes or moves: says so, naming the shift for the buttons. */
export function RemovalMark({
  removal,
  shift,
  name,
  actions,
}: {
  removal: ProposedRemoval;
  shift: ShiftDto;
  name: string;
  actions: ProposalActions | null;
}) {
  const hour12 = useHour12();
  return (
    <RemovalControls
      removal={removal}
      what={`the ${chipTimeText(shift, hour12)} shift of ${name} on ${formatLongDate(shift.shiftDate)}`}
      actions={actions}
    />
  );
}

/** A proposed day note: its text (or that it clears the day's note), why, and Accept / Reject. */
export function ProposedNoteView({ note, actions }: { note: ProposedNote; actions: ProposalActions | null }) {
  const what = note.text.trim()
    ? `proposed note for ${formatLongDate(note.date)}: ${note.text}`
    : `proposal to clear the note on ${formatLongDate(note.date)}`;
  return (
    <div
      data-proposed-change={note.changeId}
      title={note.failure ?? note.reason}
      className={cn(
        'rounded border-2 border-dashed px-1 py-0.5 text-left text-[11px] font-normal break-words',
        note.state === 'failed'
          ? 'border-red-500 bg-red-50 dark:bg-red-950/40'
          : 'border-amber-500 bg-amber-50 dark:bg-amber-950/30',
      )}
    >
      <span className="block font-medium">
        <span className="sr-only">Proposed: </span>
        {note.text.trim() ? note.text : 'Clear the note'}
      </span>
      {note.failure ? (
        <span className="block font-medium text-red-700 dark:text-red-300">Not saved: {note.failure}</span>
      ) : null}
      {actions ? (
        <span className="mt-1 flex justify-center">
          <ChangeButtons changeId={note.changeId} what={what} actions={actions} />
        </span>
      ) : null}
    </div>
  );
}
