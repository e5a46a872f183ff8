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
import { feedEventSpan, vtimezone } from '../src/calendar/feed-zone.ts';
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
    expect(feedSummary('Diner', 'Barista', true, false)).toBe('Time off · Diner');
    expect(feedSummary('Diner', 'Barista', true, true)).toBe('Sick · Diner');
  });

  it('carry only the notes every member may read', () => {
    expect(feedDescription('Bring keys', true)).toBe('Bring keys');
    expect(feedDescription('Disciplinary chat', false)).toBeNull();
    expect(feedDescription('   ', true)).toBeNull();
    expect(feedDescription(null, true)).toBeNull();
  });
});

describe('events in the team’s time zone', () => {
  const instants = (span: { start: { epochMilliseconds: number }; end: { epochMilliseconds: number } }) => [
    new Date(span.start.epochMilliseconds).toISOString(),
    new Date(span.end.epochMilliseconds).toISOString(),
  ];

  it('start and end at the real instants across London’s clock changes', () => {
    expect(instants(feedEventSpan('2027-10-30', '22:00', '06:00', 'Europe/London'))).toEqual([
      '2027-10-30T21:00:00.000Z',
      '2027-10-31T06:00:00.000Z',
    ]);
    expect(instants(feedEventSpan('2027-03-27', '22:00', '06:00', 'Europe/London'))).toEqual([
      '2027-03-27T22:00:00.000Z',
      '2027-03-28T05:00:00.000Z',
    ]);
    // Written in the zone: the wall-clock times people entered.
    const span = feedEventSpan('2027-10-30', '22:00:00', '06:00:00', 'Europe/London');
    expect([span.start.toPlainDateTime().toString(), span.end.toPlainDateTime().toString()]).toEqual([
      '2027-10-30T22:00:00',
      '2027-10-31T06:00:00',
    ]);
  });

  it('last a whole day when the end is the start time, as shiftWallClock says', () => {
    expect(instants(feedEventSpan('2027-10-30', '09:00', '09:00', 'Europe/London'))).toEqual([
      '2027-10-30T08:00:00.000Z',
      '2027-10-31T09:00:00.000Z',
    ]);
    expect(instants(feedEventSpan('2026-11-26', '09:00', '09:00', 'UTC'))).toEqual([
      '2026-11-26T09:00:00.000Z',
      '2026-11-27T09:00:00.000Z',
    ]);
  });

  it('come with a VTIMEZONE naming each clock change at its local time before the change', () => {
    expect(vtimezone('Europe/London', '2027-01-01', '2027-12-31')?.split('\r\n')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/London',
      'BEGIN:STANDARD',
      'DTSTART:20270101T000000',
      'TZOFFSETFROM:+0000',
      'TZOFFSETTO:+0000',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20270328T010000',
      'TZOFFSETFROM:+0000',
      'TZOFFSETTO:+0100',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20271031T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    // A southern summer at the start is daylight time; offsets with minutes; none for UTC.
    expect(vtimezone('Pacific/Auckland', '2027-01-01', '2027-12-31')).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20270101T000000\r\nTZOFFSETFROM:+1300\r\nTZOFFSETTO:+1300',
    );
    expect(vtimezone('America/Los_Angeles', '2027-01-01', '2027-12-31')).toContain(
      'DTSTART:20270314T020000\r\nTZOFFSETFROM:-0800\r\nTZOFFSETTO:-0700',
    );
    expect(vtimezone('Asia/Kathmandu', '2027-01-01', '2027-12-31')).toContain('TZOFFSETTO:+0545');
    expect(vtimezone('UTC', '2027-01-01', '2027-12-31')).toBeNull();
  });
});
