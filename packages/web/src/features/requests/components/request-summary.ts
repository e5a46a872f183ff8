import type { RequestDto } from '@rotaboard/core/contracts/requests';
import { formatTimeOffDays, formatTimeOffHours } from '@rotaboard/core/shifts/time-off';
import { formatLongDate } from '../../../lib/dates';

/** "Time off, Monday 7 December 2026 to Wednesday 9 December 2026 (whole days)". */
export function requestSummary(request: RequestDto): string {
  if (request.requestType === 'swap' || request.requestType === 'give_away') return exchangeSummary(request);
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

/**
 * A swap or give-away with its shifts as they are now: "Swap: 07/12/2026 09:00–17:00 for Kim Staff's
 * 08/12/2026 10:00–18:00". Once a shift has moved away or gone, what was asked (the description).
 */
function exchangeSummary(request: RequestDto): string {
  const live =
    request.shiftDescription !== null &&
    (request.requestType === 'give_away' || request.targetShiftDescription !== null);
  if (!live || request.status === 'approved') {
    return `${request.requestType === 'swap' ? 'Swap' : 'Give away'}: ${request.description.replace(/^(a swap of|to give away) /, '')}`;
  }
  if (request.requestType === 'swap') {
    return `Swap: ${request.shiftDescription} for ${request.targetStaffName ?? 'a colleague'}'s ${request.targetShiftDescription}`;
  }
  return `Give away: ${request.shiftDescription} to ${request.targetStaffName ?? 'anyone'}`;
}
