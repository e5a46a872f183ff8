import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type Modifier,
  PointerSensor,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { GripVertical } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '../../../lib/utils';
import { ListKeyboardSensor } from '../utils/list-keyboard-sensor';
import type { StaffAction } from '../utils/staff-actions';
import { moveStaff } from '../utils/staff-actions';
import { StaffActionsMenu } from './staff-actions-menu';
import { StaffBadges } from './staff-badges';

function initials(member: StaffDto): string {
  const letters = `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.trim();
  return (letters || member.fullName.charAt(0) || '?').toUpperCase();
}

// Rows only ever move up and down.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const instructions: ScreenReaderInstructions = {
  draggable:
    'To reorder, press Space to pick this person up. Use the up and down arrow keys to move them, Space to drop them in place, or Escape to cancel.',
};

interface RowProps {
  member: StaffDto;
  canReorder: boolean;
  viewerIsOwner: boolean;
  adminsAvailable: boolean;
  payRatesAvailable: boolean;
  onAction: (action: StaffAction, member: StaffDto) => void;
}

const columns =
  'md:grid md:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1.5fr)] md:items-center md:gap-4';

function StaffRow({
  member,
  canReorder,
  viewerIsOwner,
  adminsAvailable,
  payRatesAvailable,
  onAction,
}: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: member.staffId, disabled: !canReorder });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'relative flex items-center gap-2 bg-card px-2 py-3 sm:gap-3 sm:px-3',
        isDragging && 'z-10 rounded-lg shadow-lg ring-2 ring-ring',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${member.fullName}`}
        disabled={!canReorder}
        title={canReorder ? 'Drag to reorder' : 'Clear the search to reorder'}
        className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center self-start rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent md:self-center"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center self-start rounded-full bg-primary/10 text-xs font-semibold text-primary md:self-center"
      >
        {initials(member)}
      </span>
      <div className={cn('min-w-0 flex-1 space-y-1 md:space-y-0', columns)}>
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-words">{member.fullName}</p>
          <StaffBadges member={member} />
        </div>
        {member.role ? (
          <p className="text-sm break-words text-muted-foreground">{member.role}</p>
        ) : (
          <p className="hidden text-sm text-muted-foreground md:block">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No role</span>
          </p>
        )}
        {member.email ? (
          <p className="text-sm break-all text-muted-foreground">{member.email}</p>
        ) : (
          <p className="hidden text-sm text-muted-foreground md:block">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No email</span>
          </p>
        )}
      </div>
      <div className="shrink-0 self-start md:self-center">
        <StaffActionsMenu
          member={member}
          viewerIsOwner={viewerIsOwner}
          adminsAvailable={adminsAvailable}
          payRatesAvailable={payRatesAvailable}
          onAction={onAction}
        />
      </div>
    </li>
  );
}

/**
 * The staff list in display order: rows with column headings on wide screens, cards on phones. Each
 * row has a drag handle (pointer, or keyboard: Space, arrows, Space) unless `canReorder` is false.
 */
export function StaffList({
  staff,
  canReorder,
  viewerIsOwner,
  adminsAvailable,
  payRatesAvailable = false,
  onAction,
  onReorder,
}: {
  staff: StaffDto[];
  canReorder: boolean;
  viewerIsOwner: boolean;
  adminsAvailable: boolean;
  /** Labour cost is on the team's plan (Pro): the menu offers pay rates. */
  payRatesAvailable?: boolean;
  onAction: (action: StaffAction, member: StaffDto) => void;
  onReorder: (ordered: StaffDto[]) => void;
}) {
  // Where a keyboard drag is headed (null for pointer drags, which go by dnd-kit's `over`).
  const keyboardTarget = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(ListKeyboardSensor, {
      onTargetChange: (target) => {
        keyboardTarget.current = target;
      },
    }),
  );

  const nameOf = (id: UniqueIdentifier) =>
    staff.find((member) => member.staffId === id)?.fullName ?? 'Staff member';
  const positionOf = (id: UniqueIdentifier | undefined) =>
    staff.findIndex((member) => member.staffId === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${staff.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${staff.length}.`
        : `${nameOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${staff.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} is back where they were.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    const target = keyboardTarget.current ?? over?.id;
    keyboardTarget.current = null;
    if (target === undefined) return;
    const next = moveStaff(staff, String(active.id), String(target));
    if (next) onReorder(next);
  }

  return (
    <div className="rounded-xl border border-border bg-card">
      <div
        aria-hidden="true"
        className="hidden items-center gap-3 rounded-t-xl border-b border-border bg-muted/60 px-3 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase md:flex"
      >
        <span className="w-9 shrink-0" />
        <span className="w-9 shrink-0" />
        <div className={cn('flex-1', columns)}>
          <span>Name</span>
          <span>Role</span>
          <span>Email</span>
        </div>
        <span className="w-9 shrink-0" />
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        onDragEnd={handleDragEnd}
        onDragCancel={() => {
          keyboardTarget.current = null;
        }}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
      >
        <SortableContext items={staff.map((member) => member.staffId)} strategy={verticalListSortingStrategy}>
          <ul
            aria-label="Staff"
            className="divide-y divide-border [&>li:first-child]:rounded-t-xl [&>li:last-child]:rounded-b-xl md:[&>li:first-child]:rounded-t-none"
          >
            {staff.map((member) => (
              <StaffRow
                key={member.staffId}
                member={member}
                canReorder={canReorder}
                viewerIsOwner={viewerIsOwner}
                adminsAvailable={adminsAvailable}
                payRatesAvailable={payRatesAvailable}
                onAction={onAction}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  );
}
