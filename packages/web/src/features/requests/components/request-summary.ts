import type { RequestDto } from '@rotaboard/core/contracts/requests';
import { formatTimeOffDays, formatTimeOffHours } from '@rotaboard/core/shifts/time-off';
import { formatLongDate } from '../../../lib/dates';
import { formatClock, formatClockRange } from '../../../lib/time-format';

/**
 * "Time off, Monday 7 December 2026 to Wednesday 9 December 2026 (whole days)"; times on the
 * person's clock (`hour12`, from useHour12): "…, 9:00 am–1:00 pm".
 */
export function requestSummary(request: RequestDto, hour12 = false): string {
  if (request.requestType === 'swap' || request.requestType === 'give_away') {
    return onClock(exchangeSummary(request), hour12);
  }
  const dates =
    request.startDate === request.endDate
      ? formatLongDate(request.startDate)
      : `${formatLongDate(request.startDate)} to ${formatLongDate(request.endDate)}`;
  if (request.requestType === 'other') return `Other, ${dates}`;
  if (request.startDate !== request.endDate) return `Time off, ${dates} (whole days)`;
  if (request.timeOffDays !== null) return `Time off, ${dates} (${formatTimeOffDays(request.timeOffDays)})`;
  if (request.timeOffHours !== null)
    return `Time off, ${dates} (${formatTimeOffHours(request.timeOffHours)})`;
  return `Time off, ${dates}, ${formatClockRange(request.startTime, request.endTime, hour12)}`;
}

/**
 * The server describes a swap's shifts in words ("07/12/2026 09:00–17:00"), with 24-hour times: on a
 * 12-hour clock they are rewritten as the rest of the app shows them.
 */
function onClock(text: string, hour12: boolean): string {
  return hour12 ? text.replace(/\b([01]\d|2[0-3]):[0-5]\d\b/g, (time) => formatClock(time, true)) : text;
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
