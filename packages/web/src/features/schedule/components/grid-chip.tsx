import { useDraggable } from '@dnd-kit/core';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { StickyNote } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import {
  chipColourClasses,
  chipSentence,
  chipTimeText,
  type GridMoveKey,
  overnightEndLabel,
  swatchClass,
  timeOffLabel,
} from '../../../lib/schedule-grid';
import { formatClock, useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';
import { chipMove } from '../utils/grid-keyboard';

/** What a row's cells and chips can do, for admins: stable across renders (WeekGrid's `latest`). */
export type GridActions = {
  onAdd: (staffId: string, date: string) => void;
  onOpen: (shift: ShiftDto) => void;
  onKeyMove: (shift: ShiftDto, key: GridMoveKey, copy: boolean) => void;
};

type ChipProps = {
  shift: ShiftDto;
  /** The person's name, for the chip's spoken sentence. */
  name: string;
  isNext: boolean;
  actions: GridActions | null;
  /** The shift breaks a staffing rule: strict (red outline) or not (amber). */
  flag?: 'strict' | 'warning' | undefined;
  /**
   * An open proposal would remove it (the agent's) or move it (the assistant's): struck through, the
   * controls or the new place drawn under it. Not faded: faded text fails contrast.
   */
  removing?: 'remove' | 'move' | undefined;
  /** Staff's own future shift: opens Swap / Give away (issue 27). */
  onOffer?: ((shift: ShiftDto) => void) | null;
};

export function ChipBody({ shift }: { shift: ShiftDto }) {
  const hour12 = useHour12();
  const ends = overnightEndLabel(shift, hour12);
  const off = timeOffLabel(shift);
  return (
    <>
      <span className="flex items-center gap-1">
        {shift.isTimeOff ? (
          <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', swatchClass(shift))} />
        ) : null}
        <span className="font-semibold tabular-nums">
          {shift.startTime && shift.endTime && shift.timeOffDays === null && shift.timeOffHours === null ? (
            // A narrow column breaks the range after its dash, never inside '9:00 am' (same text as chipTimeText).
            <>
              <span className="whitespace-nowrap">{formatClock(shift.startTime, hour12)}–</span>
              <wbr />
              <span className="whitespace-nowrap">{formatClock(shift.endTime, hour12)}</span>
            </>
          ) : (
            chipTimeText(shift, hour12)
          )}
        </span>
        {shift.notes ? (
          <span title={shift.notes} className="ml-auto inline-flex">
            <StickyNote aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Notes: {shift.notes}</span>
          </span>
        ) : null}
      </span>
      {off ? (
        // "Sick" on the chip, "Sick (time off)" to a screen reader: a sick call is still time off.
        <span className="block text-[11px] font-medium">
          {off.text}
          {off.aside ? <span className="sr-only">{off.aside}</span> : null}
        </span>
      ) : null}
      {ends ? <span className="block text-[11px] font-medium">{ends}</span> : null}
      {shift.breakMinutes > 0 && (!shift.isTimeOff || shift.timeOffHours === null) && shift.startTime ? (
        <span className="block text-[11px] opacity-80">{shift.breakMinutes}m break</span>
      ) : null}
    </>
  );
}

/**
 * Marks the viewer's next shift over the chip's top edge, out of the flow, rather than as a line of
 * the chip: which shift is next comes from its own request (`GET /shifts/next`, after the staff list
 * names the viewer), which often answers after the grid is drawn, and a line added then made the
 * viewer's row taller and pushed every row below it down (the schedule's layout shift,
 * bench/README.md). Positioned like this it changes no size, however late it comes.
 */
function NextShiftMark() {
  return (
    <span className="pointer-events-none absolute -top-2 right-1 rounded-full bg-primary px-1 py-px text-[9px] leading-none font-semibold text-primary-foreground uppercase">
      Next shift
    </span>
  );
}

export function Chip({ shift, name, isNext, actions, flag, removing, onOffer = null }: ChipProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: shift.shiftId,
    data: { shift },
    disabled: !actions,
  });
  const hour12 = useHour12();
  const className = cn(
    'relative block w-full rounded-md border px-1.5 py-1 text-left text-xs leading-tight shadow-xs',
    chipColourClasses(shift),
    isNext && 'ring-2 ring-primary ring-offset-1 ring-offset-card',
    isDragging && 'opacity-40',
    flag === 'strict' && 'outline-2 outline-red-600 dark:outline-red-400',
    flag === 'warning' && 'outline-2 outline-amber-500 outline-dashed',
    removing && 'line-through decoration-red-700 decoration-2 dark:decoration-red-300',
  );
  const extra =
    (flag === 'strict' ? '; breaks a strict rule' : flag === 'warning' ? '; breaks a rule' : '') +
    (removing === 'remove'
      ? '; the agent proposes removing it'
      : removing === 'move'
        ? '; the assistant proposes moving it'
        : '');
  if (!actions && onOffer) {
    // Staff's own shift: an ordinary button in the tab order (staff have no grid navigation).
    return (
      <button
        type="button"
        data-shift-chip=""
        data-shift-id={shift.shiftId}
        aria-haspopup="dialog"
        aria-label={`${chipSentence(shift, name, isNext, hour12)}; swap or give away`}
        onClick={() => onOffer(shift)}
        className={cn(
          className,
          'cursor-pointer touch-manipulation hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:hover:brightness-125',
        )}
      >
        <ChipBody shift={shift} />
        {isNext ? <NextShiftMark /> : null}
      </button>
    );
  }
  if (!actions) {
    return (
      <div className={className} data-shift-chip="">
        <ChipBody shift={shift} />
        {isNext ? <NextShiftMark /> : null}
      </div>
    );
  }
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const move = chipMove(event);
    if (!actions || !move) return;
    event.preventDefault();
    actions.onKeyMove(shift, move.key, move.copy);
  }
  return (
    <button
      ref={setNodeRef}
      type="button"
      data-shift-chip=""
      data-shift-id={shift.shiftId}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      // One tab stop for the whole grid (WeekGrid moves it with the arrow keys).
      tabIndex={-1}
      data-grid-item=""
      aria-label={chipSentence(shift, name, isNext, hour12) + extra}
      aria-roledescription="draggable shift"
      onClick={() => actions.onOpen(shift)}
      className={cn(
        className,
        'cursor-pointer touch-manipulation hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:hover:brightness-125',
      )}
    >
      <ChipBody shift={shift} />
      {isNext ? <NextShiftMark /> : null}
    </button>
  );
}
