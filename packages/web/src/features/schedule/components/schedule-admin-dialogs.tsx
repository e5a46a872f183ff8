import type { DayNoteDto } from '@rotaboard/core/contracts/day-notes';
import type { ShiftDto, ShiftLock } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { lazyDialog } from '../../../components/lazy-dialog';
import { type WeekTool, WeekToolDialogs } from './week-tool-dialogs';

// The dialogs (and the validation they bring) load when first opened, or on idle once the week is up.
export const ShiftEditorDialog = lazyDialog(() =>
  import('./shift-editor-dialog').then((module) => module.ShiftEditorDialog),
);
const DayNoteDialog = lazyDialog(() => import('./day-note-dialog').then((module) => module.DayNoteDialog));
const LockDialog = lazyDialog(() => import('./lock-dialog').then((module) => module.LockDialog));

/** The shift editor's state: open or not, on which shift (null: a new one), whose and which day. */
export type ShiftEditorState = { open: boolean; shift: ShiftDto | null; staffId: string; date: string };
/** The day note editor's state: open or not, which day, and its note (null: a new one). */
export type NoteEditorState = { open: boolean; date: string; note: DayNoteDto | null };

/** The administrators' dialogs over the week: the shift editor, a day's note, the lock, the week tools. */
export function ScheduleAdminDialogs({
  teamId,
  timeZone,
  dates,
  staff,
  allStaff,
  allShifts,
  lock,
  hasAttendance,
  canNotify,
  isOwner,
  editor,
  onEditorChange,
  noteEditor,
  onNoteEditorChange,
  lockOpen,
  onLockOpenChange,
  tool,
  onToolClose,
  onChanged,
  onInvalidate,
  sickCall = null,
}: {
  teamId: string;
  timeZone: string;
  dates: readonly string[];
  /** Who is on the week (the editor's choice of person), and the whole staff list (the week tools). */
  staff: StaffDto[];
  allStaff: StaffDto[];
  allShifts: ShiftDto[];
  lock: ShiftLock;
  hasAttendance: boolean;
  canNotify: boolean;
  isOwner: boolean;
  editor: ShiftEditorState;
  onEditorChange: (update: (current: ShiftEditorState) => ShiftEditorState) => void;
  noteEditor: NoteEditorState;
  onNoteEditorChange: (update: (current: NoteEditorState) => NoteEditorState) => void;
  lockOpen: boolean;
  onLockOpenChange: (open: boolean) => void;
  tool: WeekTool | null;
  onToolClose: () => void;
  /** After the editor saved or deleted (its Undo). */
  onChanged: Parameters<typeof ShiftEditorDialog>[0]['onChanged'];
  /** Fetches the week again. */
  onInvalidate: () => void;
  /** The shift editor's "Mark off sick" (issue 44), when the team's plan has sick calls. */
  sickCall?: Parameters<typeof ShiftEditorDialog>[0]['sickCall'];
}) {
  return (
    <>
      <ShiftEditorDialog
        open={editor.open}
        onOpenChange={(open) => onEditorChange((current) => ({ ...current, open }))}
        teamId={teamId}
        shift={editor.shift}
        staffId={editor.staffId}
        date={editor.date}
        staff={staff}
        weekShifts={allShifts}
        hasAttendance={hasAttendance}
        canNotify={canNotify}
        isOwner={isOwner}
        lockedUntil={lock.lockedUntil}
        timeZone={timeZone}
        onChanged={onChanged}
        sickCall={sickCall}
      />
      <DayNoteDialog
        open={noteEditor.open}
        onOpenChange={(open) => onNoteEditorChange((current) => ({ ...current, open }))}
        teamId={teamId}
        date={noteEditor.date}
        note={noteEditor.note}
        onSaved={onInvalidate}
      />
      <LockDialog
        open={lockOpen}
        onOpenChange={onLockOpenChange}
        teamId={teamId}
        lock={lock}
        suggestedDate={dates[dates.length - 1]!}
      />
      <WeekToolDialogs
        tool={tool}
        onClose={onToolClose}
        teamId={teamId}
        dates={dates}
        staff={allStaff}
        shifts={allShifts}
        onChanged={onInvalidate}
      />
    </>
  );
}
