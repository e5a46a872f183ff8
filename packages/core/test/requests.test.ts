import { describe, expect, it } from 'vitest';
import { RequestInput } from '../src/contracts/requests.ts';
import {
  defaultRequestFields,
  describeRequest,
  normaliseRequest,
  REQUEST_MESSAGES,
  type RequestFields,
  requestProblem,
  setDateRange,
  timeOffEntriesFor,
} from '../src/requests/requests.ts';

const today = '2026-11-24';
const fields = (over: Partial<RequestFields>): RequestFields => ({
  ...defaultRequestFields(),
  startDate: '2026-12-01',
  endDate: '2026-12-01',
  ...over,
});
const message = (over: Partial<RequestFields>) => requestProblem(fields(over), today)?.message ?? null;

describe('request rules (spec 2 §5)', () => {
  it('starts from the spec’s defaults: exact, 09:00 to 17:00, no break', () => {
    expect(defaultRequestFields()).toMatchObject({
      requestType: 'time_off',
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 0,
      timeOffDays: null,
      timeOffHours: null,
    });
    expect(message({})).toBeNull();
  });
  it('needs a date, an end date, dates in order and not in the past', () => {
    expect(message({ startDate: null })).toBe('Please select a date for time off');
    expect(message({ endDate: null })).toBe('Please select an end date for the date range');
    expect(message({ endDate: '2026-11-30' })).toBe('Start date must be before or equal to end date');
    expect(message({ startDate: '2026-11-23', endDate: '2026-11-23' })).toBe(REQUEST_MESSAGES.past);
    expect(message({ startDate: today, endDate: today })).toBeNull();
    expect(message({ endDate: '2027-02-15', timeOffDays: 1 })).toBe('A request can cover at most 60 days');
  });
  it('checks each kind of time off', () => {
    expect(message({ startTime: null })).toBe('Please select start and end times');
    expect(message({ endTime: '09:00' })).toBe('The end time must differ from the start time');
    expect(message({ breakMinutes: 480 })).toBe('The break must be shorter than the time off');
    expect(message({ timeOffHours: 0 })).toBe('Please enter a valid number of hours');
    expect(message({ timeOffHours: 24.25 })).toBe('Time off hours cannot exceed 24 hours');
    expect(message({ timeOffHours: 2.1 })).toBe(
      'Time off hours must be in 0.25 hour increments (e.g., 1.25, 2.5, 3.75)',
    );
    expect(message({ timeOffHours: 7.5 })).toBeNull();
    expect(message({ timeOffDays: 0.6 })).toBe('Please select the number of days');
    expect(message({ endDate: '2026-12-03', timeOffDays: null })).toBe('Please select the number of days');
  });
  it('needs details for "other", and at most 500 characters of them', () => {
    expect(message({ requestType: 'other', description: '  ' })).toBe(
      'Please provide details for your request',
    );
    expect(message({ requestType: 'other', description: 'Swap Tuesday' })).toBeNull();
    expect(message({ description: 'x'.repeat(501) })).toBe('Details can be at most 500 characters');
  });
  it('is the same rule in the payload schema', () => {
    const parsed = RequestInput.safeParse({
      requestType: 'time_off',
      startDate: '2026-12-03',
      endDate: '2026-12-01',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Start date must be before or equal to end date');
  });
});

describe('date-range switching (spec 2 §4)', () => {
  it('turning the range on forces one day and no hours; off makes the end the start', () => {
    const on = setDateRange(fields({ timeOffHours: 3 }), true);
    expect(on).toMatchObject({ timeOffDays: 1, timeOffHours: null });
    expect(setDateRange(fields({ endDate: '2026-12-05' }), false).endDate).toBe('2026-12-01');
  });
  it('sends only what the chosen kind has', () => {
    expect(normaliseRequest(fields({ timeOffHours: 4, breakMinutes: 30 }))).toMatchObject({
      startTime: null,
      endTime: null,
      breakMinutes: 0,
      timeOffHours: 4,
    });
    expect(normaliseRequest(fields({ requestType: 'other', description: ' x ' }))).toMatchObject({
      description: 'x',
      startTime: null,
      timeOffDays: null,
    });
  });
});

describe('approved time off in the schedule', () => {
  it('becomes one time-off entry per day of the range, carrying the details as notes', () => {
    const entries = timeOffEntriesFor({
      ...fields({ endDate: '2026-12-03', timeOffDays: 1, description: 'Trip' }),
      startDate: '2026-12-01',
      endDate: '2026-12-03',
    });
    expect(entries).toEqual(
      ['2026-12-01', '2026-12-02', '2026-12-03'].map((shiftDate) => ({
        shiftDate,
        startTime: null,
        endTime: null,
        timeOffDays: 1,
        timeOffHours: null,
        breakMinutes: 0,
        notes: 'Trip',
      })),
    );
    expect(
      timeOffEntriesFor({
        ...fields({ requestType: 'other', description: 'x' }),
        startDate: '2026-12-01',
        endDate: '2026-12-01',
      }),
    ).toEqual([]);
  });
  it('reads as a few words', () => {
    expect(
      describeRequest({
        ...fields({ endDate: '2026-12-03' }),
        startDate: '2026-12-01',
        endDate: '2026-12-03',
      }),
    ).toBe('3 days off, 01/12/2026 to 03/12/2026');
    expect(
      describeRequest({ ...fields({ timeOffHours: 2 }), startDate: '2026-12-01', endDate: '2026-12-01' }),
    ).toBe('2 Hours off on 01/12/2026');
  });
});
