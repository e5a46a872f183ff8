import { addDays } from '../dates/week.ts';
import { formatDateGb } from '../shifts/display.ts';
import {
  formatTimeOffDays,
  formatTimeOffHours,
  timeOffDaysError,
  timeOffHoursError,
} from '../shifts/time-off.ts';

/** Requests (spec 2 §3 Request payload, §4 Request form, §5 validation). */
export type RequestType = 'time_off' | 'other';
/** Every kind a request row may be: the form's two, and the shift exchanges of issue 27 (swaps.ts). */
export type AnyRequestType = RequestType | 'swap' | 'give_away';
export const REQUEST_TYPES: readonly AnyRequestType[] = ['time_off', 'other', 'swap', 'give_away'];
export type RequestStatus = 'awaiting_colleague' | 'pending' | 'approved' | 'rejected' | 'cancelled';
export const REQUEST_STATUSES: readonly RequestStatus[] = [
  'awaiting_colleague',
  'pending',
  'approved',
  'rejected',
  'cancelled',
];

export const MAX_REQUEST_DETAILS = 500;
export const MAX_ADMIN_COMMENTS = 500;
/** The longest range one request may ask for: each day becomes a time-off entry when approved. */
export const MAX_REQUEST_DAYS = 60;
export const REQUESTS_PAGE_SIZE = 20;

export const REQUEST_MESSAGES = {
  date: 'Please select a date for time off',
  endDate: 'Please select an end date for the date range',
  order: 'Start date must be before or equal to end date',
  past: 'Dates cannot be in the past',
  tooLong: `A request can cover at most ${MAX_REQUEST_DAYS} days`,
  times: 'Please select start and end times',
  sameTimes: 'The end time must differ from the start time',
  details: 'Please provide details for your request',
  detailsLength: `Details can be at most ${MAX_REQUEST_DETAILS} characters`,
  breakTooLong: 'The break must be shorter than the time off',
} as const;

/** The form's values and the payload (spec 2 §3): times 'HH:MM' or null; breakMinutes already parsed. */
export type RequestFields = {
  requestType: RequestType;
  description: string;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  timeOffDays: number | null;
  timeOffHours: number | null;
  breakMinutes: number;
};

/** The form's defaults (spec 2 §3): exact, 09:00 to 17:00, no break, no hours or days. */
export function defaultRequestFields(): RequestFields {
  return {
    requestType: 'time_off',
    description: '',
    startDate: null,
    endDate: null,
    startTime: '09:00',
    endTime: '17:00',
    timeOffDays: null,
    timeOffHours: null,
    breakMinutes: 0,
  };
}

/** The dates a request covers, first to last. */
export function requestDates(startDate: string, endDate: string): string[] {
  const dates: string[] = [];
  for (let d = startDate; d <= endDate && dates.length <= MAX_REQUEST_DAYS; d = addDays(d, 1)) dates.push(d);
  return dates;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Every validation of spec 2 §5, in the form's order, with its exact message; null when the request
 * may be sent. `today` is the team's today, the date in its time zone (no date before it; issue 41).
 * Shared by the request form and the server.
 */
export function requestProblem(
  request: RequestFields,
  today: string,
): { field: keyof RequestFields; message: string } | null {
  const description = request.description.trim();
  if (description.length > MAX_REQUEST_DETAILS)
    return { field: 'description', message: REQUEST_MESSAGES.detailsLength };
  if (!request.startDate) return { field: 'startDate', message: REQUEST_MESSAGES.date };
  if (!request.endDate) return { field: 'endDate', message: REQUEST_MESSAGES.endDate };
  if (request.startDate > request.endDate) return { field: 'endDate', message: REQUEST_MESSAGES.order };
  if (request.startDate < today) return { field: 'startDate', message: REQUEST_MESSAGES.past };
  if (requestDates(request.startDate, request.endDate).length > MAX_REQUEST_DAYS) {
    return { field: 'endDate', message: REQUEST_MESSAGES.tooLong };
  }
  if (request.requestType === 'other') {
    return description ? null : { field: 'description', message: REQUEST_MESSAGES.details };
  }
  // A range is whole days (spec 2 §4: the date-range switch forces days mode).
  if (request.startDate !== request.endDate || request.timeOffDays !== null) {
    const error = timeOffDaysError(request.timeOffDays);
    return error ? { field: 'timeOffDays', message: error } : null;
  }
  if (request.timeOffHours !== null) {
    const error = timeOffHoursError(request.timeOffHours);
    return error ? { field: 'timeOffHours', message: error } : null;
  }
  if (!request.startTime || !request.endTime) return { field: 'startTime', message: REQUEST_MESSAGES.times };
  if (request.startTime === request.endTime) return { field: 'endTime', message: REQUEST_MESSAGES.sameTimes };
  const span = (minutes(request.endTime) - minutes(request.startTime) + 1440) % 1440;
  if (request.breakMinutes >= span) return { field: 'breakMinutes', message: REQUEST_MESSAGES.breakTooLong };
  return null;
}

/**
 * Spec 2 §4: turning the date range on switches to days (1 day, no hours); turning it off makes the end
 * date the start date.
 */
export function setDateRange<T extends RequestFields>(request: T, on: boolean): T {
  return on ? { ...request, timeOffDays: 1, timeOffHours: null } : { ...request, endDate: request.startDate };
}

/** What only the chosen kind of time off has: the other kinds' fields are cleared before sending. */
export function normaliseRequest(request: RequestFields): RequestFields {
  const description = request.description.trim();
  if (request.requestType === 'other') {
    return {
      ...request,
      description,
      startTime: null,
      endTime: null,
      timeOffDays: null,
      timeOffHours: null,
      breakMinutes: 0,
    };
  }
  if (request.timeOffDays !== null || request.startDate !== request.endDate) {
    return { ...request, description, startTime: null, endTime: null, timeOffHours: null, breakMinutes: 0 };
  }
  if (request.timeOffHours !== null) {
    return { ...request, description, startTime: null, endTime: null, timeOffDays: null, breakMinutes: 0 };
  }
  return { ...request, description, timeOffDays: null, timeOffHours: null };
}

/** One time-off entry of the schedule, as an approved request writes it. */
export type TimeOffEntry = {
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  timeOffDays: number | null;
  timeOffHours: number | null;
  breakMinutes: number;
  notes: string | null;
};

/**
 * The schedule entries an approved time-off request becomes: one time-off entry per day of the range
 * (the schedule's time off is at most a day per entry), each of the request's kind; the details go
 * into the entry's notes. "Other" requests write nothing.
 */
export function timeOffEntriesFor(
  request: RequestFields & { startDate: string; endDate: string },
): TimeOffEntry[] {
  if (request.requestType !== 'time_off') return [];
  const r = normaliseRequest(request);
  return requestDates(r.startDate!, r.endDate!).map((shiftDate) => ({
    shiftDate,
    startTime: r.startTime,
    endTime: r.endTime,
    timeOffDays: r.timeOffDays,
    timeOffHours: r.timeOffHours,
    breakMinutes: r.breakMinutes,
    notes: r.description || null,
  }));
}

/** A request in a few words, for emails and the review queue: "3 days off, 01/12/2026 to 03/12/2026". */
export function describeRequest(request: {
  requestType: RequestType;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  timeOffDays: number | null;
  timeOffHours: number | null;
}): string {
  const dates =
    request.startDate === request.endDate
      ? formatDateGb(request.startDate)
      : `${formatDateGb(request.startDate)} to ${formatDateGb(request.endDate)}`;
  if (request.requestType === 'other') return `a request for ${dates}`;
  if (request.startDate !== request.endDate) {
    return `${requestDates(request.startDate, request.endDate).length} days off, ${dates}`;
  }
  if (request.timeOffDays !== null) return `${formatTimeOffDays(request.timeOffDays)} off on ${dates}`;
  if (request.timeOffHours !== null) return `${formatTimeOffHours(request.timeOffHours)} off on ${dates}`;
  return `time off on ${dates}, ${request.startTime?.slice(0, 5)}–${request.endTime?.slice(0, 5)}`;
}
