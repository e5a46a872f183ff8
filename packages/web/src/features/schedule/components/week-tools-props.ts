import type { StaffingTools } from '../../../lib/schedule-slots';

/** What the week's tools are given: shared by the row of buttons and the phone's sheet (loaded lazily). */
export type WeekToolsProps = {
  canNotify: boolean;
  onCopy: () => void;
  onClear: () => void;
  onLock: () => void;
  onNotify: () => void;
  /** On a phone: one "Week tools" menu button instead of a row of buttons. */
  compact?: boolean;
  staffing?: StaffingTools | null;
  /** Opens the schedule assistant (owners and administrators; on Free it shows what Pro adds). */
  onAssistant?: (() => void) | null;
};
