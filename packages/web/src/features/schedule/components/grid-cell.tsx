import { useDroppable } from '@dnd-kit/core';
import { Plus } from 'lucide-react';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { formatLongDate } from '../../../lib/dates';
import { cellKey } from '../../../lib/schedule-grid';
import { cn } from '../../../lib/utils';

/** One person's day in the week grid: its entries, and for admins a button to add one. */
export function Cell({
  staffId,
  name,
  date,
  today,
  locked,
  children,
  onAdd,
  dropTarget,
  tone,
}: {
  staffId: string;
  name: string;
  date: string;
  today: string;
  locked: boolean;
  children: ReactNode;
  onAdd?: (() => void) | undefined;
  dropTarget: boolean;
  /** Extra background: the person's availability that day (staffing/cell-marks.tsx). */
  tone?: string | undefined;
}) {
  const cell = useRef<HTMLTableCellElement>(null);
  return (
    <td
      ref={cell}
      data-cell={cellKey(staffId, date)}
      className={cn(
        'h-16 border-l border-border/60 p-1 align-top',
        date === today && 'bg-highlight/60',
        locked && 'bg-muted/60',
        tone,
        'data-drop-over:bg-primary/10 data-drop-over:outline-2 data-drop-over:-outline-offset-2 data-drop-over:outline-primary data-drop-over:outline-dashed',
      )}
    >
      {dropTarget ? <DropTarget staffId={staffId} date={date} cell={cell} /> : null}
      <div className="flex h-full min-h-14 flex-col gap-1">
        {children}
        {onAdd ? (
          <button
            type="button"
            tabIndex={-1}
            data-grid-item=""
            onClick={onAdd}
            aria-label={`Add shift for ${name} on ${formatLongDate(date)}`}
            className="group flex min-h-6 flex-1 items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Plus
              aria-hidden="true"
              className="size-4 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
            />
          </button>
        ) : null}
      </div>
    </td>
  );
}

/**
 * Makes a cell a drop target while a chip is being dragged. Only then: each dnd-kit droppable
 * registers with the drag context, and every registration redraws every chip, which while
 * scrolling a large grid (rows coming into view) costs dropped frames. A child, so that switching
 * it on at drag start leaves the cell and the dragged chip mounted.
 */
function DropTarget({
  staffId,
  date,
  cell,
}: {
  staffId: string;
  date: string;
  cell: RefObject<HTMLTableCellElement | null>;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: cellKey(staffId, date), data: { staffId, date } });
  useLayoutEffect(() => {
    setNodeRef(cell.current);
    return () => setNodeRef(null);
  }, [setNodeRef, cell]);
  useLayoutEffect(() => {
    const node = cell.current;
    node?.toggleAttribute('data-drop-over', isOver);
    return () => node?.removeAttribute('data-drop-over');
  }, [isOver, cell]);
  return null;
}
