import { describe, expect, it } from 'vitest';
import {
  feedDescription,
  feedRangeForTeam,
  feedSummary,
  feedTokenOf,
  feedUrl,
  feedWindow,
  shiftWallClock,
} from '../src/calendar/feed.ts';
import type { ScheduleViewer } from '../src/shifts/lock.ts';

const today = '2026-11-26';
const viewer = (over: Partial<ScheduleViewer> = {}): ScheduleViewer => ({
  tier: 'pro',
  isAdmin: false,
  lock: { lockedUntil: null, hideScheduleAfterLock: false },
  today,
  ...over,
});

describe('the feed’s window', () => {
  it('runs from 4 weeks back to 12 weeks ahead', () => {
    expect(feedWindow(today)).toEqual({ startDate: '2026-10-29', endDate: '2027-02-18' });
  });

  it('is the whole window for a member with no lock and no leaving date', () => {
    expect(feedRangeForTeam(viewer(), null)).toEqual(feedWindow(today));
  });

  it('stops at a lock that hides later days from staff, but not from administrators', () => {
    const lock = { lockedUntil: '2026-12-06', hideScheduleAfterLock: true };
    expect(feedRangeForTeam(viewer({ lock }), null)).toEqual({
      startDate: '2026-10-29',
      endDate: '2026-12-06',
    });
    expect(feedRangeForTeam(viewer({ lock, isAdmin: true }), null)?.endDate).toBe('2027-02-18');
    // A lock that does not hide anything limits nobody.
    const open = { lockedUntil: '2026-12-06', hideScheduleAfterLock: false };
    expect(feedRangeForTeam(viewer({ lock: open }), null)?.endDate).toBe('2027-02-18');
  });

  it('is empty when a hiding lock ends before the window starts', () => {
    const lock = { lockedUntil: '2026-10-01', hideScheduleAfterLock: true };
    expect(feedRangeForTeam(viewer({ lock }), null)).toBeNull();
  });

  it('ends on the leaving date, the last working day', () => {
    expect(feedRangeForTeam(viewer(), '2026-12-10')).toEqual({
      startDate: '2026-10-29',
      endDate: '2026-12-10',
    });
    expect(feedRangeForTeam(viewer(), '2026-10-28')).toBeNull();
    expect(feedRangeForTeam(viewer(), '2027-06-01')?.endDate).toBe('2027-02-18');
  });

  it('keeps within the plan’s history (Free: 8 weeks back, wider than the window)', () => {
    expect(feedRangeForTeam(viewer({ tier: 'free' }), null)?.startDate).toBe('2026-10-29');
  });
});

describe('the secret address', () => {
  const token = `${'A'.repeat(42)}_`;
  it('takes only `{token}.ics` with a 43-character base64url token', () => {
    expect(feedTokenOf(`${token}.ics`)).toBe(token);
    expect(feedTokenOf(token)).toBeNull();
    expect(feedTokenOf(`${token.slice(1)}.ics`)).toBeNull();
    expect(feedTokenOf(`${token.slice(1)}+.ics`)).toBeNull();
    expect(feedTokenOf('.ics')).toBeNull();
  });

  it('is built on the public address, with no doubled slash', () => {
    expect(feedUrl('https://rota.example/', token)).toBe(`https://rota.example/calendar/${token}.ics`);
  });
});

describe('events', () => {
  it('end the next day when the end is at or before the start', () => {
    expect(shiftWallClock('2026-11-26', '09:00:00', '17:30:00')).toEqual({
      start: { date: '2026-11-26', time: '09:00' },
      end: { date: '2026-11-26', time: '17:30' },
    });
    expect(shiftWallClock('2026-12-31', '22:00', '06:00').end).toEqual({ date: '2027-01-01', time: '06:00' });
    expect(shiftWallClock('2026-11-26', '09:00', '09:00').end.date).toBe('2026-11-27');
  });

  it('name the team and the role, or time off', () => {
    expect(feedSummary('Diner', 'Barista', false)).toBe('Diner · Barista');
    expect(feedSummary('Diner', '  ', false)).toBe('Diner');
    expect(feedSummary('Diner', 'Barista', true)).toBe('Time off · Diner');
  });

  it('carry only the notes every member may read', () => {
    expect(feedDescription('Bring keys', true)).toBe('Bring keys');
    expect(feedDescription('Disciplinary chat', false)).toBeNull();
    expect(feedDescription('   ', true)).toBeNull();
    expect(feedDescription(null, true)).toBeNull();
  });
});
