import { lazy } from 'react';
import { useWeekLabour } from '../features/labour/hooks/use-week-labour';
import { useWeekOpenShifts } from '../features/open-shifts/hooks/use-week-open-shifts';
import { SchedulePage } from '../features/schedule/routes/schedule-page';
import { useWeekStaffing } from '../features/staffing/hooks/use-week-staffing';
import { useWeekTimeClock } from '../features/time-clock/hooks/use-week-time-clock';
import type { AssistantSlotProps } from '../lib/assistant-slot';

/** The schedule assistant's panel (features/assistant), loaded when first opened. */
const AssistantPanel = lazy(() => import('../features/assistant/components/assistant-panel'));
const assistant = (props: AssistantSlotProps) => <AssistantPanel {...props} />;

/**
 * The schedule page with what other features draw in its week, composed here since features never
 * import each other (lib/schedule-slots.ts): the staffing rules, availability and the agent's proposals
 * (features/staffing), the open shifts (features/open-shifts), the week's cost (features/labour), the time clock and sick calls
 * (features/time-clock) and the assistant's panel. The page's
 * chunk: loaded, like every page, when first opened (pages.ts).
 */
export default function ScheduleRoute() {
  return (
    <SchedulePage
      assistant={assistant}
      useWeekStaffing={useWeekStaffing}
      useWeekOpenShifts={useWeekOpenShifts}
      useWeekLabour={useWeekLabour}
      useWeekTimeClock={useWeekTimeClock}
    />
  );
}
