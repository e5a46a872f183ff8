import type { RequestDto } from '@rotaboard/core/contracts/requests';
import { formatTimeOffDays, formatTimeOffHours } from '@rotaboard/core/shifts/time-off';
import { formatLongDate } from '../../../lib/dates';

/** "Time off, Monday 7 December 2026 to Wednesday 9 December 2026 (whole days)". */
export function requestSummary(request: RequestDto): string {
  const dates =
    request.startDate === request.endDate
      ? formatLongDate(request.startDate)
      : `${formatLongDate(request.startDate)} to ${formatLongDate(request.endDate)}`;
  if (request.requestType === 'other') return `Other, ${dates}`;
  if (request.startDate !== request.endDate) return `Time off, ${dates} (whole days)`;
  if (request.timeOffDays !== null) return `Time off, ${dates} (${formatTimeOffDays(request.timeOffDays)})`;
  if (request.timeOffHours !== null)
    return `Time off, ${dates} (${formatTimeOffHours(request.timeOffHours)})`;
  return `Time off, ${dates}, ${request.startTime}–${request.endTime}`;
}
