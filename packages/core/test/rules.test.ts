import { describe, expect, it } from 'vitest';
import { formatCountdown } from '../src/auth/countdown.ts';
import { isSafeReturnUrl } from '../src/auth/return-url.ts';
import { EmailAddress } from '../src/contracts/common.ts';
import { CreateTeamInput } from '../src/contracts/teams.ts';
import { UpdateProfileInput } from '../src/contracts/users.ts';
import { addDays, startOfWeek, weekDates } from '../src/dates/week.ts';
import { eventForStaff } from '../src/realtime/visibility.ts';
import { detectRegion, formatMonthlyPrice } from '../src/regions/regions.ts';
import { teamNameOrDefault } from '../src/teams/default-team-name.ts';
import { displayName, needsProfileCompletion } from '../src/users/profile.ts';

describe('return URL rule', () => {
  it.each([
    ['/settings', true],
    ['/schedule/2026-11-23?x=1', true],
    ['settings', false],
    ['//evil.example', false],
    ['/a//b', false],
    ['https://evil.example', false],
    ['/\\evil.example', false],
    ['', false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isSafeReturnUrl(value)).toBe(expected);
  });
});

describe('resend countdown', () => {
  it('shows m:ss', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(59.2)).toBe('1:00');
  });
});

describe('email address', () => {
  it('trims and lower-cases', () => {
    expect(EmailAddress.parse('  Ann@Example.COM ')).toBe('ann@example.com');
  });
  it('refuses blank and malformed addresses with readable messages', () => {
    expect(EmailAddress.safeParse('').error?.issues[0]?.message).toBe('Please enter your email address');
    expect(EmailAddress.safeParse('not-an-email').error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
    expect(EmailAddress.safeParse(`${'a'.repeat(250)}@b.co`).success).toBe(false);
  });
});

describe('profile', () => {
  it('needs both names', () => {
    expect(needsProfileCompletion({ firstName: 'Ann', lastName: 'Lee' })).toBe(false);
    expect(needsProfileCompletion({ firstName: 'Ann', lastName: '' })).toBe(true);
    expect(needsProfileCompletion({ firstName: '  ', lastName: 'Lee' })).toBe(true);
    expect(needsProfileCompletion({ firstName: null, lastName: null })).toBe(true);
  });
  it('trims names and bounds their length', () => {
    expect(UpdateProfileInput.parse({ firstName: ' Ann ', lastName: ' Lee' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(UpdateProfileInput.safeParse({ firstName: ' ', lastName: 'Lee' }).error?.issues[0]?.message).toBe(
      'First name is required',
    );
    expect(UpdateProfileInput.safeParse({ firstName: 'A'.repeat(51), lastName: 'Lee' }).success).toBe(false);
    expect(UpdateProfileInput.safeParse({ firstName: 'A'.repeat(50), lastName: 'Lee' }).success).toBe(true);
  });
  it('falls back to the email for a display name', () => {
    expect(displayName({ firstName: 'Ann', lastName: 'Lee', email: 'a@b.co' })).toBe('Ann Lee');
    expect(displayName({ firstName: '', lastName: null, email: 'a@b.co' })).toBe('a@b.co');
  });
});

describe('team defaults', () => {
  it("names a blank team after the owner, or 'Team 1'", () => {
    expect(teamNameOrDefault('  Bakery ', 'Ann')).toBe('Bakery');
    expect(teamNameOrDefault('', 'Ann')).toBe("Ann's Team");
    expect(teamNameOrDefault(null, 'Ann')).toBe("Ann's Team");
    expect(teamNameOrDefault('   ', '')).toBe('Team 1');
    expect(teamNameOrDefault(undefined, undefined)).toBe('Team 1');
  });
  it('weeks start on Monday unless chosen, 0–6 only', () => {
    expect(CreateTeamInput.parse({})).toEqual({ weekStartDay: 1, timeZone: 'UTC', ownerInStaffList: false });
    expect(CreateTeamInput.parse({ weekStartDay: 0 }).weekStartDay).toBe(0);
    expect(CreateTeamInput.safeParse({ weekStartDay: 7 }).success).toBe(false);
    expect(CreateTeamInput.safeParse({ weekStartDay: -1 }).success).toBe(false);
    expect(CreateTeamInput.safeParse({ weekStartDay: 1.5 }).success).toBe(false);
  });
});

describe('weeks', () => {
  it('finds the start of the week for any start day', () => {
    // 2026-11-25 is a Wednesday.
    expect(startOfWeek('2026-11-25', 1)).toBe('2026-11-23');
    expect(startOfWeek('2026-11-25', 0)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-25', 3)).toBe('2026-11-25');
    expect(startOfWeek('2026-11-25', 4)).toBe('2026-11-19');
  });
  it('lists seven days across a month and year end', () => {
    expect(weekDates('2026-12-31', 1)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('region', () => {
  it('detects the UK from language or time zone, and a stored choice wins', () => {
    expect(detectRegion({ language: 'en-GB' })).toBe('UK');
    expect(detectRegion({ language: 'en-US', timeZone: 'Europe/Dublin' })).toBe('UK');
    expect(detectRegion({ language: 'en-US', timeZone: 'America/New_York' })).toBe('US');
    expect(detectRegion({ stored: 'US', language: 'en-GB' })).toBe('US');
    expect(detectRegion({ stored: 'bogus', timeZone: 'GMT' })).toBe('UK');
  });
  it('formats prices', () => {
    expect(formatMonthlyPrice('UK')).toBe('£19/mo');
    expect(formatMonthlyPrice('US')).toBe('$25/mo');
  });
});

describe('eventForStaff', () => {
  const event = { startDate: '2026-11-24', endDate: '2026-11-24', ids: ['a'] };
  const hiding = { lockedUntil: '2026-11-30', hideScheduleAfterLock: true };
  it('passes changes staff may see, and everything when nothing is hidden', () => {
    expect(eventForStaff(event, hiding)).toBe(event);
    const later = { ...event, startDate: '2026-12-05', endDate: '2026-12-05' };
    expect(eventForStaff(later, { ...hiding, hideScheduleAfterLock: false })).toBe(later);
    expect(eventForStaff(later, { lockedUntil: null, hideScheduleAfterLock: true })).toBe(later);
    const undated = { startDate: null, endDate: null, ids: [] };
    expect(eventForStaff(undated, hiding)).toBe(undated);
  });
  it('drops changes wholly after a hiding lock and clips those reaching past it', () => {
    expect(eventForStaff({ ...event, startDate: '2026-12-01', endDate: '2026-12-01' }, hiding)).toBeNull();
    expect(eventForStaff({ ...event, endDate: '2026-12-06' }, hiding)).toEqual({
      startDate: '2026-11-24',
      endDate: '2026-11-30',
      ids: [],
    });
  });
});
